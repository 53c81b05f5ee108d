import type { CostDimension } from '@finlens/contracts/cost-query';
import type { CostTypeName } from '@finlens/contracts/cost-summary';
import { type AllocationCell, UNALLOCATED, valueOfRaw } from '@finlens/cost-model/allocation';
import type { ClientCaller } from '../../platform/auth/caller';
import { notFound } from '../../platform/http/http-error';
import type { AllocationPort } from '../../warehouse/cost-query/allocation-port';
import { type AllocationInput, type AllocationRunner, runAllocationCells } from './showback-allocation';
import {
  allocationInput,
  costTypeIndex,
  isVisible,
  rangeOf,
  requireAllValues,
  requireVisibleValue,
  type ShowbackView,
  type ShowbackViewDeps,
  viewOf,
} from './showback-context';
import { daysOf, ledgerOf } from './showback-ledger';

interface RangeQuery {
  start_date?: string;
  end_date?: string;
  cost_type: CostTypeName;
}

/** Where a cell's cost goes: a value, Unallocated, or null for a shared pool (split later, no resource of its own). */
export function bucketOf(cell: AllocationCell, input: AllocationInput): string | null {
  const rule = cell.rule === null ? undefined : input.rules.find((r) => r.id === cell.rule);
  if (rule?.kind === 'assign') return rule.target;
  if (rule?.kind === 'share') return null;
  return valueOfRaw(cell.raw, input.mapping) ?? UNALLOCATED;
}

/** Totals of `cost` by key, most expensive first (null keys last among equals). */
function ranked(totals: Map<string | null, number>) {
  return [...totals.entries()].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
}

/** The drill-downs behind a showback: cost by dimension per value, and resources behind a value, a rule or Unallocated. */
export function createShowbackResources(
  deps: ShowbackViewDeps & {
    warehouse: AllocationPort;
    /** The allocation through the showbacks' result cache. */
    allocation: AllocationRunner;
    now: () => Date;
  },
) {
  async function cellsOf(caller: ClientCaller, id: string, query: RangeQuery, groupBy: CostDimension) {
    const view = await viewOf(deps, caller, id);
    const range = rangeOf(query, deps.now());
    const input = allocationInput(view, range);
    const cells = await runAllocationCells(deps.warehouse, input, groupBy);
    const t = costTypeIndex(query.cost_type);
    return {
      view,
      range,
      input,
      cells: cells.map((c) => ({ ...c, cost: c.costs[t] ?? 0, bucket: bucketOf(c, input) })),
    };
  }

  async function resources(
    caller: ClientCaller,
    id: string,
    query: RangeQuery & { limit: number },
    keep: (cell: { rule: string | null; bucket: string | null }, view: ShowbackView) => boolean,
    guard: (view: ShowbackView) => void,
  ) {
    const { view, cells } = await cellsOf(caller, id, query, 'line_item_resource_id');
    guard(view);
    const totals = new Map<string | null, number>();
    for (const cell of cells)
      if (keep(cell, view)) totals.set(cell.grp, (totals.get(cell.grp) ?? 0) + cell.cost);
    const rows = ranked(totals);
    return {
      resources: rows.slice(0, query.limit).map(([resource_id, cost]) => ({ resource_id, cost })),
      total: rows.reduce((sum, [, cost]) => sum + cost, 0),
      resource_count: rows.length,
    };
  }

  return {
    async dimensionDailyCost(
      caller: ClientCaller,
      id: string,
      query: RangeQuery & { dimension: CostDimension; showback_value?: string },
    ) {
      const { view, range, input, cells } = await cellsOf(caller, id, query, query.dimension);
      if (query.showback_value !== undefined) requireVisibleValue(view, query.showback_value);
      const wanted = (bucket: string) =>
        query.showback_value === undefined ? isVisible(view, bucket) : bucket === query.showback_value;
      const periods = daysOf(range);
      const index = new Map(periods.map((p, i) => [p, i]));
      const byKey = new Map<string | null, number[]>();
      for (const cell of cells) {
        if (cell.bucket === null || !wanted(cell.bucket)) continue;
        const costs = byKey.get(cell.grp) ?? periods.map(() => 0);
        const i = index.get(cell.day);
        if (i !== undefined) costs[i] = (costs[i] ?? 0) + cell.cost;
        byKey.set(cell.grp, costs);
      }
      const series = [...byKey.entries()]
        .map(([key, costs]) => ({ key, costs, total: costs.reduce((a, b) => a + b, 0) }))
        .sort((a, b) => b.total - a.total || String(a.key).localeCompare(String(b.key)));
      const ledger = ledgerOf(
        (await deps.allocation(input, view.scope.dataVersion)).days,
        costTypeIndex(query.cost_type),
      );
      let shared = 0;
      for (const [value, days] of ledger.values) {
        if (!wanted(value)) continue;
        for (const cell of days.values()) shared += cell.shared;
      }
      return { dimension: query.dimension, periods, series, shared_total: shared };
    },

    async dimensionCosts(
      caller: ClientCaller,
      id: string,
      body: RangeQuery & { dimension: CostDimension; showback_values?: string[] },
    ) {
      const { view, cells } = await cellsOf(caller, id, body, body.dimension);
      for (const value of body.showback_values ?? []) requireVisibleValue(view, value);
      const wanted = (bucket: string) =>
        isVisible(view, bucket) &&
        (body.showback_values === undefined || body.showback_values.includes(bucket));
      const totals = new Map<
        string,
        { showback_value: string; dimension_value: string | null; cost: number }
      >();
      for (const cell of cells) {
        if (cell.bucket === null || !wanted(cell.bucket)) continue;
        const key = JSON.stringify([cell.bucket, cell.grp]);
        const row = totals.get(key) ?? { showback_value: cell.bucket, dimension_value: cell.grp, cost: 0 };
        row.cost += cell.cost;
        totals.set(key, row);
      }
      const rows = [...totals.values()].sort(
        (a, b) => a.showback_value.localeCompare(b.showback_value) || b.cost - a.cost,
      );
      return { dimension: body.dimension, rows };
    },

    unallocatedResources: (caller: ClientCaller, id: string, query: RangeQuery & { limit: number }) =>
      resources(caller, id, query, (cell) => cell.bucket === UNALLOCATED, requireAllValues),

    async ruleResources(
      caller: ClientCaller,
      id: string,
      ruleId: string,
      query: RangeQuery & { limit: number },
    ) {
      return resources(
        caller,
        id,
        query,
        (cell) => cell.rule === ruleId,
        (view) => {
          requireAllValues(view);
          if (!view.config.rules.some((r) => r.id === ruleId)) throw notFound();
        },
      );
    },

    /** Resources behind one value (direct cost), or behind every value the caller sees. */
    valueResources: (
      caller: ClientCaller,
      id: string,
      query: RangeQuery & { limit: number; showback_value?: string },
    ) =>
      resources(
        caller,
        id,
        query,
        (cell, view) =>
          cell.bucket !== null &&
          (query.showback_value === undefined
            ? isVisible(view, cell.bucket)
            : cell.bucket === query.showback_value),
        (view) => {
          if (query.showback_value !== undefined) requireVisibleValue(view, query.showback_value);
        },
      ),
  };
}
