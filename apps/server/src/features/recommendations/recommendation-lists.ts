import {
  ESSENTIALS_GROUPS,
  type LedgerFields,
  RECOMMENDATION_TYPE_INFO,
  RECOMMENDATION_TYPES,
  RECOMMENDATIONS_CSV_COLUMNS,
  type Recommendation,
  type RecommendationsExportQuery,
  type TypeTotal,
} from '@finlens/contracts/recommendations';
import { forEachPaced, sortPaced } from '../../platform/event-loop';
import { csvExport } from '../../platform/http/csv-export';
import type { StoredRecommendation } from './recommendations.repo';

export const OPEN_LEDGER: LedgerFields = {
  status: 'open',
  status_reason: null,
  snoozed_until: null,
  status_changed_at: null,
  status_changed_by: null,
};

/** A stored finding with its dates and its ledger fields, as the contract answers it. */
export function toRecommendation(
  row: StoredRecommendation,
  ledger: LedgerFields | undefined,
): Recommendation {
  return {
    ...(row.body as Omit<
      Recommendation,
      keyof LedgerFields | 'first_seen_at' | 'evaluated_at' | 'resolved_at'
    >),
    first_seen_at: row.first_seen_at,
    evaluated_at: row.evaluated_at,
    resolved_at: row.resolved_at,
    ...(ledger ?? OPEN_LEDGER),
  };
}

/** Statuses the default list shows: what still asks for a decision or an action. */
const ACTIVE = new Set(['open', 'accepted', 'approved', 'regressed']);

/** Not yet applied: open, accepted, approved, or applied and regressed (the default list's statuses). */
export const isActive = (r: Pick<Recommendation, 'status'>) => ACTIVE.has(r.status);

function matches(r: Recommendation, q: RecommendationsExportQuery): boolean {
  if (q.type !== undefined && r.type !== q.type) return false;
  if (q.group !== undefined && r.group !== q.group) return false;
  if (q.finding !== undefined && r.finding !== q.finding) return false;
  if (q.account_id !== undefined && r.account_id !== q.account_id) return false;
  if (q.region !== undefined && r.region !== q.region) return false;
  if (q.status !== undefined ? r.status !== q.status : !isActive(r)) return false;
  if (q.tag !== undefined && !q.tag.every((t) => r.tags[t.key] === t.value)) return false;
  if (q.showback_value !== undefined) {
    const [id, ...value] = q.showback_value.split(':');
    if (!r.showback_values.some((s) => s.showback_id === id && s.value === value.join(':'))) return false;
  }
  if (q.search !== undefined) {
    const needle = q.search.toLowerCase();
    if (!`${r.resource_id}\n${r.resource_name ?? ''}`.toLowerCase().includes(needle)) return false;
  }
  return true;
}

const SORT_VALUE: Record<RecommendationsExportQuery['sort'], (r: Recommendation) => number | string> = {
  saving: (r) => r.saving.estimated_monthly_saving,
  on_demand_saving: (r) => r.saving.on_demand_monthly_saving,
  cost: (r) => r.saving.current_monthly_cost,
  type: (r) => r.type,
  resource: (r) => (r.resource_name ?? r.resource_id).toLowerCase(),
  account: (r) => r.account_id,
  region: (r) => r.region,
  first_seen: (r) => r.first_seen_at,
};

/** The list order: by the sort key, ties by id (the same order on every page). */
function recommendationOrder(sort: RecommendationsExportQuery['sort'], order: 'asc' | 'desc') {
  const value = SORT_VALUE[sort];
  const sign = order === 'asc' ? 1 : -1;
  return (a: Recommendation, b: Recommendation) => {
    const x = value(a);
    const y = value(b);
    return (x < y ? -1 : x > y ? 1 : 0) * sign || (a.id < b.id ? -1 : 1);
  };
}

export function sortRecommendations(
  rows: Recommendation[],
  sort: RecommendationsExportQuery['sort'],
  order: 'asc' | 'desc',
) {
  return rows.sort(recommendationOrder(sort, order));
}

/** Rows filtered or sorted per turn of the event loop. */
const ROWS_PER_TURN = 2_048;

/**
 * The recommendations a list, CSV or summary query selects, in its order: filtered and sorted a few thousand
 * rows per turn of the event loop, so a client with many recommendations does not hold other requests meanwhile.
 */
export async function selectRecommendations(
  rows: readonly Recommendation[],
  query: RecommendationsExportQuery,
): Promise<Recommendation[]> {
  const kept: Recommendation[] = [];
  await forEachPaced(rows, ROWS_PER_TURN, (r) => {
    if (matches(r, query)) kept.push(r);
  });
  return sortPaced(kept, recommendationOrder(query.sort, query.order), ROWS_PER_TURN);
}

/** Totals per type, every type listed (zeros too), in the rules' order. */
export function typeTotals(rows: readonly Recommendation[]): TypeTotal[] {
  const totals = new Map<string, TypeTotal>(
    RECOMMENDATION_TYPES.map((type) => [
      type,
      {
        type,
        ...RECOMMENDATION_TYPE_INFO[type],
        count: 0,
        estimated_monthly_saving: 0,
        on_demand_monthly_saving: 0,
      },
    ]),
  );
  for (const r of rows) {
    const t = totals.get(r.type) as TypeTotal;
    t.count += 1;
    t.estimated_monthly_saving += r.saving.estimated_monthly_saving;
    t.on_demand_monthly_saving += r.saving.on_demand_monthly_saving;
  }
  return [...totals.values()];
}

export function groupTotals(rows: readonly Recommendation[]) {
  return ESSENTIALS_GROUPS.map((group) => {
    const byType = typeTotals(rows.filter((r) => r.group === group)).filter((t) => t.group === group);
    return {
      group,
      count: byType.reduce((n, t) => n + t.count, 0),
      estimated_monthly_saving: byType.reduce((n, t) => n + t.estimated_monthly_saving, 0),
      on_demand_monthly_saving: byType.reduce((n, t) => n + t.on_demand_monthly_saving, 0),
      by_type: byType,
    };
  });
}

/** The rows as CSV with a header line (money unrounded, as the API answers; formulas escaped). */
export function recommendationsCsv(rows: readonly Recommendation[]): Promise<string> {
  const cells = (
    r: Recommendation,
  ): Record<(typeof RECOMMENDATIONS_CSV_COLUMNS)[number], string | number | null> => ({
    id: r.id,
    type: r.type,
    title: r.title,
    account_id: r.account_id,
    region: r.region,
    resource_id: r.resource_id,
    resource_name: r.resource_name,
    resource_type: r.resource_type,
    current_monthly_cost: r.saving.current_monthly_cost,
    estimated_monthly_saving: r.saving.estimated_monthly_saving,
    on_demand_monthly_saving: r.saving.on_demand_monthly_saving,
    risk: r.risk,
    action: r.action.description,
    status: r.status,
    first_seen_at: r.first_seen_at,
  });
  return csvExport(RECOMMENDATIONS_CSV_COLUMNS, rows, (r) => {
    const c = cells(r);
    return RECOMMENDATIONS_CSV_COLUMNS.map((k) => c[k] ?? '');
  });
}
