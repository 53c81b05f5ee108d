import type { CostDimension, CostFilter, TagPair } from '@finlens/contracts/cost-query';
import type { CostTypeName } from '@finlens/contracts/cost-summary';
import type { TagPolicy, TagRangeQuery } from '@finlens/contracts/tag-explorer';
import { presetRange } from '@finlens/cost-model/range-presets';
import type { ClientCaller } from '../../platform/auth/caller';
import type {
  CostBreakdownPort,
  CostBreakdownQuery,
  CostBreakdownRow,
} from '../../warehouse/cost-query/cost-breakdown';
import type {
  CostQueryPort,
  CostScope,
  WarehouseCostAnswer,
} from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes, ScopeProject } from '../../warehouse/cost-scope';

/** A resolved Tag explorer request: range, cost type and the projects it reads. */
export interface TagScope {
  start_date: string;
  end_date: string;
  costType: CostTypeName;
  useRollups: boolean;
  projects: ScopeProject[];
  clientId: string;
}

/** The range asked for, or the last 30 days up to today (UTC); the contract checked it (both or neither). */
export function resolveRange(query: TagRangeQuery, today: Date): { start_date: string; end_date: string } {
  const { start_date, end_date } = query;
  if (start_date === undefined || end_date === undefined) return presetRange('30D', today);
  return { start_date, end_date };
}

/** The range and the caller's projects (the cost scope's; an unknown or foreign id is a 404). */
export async function resolveScope(
  scopes: CostScopes,
  caller: ClientCaller,
  query: TagRangeQuery,
  today: Date,
): Promise<TagScope> {
  const range = resolveRange(query, today);
  const { projects } = await scopes.requested(caller, query.project_ids);
  return {
    ...range,
    costType: query.cost_type,
    useRollups: query.use_query_optimization !== 'false',
    projects,
    clientId: caller.clientId,
  };
}

export function costScope(scope: TagScope, projects = scope.projects): CostScope {
  return {
    clientId: scope.clientId,
    projectIds: projects.map((p) => p.id),
    projectNames: Object.fromEntries(projects.map((p) => [p.id, p.name])),
  };
}

/** What one warehouse question asks beyond the scope. */
export interface Ask {
  filters: CostFilter[];
  dimension?: CostDimension;
  key?: string;
  topN?: number;
  granularity?: 'day' | 'month';
  start_date?: string;
  end_date?: string;
}

/** Runs one CostQuery over the scope (default: the whole range as one month-or-day total). */
export function ask(
  warehouse: CostQueryPort,
  scope: TagScope,
  cost: CostScope,
  q: Ask,
): Promise<WarehouseCostAnswer> {
  return warehouse.runCostQuery({
    ...cost,
    start_date: q.start_date ?? scope.start_date,
    end_date: q.end_date ?? scope.end_date,
    granularity: q.granularity ?? 'day',
    dimension: q.dimension ?? null,
    ...(q.key === undefined ? {} : { dimension_key: q.key }),
    cost_type: scope.costType,
    filters: q.filters,
    top_n: q.topN ?? 1,
    useRollups: scope.useRollups,
  });
}

/** What one breakdown asks beyond the scope (default: the scope's range, cost type and rollup choice). */
export type BreakdownAsk = Pick<CostBreakdownQuery, 'sets'> &
  Partial<Pick<CostBreakdownQuery, 'from' | 'byDay' | 'groupBy' | 'countResources'>>;

/** Runs one cost breakdown (several row sets in one scan) over the scope. */
export function askBreakdown(
  warehouse: CostBreakdownPort,
  scope: TagScope,
  cost: CostScope,
  q: BreakdownAsk,
): Promise<CostBreakdownRow[]> {
  return warehouse.costBreakdown({
    ...cost,
    from: scope.start_date,
    to: scope.end_date,
    costType: scope.costType,
    useRollups: scope.useRollups,
    ...q,
  });
}

/** Rows whose key is absent or empty ('' means untagged in a pair). */
export const missing = (key: string): TagPair => ({ key, value: '' });

export const hasKey = (key: string): CostFilter => ({
  dimension: 'tag_keys',
  mode: 'exclude',
  match: 'any',
  pairs: [missing(key)],
});

/** Only line items with a resource id (resources are what carry tags and get counted). */
export const withResource: CostFilter = { dimension: 'line_item_resource_id', mode: 'like', values: [''] };

/** A policy's account / service scope as filters (an empty list: no filter). */
export function policyScope(policy: TagPolicy): CostFilter[] {
  const filters: CostFilter[] = [];
  if (policy.account_ids.length > 0) {
    filters.push({ dimension: 'line_item_usage_account_id', mode: 'include', values: policy.account_ids });
  }
  if (policy.services.length > 0) {
    filters.push({ dimension: 'product_servicename', mode: 'include', values: policy.services });
  }
  return filters;
}

/** Most expensive first, costs rounded to 1e-6 so float noise between equal costs never orders them. */
export const byCost = (a: { cost: number }, b: { cost: number }) =>
  Math.round(b.cost * 1e6) - Math.round(a.cost * 1e6);

/** Percentage (0–100) of part in whole; null when the whole is zero. */
export const percentOf = (part: number, whole: number): number | null =>
  whole === 0 ? null : (part / whole) * 100;
