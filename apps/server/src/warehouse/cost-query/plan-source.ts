import type { CostDimension, CostQuery, Granularity } from '@finlens/contracts/cost-query';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import { addDays, periodStart } from '@finlens/cost-model/utc-calendar';
import { LINE_ITEMS_TABLE } from '../canonical-schema';
import { ROLLUP_DAY_COLUMN, ROLLUPS, type RollupDefinition } from './rollups';

/** Where a compiled query reads: the raw line items, or one rollup. */
export interface CostSource {
  kind: 'rollup' | 'line_items';
  table: string;
  /** The DATE or TIMESTAMP column of the usage start. */
  timeColumn: string;
  rollup: RollupDefinition | null;
}

export const LINE_ITEMS_SOURCE: CostSource = {
  kind: 'line_items',
  table: LINE_ITEMS_TABLE,
  timeColumn: 'line_item_usage_start_date',
  rollup: null,
};

export const rollupSource = (rollup: RollupDefinition): CostSource => ({
  kind: 'rollup',
  table: rollup.table,
  timeColumn: ROLLUP_DAY_COLUMN,
  rollup,
});

/** True for the dimensions that count only EKS split-cost rows (group-by or filter). */
export function isKubernetesDimension(dimension: CostDimension): boolean {
  return COST_DIMENSION_CATALOGUE[dimension].source.kind === 'kubernetes';
}

/** Whether a rollup holds what a dimension reads. */
function covers(rollup: RollupDefinition, dimension: CostDimension): boolean {
  const source = COST_DIMENSION_CATALOGUE[dimension].source;
  switch (source.kind) {
    case 'column':
      return rollup.columns.includes(source.column);
    case 'product':
      return rollup.productKeys.includes(source.key);
    case 'tags':
      return rollup.maps.includes('resource_tags');
    case 'cost_categories':
      return rollup.maps.includes('cost_category');
    case 'project':
      return true;
    case 'kubernetes':
      return false;
  }
}

/**
 * The planner. A rollup answers when rollups are allowed, the granularity is a day or coarser (rollups are
 * daily), and it holds the group-by dimension and every filtered dimension (any filter mode: include,
 * exclude, contains, key/value pairs). Everything else — hours, resource ids and names, descriptions,
 * Kubernetes attributes, a dimension no rollup keeps — reads the line items. The first covering rollup
 * in `ROLLUPS` order (the smallest) wins.
 */
export function planSource(
  query: Pick<CostQuery, 'dimension' | 'filters'> & { granularity?: Granularity; useRollups: boolean },
): CostSource {
  if (!query.useRollups || query.granularity === 'hour') return LINE_ITEMS_SOURCE;
  // A rollup of some rows only (the commitment rollup) or by the week never answers a query's cells.
  const rollup = ROLLUPS.find(
    (r) => r.rows === undefined && r.grain === undefined && coversAll(r, dimensionsOf(query)),
  );
  return rollup === undefined ? LINE_ITEMS_SOURCE : rollupSource(rollup);
}

const dimensionsOf = (query: Pick<CostQuery, 'dimension' | 'filters'>): CostDimension[] => [
  ...(query.dimension === null ? [] : [query.dimension]),
  ...query.filters.map((f) => f.dimension),
];

const coversAll = (rollup: RollupDefinition, dimensions: CostDimension[]) =>
  dimensions.every((d) => covers(rollup, d));

/** A day range, both ends included (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * Where the ranking of a group-by reads when a weekly rollup shortens it: the rollup over the full ISO weeks
 * inside the range, and the cells' own source over the days before and after them.
 */
export interface RankingPlan {
  weekly: CostSource;
  weeks: DayRange;
  edges: DayRange[];
}

/**
 * The ranking's plan for a group-by whose cells read the line items (resource ids and names, say): a weekly
 * rollup that holds the group-by and every filtered dimension answers the range's full weeks, the line items
 * only the days outside them. Null when rollups are not allowed, a daily rollup answers anyway, no weekly
 * rollup covers the dimensions, or the range holds no full week. Granularity does not matter: a ranking is
 * of the range's totals.
 */
export function planRanking(
  query: Pick<CostQuery, 'dimension' | 'filters' | 'start_date' | 'end_date'> & {
    granularity?: Granularity;
    useRollups: boolean;
  },
): RankingPlan | null {
  if (!query.useRollups || query.dimension === null) return null;
  if (planSource(query).kind === 'rollup') return null;
  const weekly = ROLLUPS.find((r) => r.grain === 'week' && coversAll(r, dimensionsOf(query)));
  if (weekly === undefined) return null;
  const after = addDays(query.end_date, 1);
  const firstMonday = periodStart(query.start_date, 'week');
  const from = firstMonday === query.start_date ? firstMonday : addDays(firstMonday, 7);
  const until = periodStart(after, 'week');
  if (from >= until) return null;
  const edges = [
    ...(query.start_date < from ? [{ from: query.start_date, to: addDays(from, -1) }] : []),
    ...(until < after ? [{ from: until, to: query.end_date }] : []),
  ];
  return { weekly: rollupSource(weekly), weeks: { from, to: addDays(until, -1) }, edges };
}
