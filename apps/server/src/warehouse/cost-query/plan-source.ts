import type { CostDimension, CostQuery, Granularity } from '@finlens/contracts/cost-query';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
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
  const dimensions = [
    ...(query.dimension === null ? [] : [query.dimension]),
    ...query.filters.map((f) => f.dimension),
  ];
  // A rollup of some rows only (the commitment rollup) never answers a cost query.
  const rollup = ROLLUPS.find((r) => r.rows === undefined && dimensions.every((d) => covers(r, d)));
  return rollup === undefined ? LINE_ITEMS_SOURCE : rollupSource(rollup);
}
