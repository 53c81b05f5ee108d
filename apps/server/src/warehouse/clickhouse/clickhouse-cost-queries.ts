import { type DayRange, spendWindows } from '@finlens/cost-model/spend-windows';
import { COST_TYPE_COLUMNS } from '../canonical-schema';
import {
  type CostByPeriodQuery,
  EMPTY_SPEND_TOTALS,
  type PeriodCost,
  type SpendSummaryQuery,
  type SpendTotals,
  spendTotalsFrom,
} from '../cost-store';
import { sqlString, sqlStringList, sqlUtcDay } from './clickhouse-sql';
import { columnAsText, costSum, notSplitCostRow, type Reader } from './clickhouse-totals';

const PERIOD_FORMATS = { day: '%Y-%m-%d', month: '%Y-%m' } as const;

/** Usage start within the inclusive UTC day range. */
function within(range: DayRange): string {
  return `line_item_usage_start_date >= ${sqlUtcDay(range.from)} AND line_item_usage_start_date < ${sqlUtcDay(range.to)} + INTERVAL 1 DAY`;
}

/** `costByPeriod` in ClickHouse SQL, the DuckDB store's query with every value an escaped literal. */
export async function clickHouseCostByPeriod(
  reader: Reader,
  query: CostByPeriodQuery,
): Promise<{ total: number; rows: PeriodCost[] }> {
  if (query.projectIds.length === 0) return { total: 0, rows: [] };
  const where = [
    `client_id = ${sqlString(query.clientId)}`,
    `project_id IN ${sqlStringList(query.projectIds)}`,
    within(query),
    notSplitCostRow(),
  ].join(' AND ');
  const cost = costSum(reader, COST_TYPE_COLUMNS[query.costType]);
  const group = query.groupBy === null ? 'CAST(NULL AS Nullable(String))' : columnAsText(query.groupBy);
  const period = `formatDateTime(assumeNotNull(line_item_usage_start_date), '${PERIOD_FORMATS[query.granularity]}')`;
  const [cells, totals] = await Promise.all([
    reader.rows(
      `SELECT ${period} AS period, ${group} AS grp, ${cost} AS cost FROM ${reader.table} WHERE ${where} GROUP BY period, grp ORDER BY period, cost DESC, grp NULLS LAST`,
    ),
    reader.rows(`SELECT ${cost} AS total FROM ${reader.table} WHERE ${where}`),
  ]);
  return {
    total: Number(totals[0]?.total ?? 0),
    rows: cells.map((r) => ({
      period: String(r.period),
      group: r.grp === null ? null : String(r.grp),
      cost: Number(r.cost),
    })),
  };
}

/** `spendSummary` in ClickHouse SQL: one pass with a conditional sum per window, then the scope's newest day. */
export async function clickHouseSpendSummary(reader: Reader, query: SpendSummaryQuery): Promise<SpendTotals> {
  if (query.projectIds?.length === 0) return EMPTY_SPEND_TOTALS;
  const windows = spendWindows(query.today);
  const column = COST_TYPE_COLUMNS[query.costType];
  const earliest = [windows.previousInterval.from, windows.previousMonthToDate.from].sort()[0] as string;
  const scope = scopeSql(query);
  const recent = `${scope} AND line_item_usage_start_date >= ${sqlUtcDay(earliest)}`;
  const [totals, currency, newest] = await Promise.all([
    reader.rows(`SELECT ${costSum(reader, column, within(windows.monthToDate))} AS mtd,
      ${costSum(reader, column, within(windows.previousMonthToDate))} AS previous_mtd,
      ${costSum(reader, column, within(windows.interval))} AS interval_cost,
      ${costSum(reader, column, within(windows.previousInterval))} AS previous_interval
      FROM ${reader.table} WHERE ${recent}`),
    // The commonest currency (ties by name): exact, where topK would be approximate.
    reader.rows(`SELECT line_item_currency_code AS currency FROM ${reader.table} WHERE ${recent}
      AND line_item_currency_code IS NOT NULL GROUP BY currency ORDER BY count() DESC, currency LIMIT 1`),
    // The newest day over all of the scope's data, not only the windows: data may stop months ago.
    reader.rows(`SELECT toString(toDate(max(line_item_usage_start_date))) AS as_of FROM ${reader.table} WHERE ${scope}
      AND line_item_usage_start_date IS NOT NULL HAVING count() > 0`),
  ]);
  return spendTotalsFrom(totals[0] ?? {}, currency[0]?.currency, newest[0]?.as_of);
}

function scopeSql(query: SpendSummaryQuery): string {
  const scope = [`client_id = ${sqlString(query.clientId)}`, notSplitCostRow()];
  if (query.projectIds !== undefined) scope.push(`project_id IN ${sqlStringList(query.projectIds)}`);
  return scope.join(' AND ');
}
