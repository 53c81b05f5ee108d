import { CANONICAL_COLUMNS, COST_TYPE_COLUMNS, LINE_ITEMS_TABLE } from '../canonical-schema';
import { notSplitRowSql } from '../cost-query/split-rows';
import type { CostByPeriodQuery, PeriodCost } from '../cost-store';
import { duckDbDialect } from './duckdb-dialect';
import { sqlParameters } from './duckdb-sql-parameters';

type ReadRows = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

const PERIOD_FORMATS = { day: '%Y-%m-%d', month: '%Y-%m' } as const;

/**
 * `costByPeriod` in DuckDB SQL. Only fixed strings are spliced in (a canonical column checked against the
 * schema, the cost-type column, the period format); every user value is a bound parameter.
 */
export async function duckDbCostByPeriod(
  rows: ReadRows,
  query: CostByPeriodQuery,
): Promise<{ total: number; rows: PeriodCost[] }> {
  if (query.projectIds.length === 0) return { total: 0, rows: [] };
  const params = sqlParameters();
  const where = [
    `client_id = ${params.add(query.clientId)}`,
    `project_id IN (${query.projectIds.map(params.add).join(', ')})`,
    `line_item_usage_start_date >= CAST(${params.add(query.from)} AS DATE)`,
    `line_item_usage_start_date < CAST(${params.add(query.to)} AS DATE) + INTERVAL 1 DAY`,
    notSplitRowSql(duckDbDialect, { add: params.add, bound: params.values }),
  ].join(' AND ');
  const cost = `COALESCE(kahan_sum("${COST_TYPE_COLUMNS[query.costType]}"), 0)`;
  const group = query.groupBy === null ? 'NULL' : `CAST("${checkedColumn(query.groupBy)}" AS VARCHAR)`;
  const period = `strftime(line_item_usage_start_date, '${PERIOD_FORMATS[query.granularity]}')`;
  // One after the other: the store's single connection runs one statement at a time.
  const cells = await rows(
    `SELECT ${period} AS period, ${group} AS grp, ${cost} AS cost FROM ${LINE_ITEMS_TABLE} WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 3 DESC, 2 NULLS LAST`,
    params.values,
  );
  const totals = await rows(`SELECT ${cost} AS total FROM ${LINE_ITEMS_TABLE} WHERE ${where}`, params.values);
  return {
    total: Number(totals[0]?.total ?? 0),
    rows: cells.map((r) => ({
      period: String(r.period),
      group: r.grp === null ? null : String(r.grp),
      cost: Number(r.cost),
    })),
  };
}

function checkedColumn(column: string): string {
  if (!CANONICAL_COLUMNS.some((c) => c.name === column)) throw new Error(`unknown column ${column}`);
  return column;
}
