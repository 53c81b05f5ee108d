import { addDays, dayMs, endOfMonth, inclusiveDays, startOfMonth } from './utc-calendar';

/**
 * Forecast of daily cost for future days (spec §9: forecast history 40 days). The model is deliberately
 * robust rather than clever, because a month's first import, a one-off purchase or a refund must not swing it:
 * - history: the last 40 days up to the newest day given; a day missing between two given days costs 0;
 * - weekday shape: the median cost of each weekday (Mon … Sun) over that history;
 * - level: the mean of those seven medians, so a repeating weekly pattern is forecast exactly;
 * - with under two weeks of history there is no weekday shape: every day is the median day.
 * The model object is returned so a fuller model (trend, an uncertainty band) can extend it.
 */
export const FORECAST_HISTORY_DAYS = 40;
const MIN_DAYS_FOR_WEEKDAYS = 14;

export interface DailyCost {
  /** YYYY-MM-DD (UTC). */
  date: string;
  cost: number;
}

export interface DailyForecastModel {
  /** Average forecast day. */
  level: number;
  /** Multiplier per ISO weekday, index 0 = Monday … 6 = Sunday; their mean is 1 (or all 1). */
  weekdayFactors: number[];
  /** Days of history the model used (0 without history). */
  historyDays: number;
  /** Newest history day, null without history. */
  lastDate: string | null;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** ISO weekday index of a day: Monday 0 … Sunday 6. */
function weekday(day: string): number {
  return (new Date(dayMs(day)).getUTCDay() + 6) % 7;
}

/** The last FORECAST_HISTORY_DAYS days of history as one dense series (gaps are zero-cost days). */
function denseHistory(history: readonly DailyCost[]): DailyCost[] {
  if (history.length === 0) return [];
  const byDate = new Map<string, number>();
  for (const { date, cost } of history) byDate.set(date, (byDate.get(date) ?? 0) + cost);
  const dates = [...byDate.keys()].sort();
  const last = dates[dates.length - 1] as string;
  const first = dates[0] as string;
  const days = Math.min(FORECAST_HISTORY_DAYS, inclusiveDays(first, last));
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(last, i - days + 1);
    return { date, cost: byDate.get(date) ?? 0 };
  });
}

export function fitDailyForecast(history: readonly DailyCost[]): DailyForecastModel {
  const days = denseHistory(history);
  const flat = Array.from({ length: 7 }, () => 1);
  const lastDate = days[days.length - 1]?.date ?? null;
  if (days.length < MIN_DAYS_FOR_WEEKDAYS) {
    return {
      level: median(days.map((d) => d.cost)),
      weekdayFactors: flat,
      historyDays: days.length,
      lastDate,
    };
  }
  const medians = Array.from({ length: 7 }, (_, w) =>
    median(days.filter((d) => weekday(d.date) === w).map((d) => d.cost)),
  );
  const level = medians.reduce((sum, m) => sum + m, 0) / 7;
  const weekdayFactors = level === 0 ? flat : medians.map((m) => m / level);
  return { level, weekdayFactors, historyDays: days.length, lastDate };
}

/** The model's cost for one day. */
export function forecastDay(model: DailyForecastModel, day: string): number {
  return model.level * (model.weekdayFactors[weekday(day)] ?? 1);
}

/** One forecast cost per day from `from` to `to` (inclusive); empty when `to` is before `from`. */
export function forecastDays(history: readonly DailyCost[], from: string, to: string): DailyCost[] {
  if (to < from) return [];
  const model = fitDailyForecast(history);
  return Array.from({ length: inclusiveDays(from, to) }, (_, i) => {
    const date = addDays(from, i);
    return { date, cost: forecastDay(model, date) };
  });
}

export interface MonthEndForecast {
  /** Actual cost from the 1st of as_of's month through as_of. */
  actual: number;
  /** Forecast for the days after as_of to the month's last day. */
  forecast: number;
  /** actual + forecast: the expected month total. */
  total: number;
}

/** Expected total of the month containing `asOf` (the newest day with data), from daily history up to it. */
export function monthEndForecast(history: readonly DailyCost[], asOf: string): MonthEndForecast {
  const upToAsOf = history.filter((d) => d.date <= asOf);
  const monthStart = startOfMonth(asOf);
  const actual = upToAsOf.filter((d) => d.date >= monthStart).reduce((sum, d) => sum + d.cost, 0);
  const rest = forecastDays(upToAsOf, addDays(asOf, 1), endOfMonth(asOf));
  const forecast = rest.reduce((sum, d) => sum + d.cost, 0);
  return { actual, forecast, total: actual + forecast };
}
