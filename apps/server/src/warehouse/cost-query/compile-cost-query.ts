import type { CostDimension, KeyedDimension } from '@finlens/contracts/cost-query';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { CostType } from '../canonical-schema';
import type {
  CostScope,
  CostStatement,
  DimensionKeysQuery,
  DimensionValuesQuery,
  StatementRead,
  WarehouseCostQuery,
} from './cost-query-port';
import { costSql, dimensionSql, filterSql, type RowSet, rowSetSql, type SqlContext } from './dimension-sql';
import {
  type CostSource,
  type DayRange,
  isKubernetesDimension,
  LINE_ITEMS_SOURCE,
  planRanking,
  planSource,
  type RankingPlan,
} from './plan-source';
import { ROLLUP_ROW_COUNT } from './rollups';
import type { SqlDialect } from './sql-dialect';

/** One statement: SQL text and the values to bind in placeholder order. */
export interface CompiledSql {
  sql: string;
  values: unknown[];
}

/** A group's value as the ranking statement returns it (NULL: rows without a value). */
export type GroupValue = string | null;

/**
 * The most (period, group) cells the one-statement plan fetches: beyond it the ranking and series statements
 * answer instead (the top groups picked in the warehouse, everything else folded there into Others).
 */
export const CELLS_LIMIT = 20_000;

/**
 * Dimensions with about one value per resource (or pod): their cells are too many to fetch whole, so their
 * queries rank in the warehouse.
 */
const MANY_VALUED: ReadonlySet<CostDimension> = new Set([
  'line_item_resource_id',
  'resource_name',
  'line_item_line_item_description',
  'node',
  'pod',
  'container',
]);

/**
 * A CostQuery as small statements, in forms every engine accepts (no CTEs; a window function only where the
 * dialect has them): `cells` answers in one round trip (every (period, group) cell, ranked and folded by the
 * caller); when it is null or returns more than CELLS_LIMIT rows, `ranking` picks the top groups and `series`
 * folds every group into its slot per period. `scope` reads the scope's facts (the caller keeps them per data
 * version).
 */
export interface CompiledCostQuery {
  source: CostSource;
  /**
   * Rows (period, grp, cell_cost) of every cell, at most CELLS_LIMIT + 1 of them (grp absent without a group-by);
   * null for a group-by with about one value per resource.
   */
  cells: CompiledSql | null;
  /** Rows (grp, group_total, group_count), the top N groups best first; null without a group-by. */
  ranking: CompiledSql | null;
  /** Where the ranking reads when a weekly rollup answers its full weeks (else it reads `source`). */
  rankingPlan: RankingPlan | null;
  /** Rows (period, slot, cost): slot i for `top[i - 1]`, top.length + 1 for 'Others' (1 without a group-by). */
  series(top: GroupValue[]): CompiledSql;
  /**
   * For a group-by with about one value per resource (not Kubernetes): Others per period as the period's total
   * less the top groups' cells, so only the top groups' rows are grouped. `top` gives rows (period, slot, cost) of
   * the top groups alone (slot i for `top[i - 1]`); `totals` rows (period, cost) of every row the query counts,
   * from the smallest source that covers its filters (a rollup when one does). Null for every other query.
   */
  othersFromTotals: { top(top: GroupValue[]): CompiledSql; totals: CompiledSql } | null;
  /** Rows (currency, day, weight) over the whole scope: the newest day and the commonest currency. */
  scope: CompiledSql;
  /** The tables a statement of this plan reads (`reads` of the answer lists those of the statements run). */
  reads(statement: CostStatement): StatementRead[];
}

/** Kubernetes group-by or filter: count EKS pod rows only; otherwise every non-split row. */
export function rowSetOf(dimensions: CostDimension[]): RowSet {
  return dimensions.some(isKubernetesDimension) ? 'eks_pods' : 'not_split';
}

function context(dialect: SqlDialect, source: CostSource, scope: CostScope): SqlContext {
  return { dialect, values: dialect.values(), source, projectNames: scope.projectNames };
}

/** client, projects, optional inclusive date range (or any of several: `days`), row set. */
export function scopeWhere(
  ctx: SqlContext,
  scope: CostScope & { from?: string; to?: string; days?: readonly DayRange[] },
  rows: RowSet,
): string[] {
  const { dialect: d, values } = ctx;
  const time = d.identifier(ctx.source.timeColumn);
  // Rollups keep a DATE, line items a timestamp (ClickHouse 18.16 compares a Date with a DateTime wrongly).
  const day = ctx.source.rollup === null ? d.dayStart : d.date;
  const where = [
    `${d.identifier('client_id')} = ${values.add(scope.clientId)}`,
    `${d.identifier('project_id')} IN (${scope.projectIds.map((p) => values.add(p)).join(', ')})`,
  ];
  const range = (from?: string, to?: string) => [
    ...(from === undefined ? [] : [`${time} >= ${day(values.add(from))}`]),
    ...(to === undefined ? [] : [`${time} < ${day(values.add(addDays(to, 1)))}`]),
  ];
  if (scope.days === undefined) where.push(...range(scope.from, scope.to));
  else where.push(`(${scope.days.map((r) => `(${range(r.from, r.to).join(' AND ')})`).join(' OR ')})`);
  const rowSet = rowSetSql(ctx, rows);
  if (rowSet !== null) where.push(rowSet);
  return where;
}

const done = (ctx: SqlContext, sql: string): CompiledSql => ({ sql, values: ctx.values.bound });

/** Cost (cell_cost) per period and/or group (grp) over the query's scope, range and filters. */
function cellsSql(
  ctx: SqlContext,
  query: WarehouseCostQuery,
  columns: { period: boolean; group: boolean },
  only: {
    /** Only the rows of these groups (the dimension's value, null for rows without one). */
    groups?: GroupValue[];
    /** Only these days of the range (its start and end days otherwise). */
    days?: readonly DayRange[];
  } = {},
): string {
  const { dialect: d, source } = ctx;
  const rows = rowSetOf([
    ...(query.dimension === null ? [] : [query.dimension]),
    ...query.filters.map((f) => f.dimension),
  ]);
  const keys: string[] = [];
  if (columns.period) {
    keys.push(`${d.periodStart(d.identifier(source.timeColumn), query.granularity)} AS period`);
  }
  if (columns.group && query.dimension !== null) {
    keys.push(`${dimensionSql(ctx, query.dimension, query.dimension_key)} AS grp`);
  }
  const groupBy = [
    columns.period ? 'period' : [],
    columns.group && query.dimension !== null ? 'grp' : [],
  ].flat();
  const cost = `${d.sumMoney(costSql(ctx, query.cost_type, rows))} AS cell_cost`;
  const where = [
    ...scopeWhere(ctx, { ...query, from: query.start_date, to: query.end_date, days: only.days }, rows),
    ...query.filters.map((f) => filterSql(ctx, f)),
  ];
  if (only.groups !== undefined && query.dimension !== null) {
    const value = dimensionSql(ctx, query.dimension, query.dimension_key);
    const named = only.groups.filter((g): g is string => g !== null);
    const tests = [
      named.length === 0 ? [] : `${value} IN (${named.map((g) => ctx.values.add(g)).join(', ')})`,
      only.groups.includes(null) ? `${value} IS NULL` : [],
    ].flat();
    where.push(tests.length === 0 ? '1 = 0' : `(${tests.join(' OR ')})`);
  }
  return `SELECT ${[...keys, cost].join(', ')}
  FROM ${d.identifier(source.table)}
  WHERE ${where.join('\n    AND ')}${groupBy.length === 0 ? '' : `\n  GROUP BY ${groupBy.join(', ')}`}`;
}

/**
 * Each group's total (grp, cell_cost) over the query's range as a ranking plan reads it: the weekly rollup over
 * the full weeks and the cells' source over the days before and after them (one scan), summed per group.
 */
function plannedGroupsSql(ctx: SqlContext, query: WarehouseCostQuery, plan: RankingPlan): string {
  const group = { period: false, group: true };
  const weeks = { ...query, start_date: plan.weeks.from, end_date: plan.weeks.to };
  const parts = [
    cellsSql({ ...ctx, source: plan.weekly }, weeks, group),
    ...(plan.edges.length === 0 ? [] : [cellsSql(ctx, query, group, { days: plan.edges })]),
  ];
  return `SELECT grp, ${ctx.dialect.sumMoney('cell_cost')} AS cell_cost
  FROM (${parts.join('\n  UNION ALL\n  ')}) AS parts
  GROUP BY grp`;
}

/** How many groups keep their own series (spliced as a number literal: never anything but a positive integer). */
export const topNOf = (query: Pick<WarehouseCostQuery, 'top_n'>): number =>
  Math.max(1, Math.floor(Number(query.top_n)) || 1);

/**
 * Compiles a CostQuery. Groups are ranked by total (rounded to 1e-6 so float noise never reorders equal
 * totals; ties by value, no-value last); the top N keep their value, the rest fold into one slot.
 */
export function compileCostQuery(dialect: SqlDialect, query: WarehouseCostQuery): CompiledCostQuery {
  if (query.projectIds.length === 0) throw new Error('a cost query needs at least one project');
  const source = planSource(query);
  const topN = topNOf(query);
  const rankingPlan = planRanking(query);
  const ranking = (): CompiledSql => {
    const ctx = context(dialect, source, query);
    const groups = () =>
      rankingPlan === null
        ? cellsSql(ctx, query, { period: false, group: true })
        : plannedGroupsSql(ctx, query, rankingPlan);
    // One aggregation where the engine counts over the result (a window); else a second one in a subquery.
    const groupCount = dialect.windowFunctions
      ? 'count(*) OVER ()'
      : `(SELECT count(*) FROM (${groups()}) AS every_group)`;
    return done(
      ctx,
      `SELECT grp, cell_cost AS group_total, ${groupCount} AS group_count
FROM (${groups()}) AS groups_by_total
ORDER BY round(cell_cost, 6) DESC, grp ASC NULLS LAST
LIMIT ${topN}`,
    );
  };
  const series = (top: GroupValue[], onlyTop = false): CompiledSql => {
    const ctx = context(dialect, source, query);
    const cells = cellsSql(
      ctx,
      query,
      { period: true, group: query.dimension !== null },
      onlyTop ? { groups: top } : {},
    );
    const whens = top.map(
      (value, i) => `WHEN grp ${value === null ? 'IS NULL' : `= ${ctx.values.add(value)}`} THEN ${i + 1}`,
    );
    const slot = whens.length === 0 ? '1' : `CASE ${whens.join(' ')} ELSE ${top.length + 1} END`;
    return done(
      ctx,
      `SELECT period, ${slot} AS slot, sum(cell_cost) AS cost
FROM (${cells}) AS cells
GROUP BY period, slot
ORDER BY slot, period`,
    );
  };
  const cells = (): CompiledSql => {
    const ctx = context(dialect, source, query);
    const sql = cellsSql(ctx, query, { period: true, group: query.dimension !== null });
    return done(ctx, `${sql}\nLIMIT ${CELLS_LIMIT + 1}`);
  };
  const manyValued = query.dimension !== null && MANY_VALUED.has(query.dimension);
  // Every row the query counts, by period only: the smallest source covering its filters.
  const totalsSource = planSource({ ...query, dimension: null });
  const othersFromTotals = (): CompiledCostQuery['othersFromTotals'] => {
    if (!manyValued || query.dimension === null || isKubernetesDimension(query.dimension)) return null;
    const ctx = context(dialect, totalsSource, query);
    const totals = cellsSql(ctx, { ...query, dimension: null }, { period: true, group: false });
    return {
      top: (top) => series(top, true),
      totals: done(ctx, `SELECT period, cell_cost AS cost FROM (${totals}) AS period_totals`),
    };
  };
  return {
    source,
    cells: manyValued ? null : cells(),
    ranking: query.dimension === null ? null : ranking(),
    rankingPlan,
    series,
    othersFromTotals: othersFromTotals(),
    // The scope rollup answers for any query rollups may serve (even one its dimensions send to line items).
    scope: compileScopeFacts(
      dialect,
      planSource({ dimension: null, filters: [], useRollups: query.useRollups }),
      query,
    ),
    reads: (statement) => {
      if (statement === 'ranking' && rankingPlan !== null) {
        return [
          { statement, table: rankingPlan.weekly.table, days: 'full weeks' },
          ...(rankingPlan.edges.length === 0
            ? []
            : [{ statement, table: source.table, days: 'edge days' } as const]),
        ];
      }
      return [{ statement, table: (statement === 'period totals' ? totalsSource : source).table }];
    },
  };
}

/** The newest usage day and the currency per currency of the scope (rollup rows weigh their row count). */
function compileScopeFacts(dialect: SqlDialect, source: CostSource, scope: CostScope): CompiledSql {
  const ctx = context(dialect, source, scope);
  const weight = source.kind === 'rollup' ? `sum(${dialect.identifier(ROLLUP_ROW_COUNT)})` : 'count(*)';
  const currency = dialect.identifier('line_item_currency_code');
  const day = dialect.dateText(`max(${dialect.identifier(source.timeColumn)})`);
  return done(
    ctx,
    `SELECT ${currency} AS currency, ${day} AS day, ${weight} AS weight FROM ${dialect.identifier(source.table)} WHERE ${scopeWhere(ctx, scope, 'not_split').join(' AND ')} GROUP BY ${currency}`,
  );
}

/** Values of a dimension with their unblended cost (or pod cost), most expensive first (rounded as in the ranking). */
export function compileDimensionValues(
  dialect: SqlDialect,
  query: DimensionValuesQuery & { useRollups: boolean },
): CompiledSql {
  const source = planSource({ dimension: query.dimension, filters: [], useRollups: query.useRollups });
  const ctx = context(dialect, source, query);
  const rows = rowSetOf([query.dimension]);
  const value = dimensionSql(ctx, query.dimension, query.key);
  const where = scopeWhere(ctx, query, rows);
  if (query.search !== undefined && query.search !== '') {
    where.push(dialect.containsIgnoreCase(value, ctx.values.add(query.search)));
  }
  const cost = dialect.sumMoney(costSql(ctx, 'unblended' satisfies CostType, rows));
  return done(
    ctx,
    `SELECT ${value} AS value, ${cost} AS cost FROM ${dialect.identifier(source.table)} WHERE ${where.join(' AND ')} GROUP BY value ORDER BY round(cost, 6) DESC, value ASC NULLS LAST LIMIT ${Math.max(0, Math.floor(query.limit))}`,
  );
}

/** The map and row set holding each keyed dimension's keys. */
const KEY_SOURCES: Record<KeyedDimension, { map: string; rows: RowSet; table: 'tags' | 'raw' }> = {
  tag_keys: { map: 'resource_tags', rows: 'not_split', table: 'tags' },
  cost_allocation_tag_keys: { map: 'cost_category', rows: 'not_split', table: 'tags' },
  label_keys: { map: 'resource_tags', rows: 'eks_pods', table: 'raw' },
};

/** Distinct keys of tags, cost categories or pod labels (aws_eks_* keys are attributes, not labels). */
export function compileDimensionKeys(
  dialect: SqlDialect,
  query: DimensionKeysQuery & { useRollups: boolean },
): CompiledSql {
  const keys = KEY_SOURCES[query.dimension];
  const source =
    keys.table === 'tags'
      ? planSource({ dimension: query.dimension, filters: [], useRollups: query.useRollups })
      : LINE_ITEMS_SOURCE;
  const ctx = context(dialect, source, query);
  const inner = `SELECT ${dialect.mapKeysAsRows(dialect.identifier(keys.map))} AS k FROM ${dialect.identifier(source.table)} WHERE ${scopeWhere(ctx, query, keys.rows).join(' AND ')}`;
  const filters = ['k IS NOT NULL', "k <> ''"];
  if (query.dimension === 'label_keys') {
    filters.push(`NOT ${dialect.containsIgnoreCase('k', ctx.values.add('aws_eks_'))}`);
  }
  if (query.search !== undefined && query.search !== '') {
    filters.push(dialect.containsIgnoreCase('k', ctx.values.add(query.search)));
  }
  return done(
    ctx,
    `SELECT DISTINCT k FROM (${inner}) AS keys WHERE ${filters.join(' AND ')} ORDER BY k LIMIT ${Math.max(0, Math.floor(query.limit))}`,
  );
}
