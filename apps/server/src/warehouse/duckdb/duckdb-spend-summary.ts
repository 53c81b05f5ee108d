import { type DayRange, spendWindows } from '@finlens/cost-model/spend-windows';
import { COST_TYPE_COLUMNS, LINE_ITEMS_TABLE } from '../canonical-schema';
import { notSplitRowSql } from '../cost-query/split-rows';
import { EMPTY_SPEND_TOTALS, type SpendSummaryQuery, type SpendTotals, spendTotalsFrom } from '../cost-store';
import { duckDbDialect } from './duckdb-dialect';
import { sqlParameters } from './duckdb-sql-parameters';

type ReadRows = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * `spendSummary` in DuckDB SQL: one pass over the last two months of the scope with a filtered sum per
 * window. Only the cost-type column name is spliced in; every value is a bound parameter.
 */
export async function duckDbSpendSummary(rows: ReadRows, query: SpendSummaryQuery): Promise<SpendTotals> {
  if (query.projectIds?.length === 0) return EMPTY_SPEND_TOTALS;
  const windows = spendWindows(query.today);
  const cost = `"${COST_TYPE_COLUMNS[query.costType]}"`;
  const main = sqlParameters();
  const within = (range: DayRange) =>
    `line_item_usage_start_date >= CAST(${main.add(range.from)} AS DATE) AND line_item_usage_start_date < CAST(${main.add(range.to)} AS DATE) + INTERVAL 1 DAY`;
  const sum = (range: DayRange, name: string) =>
    `COALESCE(kahan_sum(${cost}) FILTER (WHERE ${within(range)}), 0) AS ${name}`;
  const sums = [
    sum(windows.monthToDate, 'mtd'),
    sum(windows.previousMonthToDate, 'previous_mtd'),
    sum(windows.interval, 'interval_cost'),
    sum(windows.previousInterval, 'previous_interval'),
  ];
  const earliest = [windows.previousInterval.from, windows.previousMonthToDate.from].sort()[0];
  const totals = await rows(
    `SELECT ${sums.join(', ')}, mode(line_item_currency_code) AS currency FROM ${LINE_ITEMS_TABLE}
     WHERE ${scopeSql(query, main)} AND line_item_usage_start_date >= CAST(${main.add(earliest)} AS DATE)`,
    main.values,
  );
  // The newest day over all of the scope's data, not only the windows: data may stop months ago.
  const all = sqlParameters();
  const newest = await rows(
    `SELECT CAST(CAST(max(line_item_usage_start_date) AS DATE) AS VARCHAR) AS as_of FROM ${LINE_ITEMS_TABLE} WHERE ${scopeSql(query, all)}`,
    all.values,
  );
  const row = totals[0] ?? {};
  return spendTotalsFrom(row, row.currency, newest[0]?.as_of);
}

/** The client always, then its chosen projects; split rows re-state part of an instance row's cost. */
function scopeSql(query: SpendSummaryQuery, params: ReturnType<typeof sqlParameters>): string {
  const scope = [
    `client_id = ${params.add(query.clientId)}`,
    notSplitRowSql(duckDbDialect, { add: params.add, bound: params.values }),
  ];
  if (query.projectIds !== undefined) {
    scope.push(`project_id IN (${query.projectIds.map(params.add).join(', ')})`);
  }
  return scope.join(' AND ');
}
