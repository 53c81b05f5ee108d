import { DuckDBInstance } from '@duckdb/node-api';
import { type DailyCost, type FitOptions, FORECAST_HISTORY_DAYS } from '@finlens/cost-model/forecast';
import { periodEndForecast } from '@finlens/cost-model/forecast-band';
import { addDays, endOfMonth, inclusiveDays } from '@finlens/cost-model/utc-calendar';
import { ensureIngestDataset } from './ingest-data';
import { positiveInteger, type SuiteOptions } from './options';

/**
 * Forecast backtest on the demo organisation: for every month with at least FORECAST_HISTORY_DAYS days of
 * history before its 10th, the cost targets' forecast (cost-model forecast + forecast-band) predicts the
 * month's total from the data through the 10th; the error against the month's real total gives the MAPE.
 * The same months are scored without the month-start effect, and the band's coverage is counted.
 */
const AS_OF_DAY = 10;

type MonthScore = { month: string; actual: number; predicted: number; low: number; high: number };

/** One score per month that has enough history, predicted from its day `asOfDay` (0: the day before it starts). */
export function backtestMonths(daily: readonly DailyCost[], options: FitOptions = {}, asOfDay = AS_OF_DAY) {
  const sorted = [...daily].sort((a, b) => (a.date < b.date ? -1 : 1));
  const first = sorted[0]?.date;
  const last = sorted.at(-1)?.date;
  if (first === undefined || last === undefined) return [];
  const months = [...new Set(sorted.map((d) => d.date.slice(0, 7)))];
  const scores: MonthScore[] = [];
  for (const month of months) {
    const start = `${month}-01`;
    const end = endOfMonth(start);
    const asOf = addDays(start, asOfDay - 1);
    // Whole months only, each with the 40 days of history the forecast learns from.
    if (end > last || inclusiveDays(first, asOf) < FORECAST_HISTORY_DAYS) continue;
    const actual = sorted.filter((d) => d.date >= start && d.date <= end).reduce((sum, d) => sum + d.cost, 0);
    const forecast = periodEndForecast(sorted, { start, end }, asOf, options);
    scores.push({ month, actual, predicted: forecast.total, low: forecast.low, high: forecast.high });
  }
  return scores;
}

/** Mean absolute percentage error of the scores, in percent. */
export function mape(scores: readonly MonthScore[]): number {
  if (scores.length === 0) return Number.NaN;
  return (
    (scores.reduce((sum, s) => sum + Math.abs(s.predicted - s.actual) / s.actual, 0) / scores.length) * 100
  );
}

/** Daily unblended cost of the demo export, read by DuckDB straight from its Parquet files. */
async function demoDailyCost(rows: number): Promise<DailyCost[]> {
  const dataset = await ensureIngestDataset({ rows, format: 'parquet' });
  const files = dataset.dataFiles.map((f) => `'${f.replaceAll("'", "''")}'`).join(', ');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(
      `SELECT strftime(CAST(line_item_usage_start_date AS DATE), '%Y-%m-%d') AS date,
              SUM(line_item_unblended_cost) AS cost
       FROM read_parquet([${files}], hive_partitioning = false)
       GROUP BY 1 ORDER BY 1`,
    );
    return reader.getRowObjectsJson().map((r) => ({ date: String(r.date), cost: Number(r.cost) }));
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const percent = (value: number) => `${value.toFixed(2)} %`;

export async function benchForecast({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const rows = positiveInteger('rows', values.rows, quick ? 100_000 : 1_000_000);
  const daily = await demoDailyCost(rows);
  const scores = backtestMonths(daily);
  const plain = backtestMonths(daily, { monthStart: false });
  // A whole month ahead, so the horizon holds a month start: where the month-start effect matters.
  const ahead = backtestMonths(daily, {}, 0);
  const aheadPlain = backtestMonths(daily, { monthStart: false }, 0);
  const noTrend = backtestMonths(daily, { trend: false });
  const covered = scores.filter((s) => s.actual >= s.low && s.actual <= s.high).length;
  for (const s of scores) {
    const error = ((s.predicted - s.actual) / s.actual) * 100;
    console.log(
      `  ${s.month}: actual ${s.actual.toFixed(0)}, predicted ${s.predicted.toFixed(0)} (${error.toFixed(2)} %)`,
    );
  }
  return {
    'demo line items': rows,
    'months scored (from day 10)': scores.length,
    'MAPE month-end from day 10': percent(mape(scores)),
    'MAPE without month-start effect': percent(mape(plain)),
    'MAPE without trend': percent(mape(noTrend)),
    'MAPE whole month from the day before': percent(mape(ahead)),
    'same, without month-start effect': percent(mape(aheadPlain)),
    'band (80 %) holds the actual': `${covered} of ${scores.length}`,
  };
}
