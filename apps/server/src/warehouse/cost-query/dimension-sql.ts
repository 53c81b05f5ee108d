import type { CostDimension, CostFilter, TagPair } from '@finlens/contracts/cost-query';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import { COST_TYPE_COLUMNS, type CostType } from '../canonical-schema';
import type { CostSource } from './plan-source';
import { productKeyColumn } from './rollups';
import { blankIsNull, columnText, EKS_POD_OPERATION, kubernetesSql, mapText, requiredKey } from './row-sql';
import { notSplitRowSql } from './split-rows';
import type { SqlDialect, SqlValues } from './sql-dialect';

/** Everything one statement's fragments need: the dialect, the statement's values and where it reads. */
export interface SqlContext {
  dialect: SqlDialect;
  values: SqlValues;
  source: CostSource;
  projectNames?: Record<string, string>;
}

/** Rows a query counts: every non-split row, or only EKS pod rows (Kubernetes dimensions). */
/** Which line items a query reads: non-split rows (costs), EKS pod rows (Kubernetes), or all (both kinds). */
export type RowSet = 'not_split' | 'eks_pods' | 'all';

const id = (ctx: SqlContext, name: string) => ctx.dialect.identifier(name);

/** The predicate selecting a row set on the raw line items (rollups hold non-split rows only). */
export function rowSetSql(ctx: SqlContext, rows: RowSet): string | null {
  if (rows === 'all') return null;
  const operation = id(ctx, 'line_item_operation');
  if (rows === 'eks_pods') return `${operation} = ${ctx.values.add(EKS_POD_OPERATION)}`;
  return ctx.source.kind === 'rollup' ? null : notSplitRowSql(ctx.dialect, ctx.values);
}

/**
 * The cost of one row. Kubernetes queries count EKS pod rows at the pod's allocated cost (split cost plus
 * its share of the node's idle cost, billing-formats §1.3.12) whatever the cost type: CUR gives no other
 * per-pod figure the canonical table keeps.
 */
export function costSql(ctx: SqlContext, costType: CostType, rows: RowSet): string {
  if (rows === 'eks_pods') {
    return `COALESCE(${id(ctx, 'split_line_item_split_cost')}, 0) + COALESCE(${id(ctx, 'split_line_item_unused_cost')}, 0)`;
  }
  return id(ctx, COST_TYPE_COLUMNS[costType]);
}

/** A dimension's value on a row as text, NULL when the row has none. `key` is required for keyed ones. */
export function dimensionSql(ctx: SqlContext, dimension: CostDimension, key?: string): string {
  const source = COST_DIMENSION_CATALOGUE[dimension].source;
  switch (source.kind) {
    case 'column':
      return columnText(ctx, source.column);
    case 'product':
      return ctx.source.rollup === null
        ? blankIsNull(ctx.dialect.mapValue(id(ctx, 'product'), ctx.values.add(source.key)))
        : blankIsNull(id(ctx, productKeyColumn(source.key)));
    case 'tags':
      return mapText(ctx, 'resource_tags', requiredKey(dimension, key));
    case 'cost_categories':
      return mapText(ctx, 'cost_category', requiredKey(dimension, key));
    case 'project':
      return projectNameSql(ctx);
    case 'kubernetes':
      return kubernetesSql(ctx, source.attribute, key);
  }
}

/** Project names live in the app database: the caller passes id → name, rendered as a CASE over the ids. */
function projectNameSql(ctx: SqlContext): string {
  const project = id(ctx, 'project_id');
  const names = Object.entries(ctx.projectNames ?? {});
  if (names.length === 0) return project;
  const whens = names.map(([pid, name]) => `WHEN ${ctx.values.add(pid)} THEN ${ctx.values.add(name)}`);
  return `CASE ${project} ${whens.join(' ')} ELSE ${project} END`;
}

/**
 * A filter as a WHERE predicate (NULL counts as false). Under NOT it must never be NULL, so a row without a
 * value is kept by exclude / not_like and pairs test presence first. No boolean literals: ClickHouse 18.16
 * has none.
 */
export function filterSql(ctx: SqlContext, filter: CostFilter): string {
  if ('pairs' in filter) {
    const pairs = filter.pairs.map((pair) => pairSql(ctx, filter.dimension, pair));
    const matched = `(${pairs.join(filter.match === 'all' ? ' AND ' : ' OR ')})`;
    return filter.mode === 'exclude' ? `NOT ${matched}` : matched;
  }
  const value = dimensionSql(ctx, filter.dimension);
  switch (filter.mode) {
    case 'include':
      return `${value} IN (${filter.values.map((v) => ctx.values.add(v)).join(', ')})`;
    case 'exclude':
      return `(${value} IS NULL OR ${value} NOT IN (${filter.values.map((v) => ctx.values.add(v)).join(', ')}))`;
    case 'like':
      return `(${containsAny(ctx, value, filter.values)})`;
    case 'not_like':
      return `(${value} IS NULL OR NOT (${containsAny(ctx, value, filter.values)}))`;
  }
}

function containsAny(ctx: SqlContext, value: string, needles: string[]): string {
  return needles.map((n) => ctx.dialect.containsIgnoreCase(value, ctx.values.add(n))).join(' OR ');
}

/** '' or 'null' as the value means the key is absent or empty (untagged). */
function pairSql(ctx: SqlContext, dimension: CostDimension, pair: TagPair): string {
  const value = dimensionSql(ctx, dimension, pair.key);
  if (pair.value === '' || pair.value === 'null') return `${value} IS NULL`;
  // Not `value IS NOT NULL AND value = v`: ClickHouse 18.16 makes `0 AND NULL` NULL, so NOT of it dropped
  // every row without the key from an exclude.
  return `COALESCE(${value}, '') = ${ctx.values.add(pair.value)}`;
}
