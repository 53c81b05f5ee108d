import type { CostDimension, CostFilter, KeyedDimension } from '@finlens/contracts/cost-query';
import type { CostTypeName } from '@finlens/contracts/cost-summary';
import type { ShowbackDetail } from '@finlens/contracts/showbacks';
import { UNALLOCATED } from '@finlens/cost-model/allocation';
import { FORECAST_HISTORY_DAYS } from '@finlens/cost-model/forecast';
import { addDays, periodStart } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError } from '../../platform/http/http-error';
import { COST_TYPES } from '../../warehouse/canonical-schema';
import type { AllocationPort } from '../../warehouse/cost-query/allocation-port';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes } from '../../warehouse/cost-scope';
import { type AllocationResult, createAllocationRunner, runAllocation } from './showback-allocation';
import {
  allocationInput,
  costTypeIndex,
  type DayRange,
  isVisible,
  rangeOf,
  requireAllValues,
  type ShowbackView,
  viewOf,
} from './showback-context';
import { daysOf, distributionOf, ledgerOf, previousRange } from './showback-ledger';
import { createShowbackResources } from './showback-resources';
import type { ShowbacksRepo } from './showbacks.repo';
import type { ShowbacksService } from './showbacks.service';

export interface CostRangeQuery {
  start_date?: string;
  end_date?: string;
  cost_type: CostTypeName;
}

const PREVIEW_ID = '__preview__';

/** The showback calls that read cost: distribution, daily series, resources, rule effects, tag values. */
export function createShowbackCostsService(deps: {
  repo: ShowbacksRepo;
  scopes: CostScopes;
  showbacks: ShowbacksService;
  warehouse: CostQueryPort & AllocationPort;
  now?: () => Date;
}) {
  const { repo, scopes, warehouse } = deps;
  const now = deps.now ?? (() => new Date());
  const allocation = createAllocationRunner(warehouse);
  const allocate = (view: ShowbackView, range: DayRange) =>
    allocation(allocationInput(view, range), view.scope.dataVersion);

  function asOfIn(result: AllocationResult, to: string): string | null {
    const days = [...result.scopeTotals.keys()].filter((d) => d <= to).sort();
    return days[days.length - 1] ?? null;
  }

  async function unitsByValue(id: string, range: DayRange): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    for (const row of await repo.units(id, range.from, range.to)) {
      totals.set(row.showback_value, (totals.get(row.showback_value) ?? 0) + row.units);
    }
    return totals;
  }

  function reconciliation(
    result: AllocationResult,
    range: DayRange,
  ): NonNullable<ShowbackDetail['reconciliation']> {
    const months = [...new Set(daysOf(range).map((d) => periodStart(d, 'month').slice(0, 7)))];
    return months.flatMap((month) =>
      COST_TYPES.map((costType, t) => {
        const inMonth = (day: string) => day.startsWith(month) && day >= range.from && day <= range.to;
        let total = 0;
        let allocated = 0;
        let shared = 0;
        let unallocated = 0;
        for (const [day, costs] of result.scopeTotals) if (inMonth(day)) total += costs[t] ?? 0;
        for (const day of result.days.filter((d) => inMonth(d.day))) {
          for (const costs of day.direct.values()) allocated += costs[t] ?? 0;
          for (const costs of day.shared.values()) shared += costs[t] ?? 0;
          unallocated += day.unallocated[t] ?? 0;
        }
        const difference_cents = Math.round((allocated + shared + unallocated - total) * 100) || 0;
        return { month, cost_type: costType, total, allocated, shared, unallocated, difference_cents };
      }),
    );
  }

  return {
    async detail(caller: ClientCaller, id: string, query: CostRangeQuery): Promise<ShowbackDetail> {
      const view = await viewOf(deps, caller, id);
      const range = rangeOf(query, now());
      const prev = previousRange(range);
      const historyFrom = addDays(range.to, 1 - FORECAST_HISTORY_DAYS);
      const from = prev.from < historyFrom ? prev.from : historyFrom;
      const result = await allocate(view, { from, to: range.to });
      const asOf = asOfIn(result, range.to);
      const ledger = ledgerOf(result.days, costTypeIndex(query.cost_type));
      const units = await unitsByValue(id, range);
      const names = new Set([...ledger.values.keys(), ...(view.visible ?? [])]);
      const distribution = [...names]
        .filter((value) => isVisible(view, value))
        .map((value) =>
          distributionOf(value, ledger.values.get(value) ?? new Map(), range, asOf, units.get(value) ?? null),
        )
        .sort((a, b) => b.total - a.total || a.value.localeCompare(b.value));
      const unallocated =
        view.visible === null ? distributionOf(UNALLOCATED, ledger.unallocated, range, asOf, null) : null;
      const total = distribution.reduce((sum, d) => sum + d.total, 0) + (unallocated?.total ?? 0);
      return {
        ...deps.showbacks.summary(view.config, view.visible),
        showback_values: distribution.map((d) => d.value),
        start_date: range.from,
        end_date: range.to,
        cost_type: query.cost_type,
        as_of: asOf,
        total,
        cost_distribution: distribution,
        unallocated,
        reconciliation: view.visible === null ? reconciliation(result, range) : null,
      };
    },

    async valuesDailyCost(
      caller: ClientCaller,
      id: string,
      query: CostRangeQuery & { granularity: 'day' | 'month' },
    ) {
      const view = await viewOf(deps, caller, id);
      const range = rangeOf(query, now());
      const ledger = ledgerOf((await allocate(view, range)).days, costTypeIndex(query.cost_type));
      const periodOf = (day: string) => (query.granularity === 'day' ? day : periodStart(day, 'month'));
      const periods = [...new Set(daysOf(range).map(periodOf))];
      const index = new Map(periods.map((p, i) => [p, i]));
      const entries = [...ledger.values.entries()].filter(([value]) => isVisible(view, value));
      if (view.visible === null) entries.push([UNALLOCATED, ledger.unallocated]);
      const series = entries.map(([value, days]) => {
        const costs = periods.map(() => 0);
        for (const [day, cell] of days) {
          const i = index.get(periodOf(day));
          if (i !== undefined) costs[i] = (costs[i] ?? 0) + cell.direct + cell.shared;
        }
        return { value, costs, total: costs.reduce((a, b) => a + b, 0) };
      });
      series.sort(
        (a, b) => Number(a.value === UNALLOCATED) - Number(b.value === UNALLOCATED) || b.total - a.total,
      );
      return {
        start_date: range.from,
        end_date: range.to,
        cost_type: query.cost_type,
        granularity: query.granularity,
        periods,
        series,
      };
    },

    ...createShowbackResources({ repo, scopes, warehouse, allocation, now }),

    async rules(caller: ClientCaller, id: string, query: CostRangeQuery) {
      const view = await viewOf(deps, caller, id);
      requireAllValues(view);
      const range = rangeOf(query, now());
      const input = allocationInput(view, range);
      const [result, matched] = await Promise.all([
        allocation(input, view.scope.dataVersion),
        warehouse.ruleMatches(input, input.rules, query.cost_type),
      ]);
      const t = costTypeIndex(query.cost_type);
      return {
        start_date: range.from,
        end_date: range.to,
        cost_type: query.cost_type,
        rules: view.config.rules.map((rule, i) => ({
          id: rule.id,
          name: rule.name,
          position: rule.position,
          kind: rule.kind,
          target_value: rule.target_value,
          split_method: rule.split_method,
          splits: rule.splits,
          filters: rule.filters.map((f) => ({ id: f.id, allocation_rule_id: rule.id, filter: f.filter })),
          matched_cost: matched[i] ?? 0,
          moved_cost: result.moved.get(rule.id)?.[t] ?? 0,
        })),
      };
    },

    /** What an unsaved rule (or an edit of one) would match and move at a place in the order. */
    async preview(
      caller: ClientCaller,
      id: string,
      body: CostRangeQuery & {
        filters: CostFilter[];
        before_rule_id: string | null;
        replaces_rule_id: string | null;
      },
    ) {
      const view = await viewOf(deps, caller, id);
      requireAllValues(view);
      const range = rangeOf(body, now());
      const base = allocationInput(view, range);
      const probe = { id: PREVIEW_ID, kind: 'assign' as const, target: PREVIEW_ID, filters: body.filters };
      const rules = base.rules.filter((r) => r.id !== body.replaces_rule_id);
      const at = body.before_rule_id === null ? -1 : rules.findIndex((r) => r.id === body.before_rule_id);
      if (body.before_rule_id !== null && at < 0) {
        throw fieldError('before_rule_id', ['Choose a rule of this showback.']);
      }
      const ordered = at < 0 ? [...rules, probe] : [...rules.slice(0, at), probe, ...rules.slice(at)];
      const [result, [matched]] = await Promise.all([
        runAllocation(warehouse, { ...base, rules: ordered }),
        warehouse.ruleMatches(base, [probe], body.cost_type),
      ]);
      return {
        matched_cost: matched ?? 0,
        moved_cost: result.moved.get(PREVIEW_ID)?.[costTypeIndex(body.cost_type)] ?? 0,
      };
    },

    async availableValues(
      caller: ClientCaller,
      id: string,
      dimension: KeyedDimension,
      query: { key: string; search?: string; limit: number },
    ) {
      const view = await viewOf(deps, caller, id);
      const input = allocationInput(view, { from: '1970-01-01', to: '9999-12-31' });
      const values = await warehouse.dimensionValues({
        clientId: caller.clientId,
        projectIds: input.projectIds,
        dimension: dimension satisfies CostDimension,
        key: query.key,
        search: query.search || undefined,
        limit: query.limit,
      });
      return { key: query.key, values };
    },

    async tagKeys(caller: ClientCaller, dimension: KeyedDimension, search: string | undefined) {
      const keys = await warehouse.dimensionKeys({
        ...(await scopes.requested(caller)),
        dimension,
        search: search || undefined,
        limit: 1000,
      });
      return { keys };
    },
  };
}

export type ShowbackCostsService = ReturnType<typeof createShowbackCostsService>;
