import type { CostDimension, CostFilter } from '@finlens/contracts/cost-query';
import type { CostType } from '../canonical-schema';
import { type CompiledSql, rowSetOf, scopeWhere } from './compile-cost-query';
import type { CostScope } from './cost-query-port';
import { costSql, dimensionSql, filterSql, type SqlContext } from './dimension-sql';
import { LINE_ITEMS_SOURCE, planSource } from './plan-source';
import { columnText } from './row-sql';
import type { ReadRows } from './run-cost-query';
import type { SqlDialect } from './sql-dialect';

/**
 * A dimension to group by (keyed dimensions with their key), or a canonical text column no dimension
 * offers (e.g. line_item_iam_principal for owner hints), which makes the breakdown read the line items.
 */
export type BreakdownGroup = { dimension: CostDimension; key?: string } | { column: string };

/**
 * Several row sets measured in one statement: each set is a list of CostQuery filters that must all hold
 * (an empty list: every row), and each gets its cost and, when asked, its distinct resources — per day
 * and/or per value of up to two dimensions. This folds what would be one CostQuery per figure (a tag key's
 * coverage, a policy's violations, the resources behind each value) into one scan.
 */
export interface CostBreakdownQuery extends CostScope {
  /** Inclusive UTC days. */
  from: string;
  to: string;
  costType: CostType;
  sets: CostFilter[][];
  byDay?: boolean;
  groupBy?: BreakdownGroup[];
  /** Count each set's distinct non-empty line_item_resource_id (reads the line items). */
  countResources?: boolean;
  /**
   * Sum each set's line_item_usage_amount too (reads the line items): with a group by pricing unit, what a
   * charge's price per unit is taken from (the savings ledger's judge of a rate change).
   */
  usageAmounts?: boolean;
  useRollups: boolean;
}

export interface CostBreakdownRow {
  /** Null without byDay. */
  day: string | null;
  /** One value per groupBy entry. */
  groups: (string | null)[];
  /** Per set, in order. */
  costs: number[];
  /** Per set, in order; empty without countResources. */
  resources: number[];
  /** Per set, in order: the usage amount summed; absent without usageAmounts. */
  usages?: number[];
}

export interface CostBreakdownPort {
  /** Rows with a cost in at least one set; no order. */
  costBreakdown(query: CostBreakdownQuery): Promise<CostBreakdownRow[]>;
}

/** The planner reads only the dimension of each filter: every dimension the statement touches, as one. */
const planned = (dimension: CostDimension) =>
  ({ dimension, mode: 'include', values: [] }) as unknown as CostFilter;

/** The statement of a breakdown: conditional sums (and distinct counts) per set over the planned source. */
export function compileCostBreakdown(dialect: SqlDialect, query: CostBreakdownQuery): CompiledSql {
  const groups = query.groupBy ?? [];
  const filters = query.sets.flat();
  const dimensions = [
    ...filters.map((f) => f.dimension),
    ...groups.flatMap((g) => ('dimension' in g ? [g.dimension] : [])),
  ];
  const source =
    query.countResources || query.usageAmounts || groups.some((g) => 'column' in g)
      ? LINE_ITEMS_SOURCE
      : planSource({ dimension: null, filters: dimensions.map(planned), useRollups: query.useRollups });
  const ctx: SqlContext = { dialect, values: dialect.values(), source, projectNames: query.projectNames };
  const d = dialect;
  const rows = rowSetOf(dimensions);
  const keys: [sql: string, name: string][] = [];
  if (query.byDay) keys.push([d.periodStart(d.identifier(source.timeColumn), 'day'), 'day']);
  for (const [i, g] of groups.entries()) {
    keys.push([
      'dimension' in g ? dimensionSql(ctx, g.dimension, g.key) : columnText(ctx, g.column),
      `g${i}`,
    ]);
  }
  const predicates = query.sets.map((set) =>
    set.length === 0 ? null : set.map((f) => `(${filterSql(ctx, f)})`).join(' AND '),
  );
  const cost = costSql(ctx, query.costType, rows);
  const resource = dimensionSql(ctx, 'line_item_resource_id');
  const amount = `COALESCE(${d.identifier('line_item_usage_amount')}, 0)`;
  const measures = predicates.flatMap((p, i) => {
    const sum = p === null ? d.sumMoney(cost) : d.sumMoney(`CASE WHEN ${p} THEN ${cost} ELSE 0 END`);
    const distinct = p === null ? resource : `CASE WHEN ${p} THEN ${resource} END`;
    const usage = p === null ? amount : `CASE WHEN ${p} THEN ${amount} ELSE 0 END`;
    return [
      `${sum} AS c${i}`,
      ...(query.countResources ? [`count(DISTINCT ${distinct}) AS r${i}`] : []),
      ...(query.usageAmounts ? [`${d.sumMoney(usage)} AS u${i}`] : []),
    ];
  });
  const where = scopeWhere(ctx, query, rows);
  // Only rows some set keeps (every row when a set has no filter).
  if (!predicates.includes(null)) where.push(`(${predicates.join(' OR ')})`);
  const select = [...keys.map(([sql, name]) => `${sql} AS ${name}`), ...measures];
  const groupBy = keys.length === 0 ? '' : ` GROUP BY ${keys.map(([, name]) => name).join(', ')}`;
  const sql = `SELECT ${select.join(', ')} FROM ${d.identifier(source.table)} WHERE ${where.join(' AND ')}${groupBy}`;
  return { sql, values: ctx.values.bound };
}

const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The breakdown on an engine: compile with its dialect, run with its reader. */
export function costBreakdownQueries(dialect: SqlDialect, read: ReadRows): CostBreakdownPort {
  return {
    costBreakdown: async (query) => {
      if (query.projectIds.length === 0 || query.sets.length === 0) return [];
      const rows = await read(compileCostBreakdown(dialect, query));
      const groups = query.groupBy ?? [];
      return rows.map((row) => ({
        day: query.byDay ? String(row.day) : null,
        groups: groups.map((_, i) => textOrNull(row[`g${i}`])),
        costs: query.sets.map((_, i) => Number(row[`c${i}`] ?? 0)),
        resources: query.countResources ? query.sets.map((_, i) => Number(row[`r${i}`] ?? 0)) : [],
        ...(query.usageAmounts ? { usages: query.sets.map((_, i) => Number(row[`u${i}`] ?? 0)) } : {}),
      }));
    },
  };
}
