import { type CostFilter, OTHERS_KEY } from '@finlens/contracts/cost-query';
import {
  CLOUD_PLATFORMS,
  isAwsMadeTagKey,
  type TagExplorerResult,
  type TagExplorerRow,
  type TagRangeQuery,
  type TagValuesResult,
  type UntaggedResult,
  valueAllowed,
} from '@finlens/contracts/tag-explorer';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import type { CostBreakdownPort } from '../../warehouse/cost-query/cost-breakdown';
import type { CostQueryPort, CostScope } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes } from '../../warehouse/cost-scope';
import { ownerHints } from './owner-hints';
import type { TagExplorerRepo } from './tag-explorer.repo';
import {
  ask,
  askBreakdown,
  type BreakdownAsk,
  byCost,
  costScope,
  hasKey,
  missing,
  percentOf,
  resolveScope,
  type TagScope,
  withResource,
} from './tag-scope';
import { enabledFor, policyChecks, violationFilters } from './tag-violations';

/** Tag keys read per platform. */
const KEY_LIMIT = 1000;
/** Values returned by the values drill-down (each costs one resource count). */
const VALUE_LIMIT = 100;

/** The Tag explorer's reads (design in @finlens/contracts/tag-explorer and docs/tag-explorer.md). */
export function createTagExplorerService({
  repo,
  scopes,
  warehouse,
  now = () => new Date(),
}: {
  repo: TagExplorerRepo;
  scopes: CostScopes;
  warehouse: CostQueryPort & CostBreakdownPort;
  now?: () => Date;
}) {
  const breakdown = (scope: TagScope, cost: CostScope, q: BreakdownAsk) =>
    askBreakdown(warehouse, scope, cost, q);

  async function platformRows(scope: TagScope, cost: CostScope, platform: TagExplorerRow['cloudPlatform']) {
    const policies = (await repo.listPolicies(scope.clientId)).filter((p) => p.enabled);
    // Round one: the keys, the scope's facts and the values of the keys policies restrict, in parallel.
    const [dataKeys, probe, checks] = await Promise.all([
      warehouse.dimensionKeys({ ...cost, dimension: 'tag_keys', limit: KEY_LIMIT }),
      ask(warehouse, scope, cost, { filters: [] }),
      policyChecks(warehouse, scope, cost, policies),
    ]);
    const keys = [...new Set([...dataKeys, ...policies.flatMap((p) => p.tag_keys)])].sort();
    const lastDay = probe.as_of === null || probe.as_of > scope.end_date ? scope.end_date : probe.as_of;
    const spanFrom = [scope.start_date, addDays(lastDay, -29)].sort()[0] ?? scope.start_date;
    // Round two, two scans: cost per day of everything and of each key (from the rollups when allowed), and the
    // distinct resources of each key and of each (policy, key) violation over the range.
    const [daily, [counts]] = await Promise.all([
      breakdown(scope, cost, { from: spanFrom, byDay: true, sets: [[], ...keys.map((k) => [hasKey(k)])] }),
      breakdown(scope, cost, {
        countResources: true,
        sets: [
          ...keys.map((k) => [hasKey(k), withResource]),
          ...checks.map((c) => violationFilters(c.policy, [missing(c.key), ...c.disallowed])),
        ],
      }),
    ]);
    const windows = (set: number) => {
      const sum = (from: string, to: string) =>
        daily.reduce(
          (s, row) => (row.day !== null && row.day >= from && row.day <= to ? s + (row.costs[set] ?? 0) : s),
          0,
        );
      return {
        range: sum(scope.start_date, scope.end_date),
        day: sum(lastDay, lastDay),
        week: sum(addDays(lastDay, -6), lastDay),
        month: sum(addDays(lastDay, -29), lastDay),
      };
    };
    const whole = windows(0);
    const rows = keys.map((name, i): TagExplorerRow => {
      const part = windows(i + 1);
      let violationCount = 0;
      for (const [j, check] of checks.entries()) {
        if (check.key === name) violationCount += counts?.resources[keys.length + j] ?? 0;
      }
      return {
        name,
        count: counts?.resources[i] ?? 0,
        totalCost: part.range,
        violationCount,
        dailyPercentage: percentOf(part.day, whole.day),
        weeklyPercentage: percentOf(part.week, whole.week),
        monthlyPercentage: percentOf(part.month, whole.month),
        cloudPlatform: platform,
      };
    });
    const seen = rows.filter((r) => r.count > 0 || r.totalCost !== 0 || r.violationCount > 0);
    return { rows: seen, total: whole.range, probe };
  }

  return {
    async rows(caller: ClientCaller, query: TagRangeQuery): Promise<TagExplorerResult> {
      const scope = await resolveScope(scopes, caller, query, now());
      const result: TagExplorerResult = {
        start_date: scope.start_date,
        end_date: scope.end_date,
        cost_type: scope.costType,
        currency: 'USD',
        as_of: null,
        total_cost: 0,
        rows: [],
      };
      let currency: string | null = null;
      for (const platform of CLOUD_PLATFORMS) {
        const projects = scope.projects.filter((p) => p.cloudType === platform);
        if (projects.length === 0) continue;
        const got = await platformRows(scope, costScope(scope, projects), platform);
        result.rows.push(...got.rows);
        result.total_cost += got.total;
        if (got.probe.currency !== null && currency === null) currency = got.probe.currency;
        const asOf = got.probe.as_of === null ? null : ([got.probe.as_of, scope.end_date].sort()[0] ?? null);
        if (asOf !== null && (result.as_of === null || asOf > result.as_of)) result.as_of = asOf;
      }
      result.currency = currency ?? 'USD';
      result.rows.sort((a, b) => b.totalCost - a.totalCost || a.name.localeCompare(b.name));
      return result;
    },

    async values(caller: ClientCaller, query: TagRangeQuery & { key: string }): Promise<TagValuesResult> {
      const scope = await resolveScope(scopes, caller, query, now());
      const cost = costScope(scope);
      const policies = enabledFor(await repo.listPolicies(caller.clientId), query.key);
      const [answer, resources] = await Promise.all([
        ask(warehouse, scope, cost, {
          dimension: 'tag_keys',
          key: query.key,
          topN: VALUE_LIMIT,
          filters: [],
        }),
        breakdown(scope, cost, {
          groupBy: [{ dimension: 'tag_keys', key: query.key }],
          countResources: true,
          sets: [[withResource]],
        }),
      ]);
      const resourcesOf = new Map(resources.map((row) => [row.groups[0] ?? null, row.resources[0] ?? 0]));
      const values = answer.series
        .filter((s) => s.key !== OTHERS_KEY)
        .map((s) => ({
          value: s.key,
          cost: s.total,
          resources: resourcesOf.get(s.key) ?? 0,
          violates: policies.some((p) => s.key === null || !valueAllowed(p, s.key)),
        }));
      return { ...answerOf(scope, answer), key: query.key, value_count: answer.group_count, values };
    },

    async untagged(caller: ClientCaller, query: TagRangeQuery & { key?: string }): Promise<UntaggedResult> {
      const scope = await resolveScope(scopes, caller, query, now());
      const cost = costScope(scope);
      const allKeys = await warehouse.dimensionKeys({ ...cost, dimension: 'tag_keys', limit: KEY_LIMIT });
      const keys = query.key === undefined ? allKeys.filter((k) => !isAwsMadeTagKey(k)) : [query.key];
      const filters: CostFilter[] =
        keys.length === 0
          ? []
          : [{ dimension: 'tag_keys', mode: 'include', match: 'all', pairs: keys.map(missing) }];
      const [whole, cells, owner_hints] = await Promise.all([
        ask(warehouse, scope, cost, { filters: [] }),
        breakdown(scope, cost, {
          groupBy: [{ dimension: 'line_item_usage_account_id' }, { dimension: 'product_servicename' }],
          sets: [filters],
        }),
        ownerHints(warehouse, scope, cost, allKeys, filters),
      ]);
      const rows: UntaggedResult['rows'] = cells
        .map((c) => ({ account: c.groups[0] ?? null, service: c.groups[1] ?? null, cost: c.costs[0] ?? 0 }))
        .sort(
          (a, b) =>
            byCost(a, b) ||
            String(a.account).localeCompare(String(b.account)) ||
            String(a.service).localeCompare(String(b.service)),
        );
      return {
        ...answerOf(scope, whole),
        key: query.key ?? null,
        total_cost: whole.total,
        untagged_cost: rows.reduce((sum, r) => sum + r.cost, 0),
        rows,
        owner_hints,
      };
    },
  };
}

export function answerOf(scope: TagScope, answer: { currency: string | null; as_of: string | null }) {
  return {
    start_date: scope.start_date,
    end_date: scope.end_date,
    cost_type: scope.costType,
    currency: answer.currency ?? 'USD',
    as_of: answer.as_of === null ? null : ([answer.as_of, scope.end_date].sort()[0] ?? null),
  };
}

export type TagExplorerService = ReturnType<typeof createTagExplorerService>;
