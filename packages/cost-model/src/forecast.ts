import { addDays, dayMs, endOfMonth, inclusiveDays, startOfMonth } from './utc-calendar';

/**
 * Forecast of daily cost for future days (spec §9: forecast history 40 days). The model is deliberately
 * robust rather than clever, because a month's first import, a one-off purchase or a refund must not swing it:
 * - history: the last 40 days up to the newest day given; a day missing between two given days costs 0;
 * - weekday shape: the median cost of each weekday (Mon … Sun) over that history;
 * - level: the mean of those seven medians, so a repeating weekly pattern is forecast exactly;
 * - month start: the first MONTH_START_DAYS days of a month (monthly fees and tax on the 1st, batch jobs) are
 *   left out of the weekday medians and each gets its own multiplier, the median ratio of that day's cost to
 *   the weekday shape over the month starts in the history;
 * - trend: the Theil–Sen slope (median of pairwise slopes, so robust to spikes) of each day's cost relative
 *   to that shape, as a daily growth rate around the history's middle day, capped at ±MAX_TREND_PER_DAY;
 * - with under two weeks of history there is no weekday shape: every day is the median day.
 * The uncertainty band around a forecast is in ./forecast-band (a rolling-origin backtest of this model).
 */
export const FORECAST_HISTORY_DAYS = 40;
const MIN_DAYS_FOR_WEEKDAYS = 14;
/** Days at the start of a month that the month-start multiplier covers. */
export const MONTH_START_DAYS = 3;
/** A month-start multiplier is kept within [1/MAX, MAX], so one odd month start cannot run away. */
export const MAX_MONTH_START_FACTOR = 10;
/** Growth per day the trend may assume (relative to the level), and the most it may scale a day. */
const MAX_TREND_PER_DAY = 0.01;
const MAX_TREND_MULTIPLIER = 1.5;

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
  /** Multiplier of each of the first MONTH_START_DAYS days of a month (1 when history shows no effect). */
  monthStartFactors: number[];
  /** Relative growth per day around the history's middle day (0 without a trend). */
  trendPerDay: number;
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

const dayOfMonth = (day: string) => Number(day.slice(8, 10));
const isMonthStart = (day: string) => dayOfMonth(day) <= MONTH_START_DAYS;
const noMonthStart: readonly number[] = Array.from({ length: MONTH_START_DAYS }, () => 1);

export interface FitOptions {
  /** Fit the month-start multiplier (default true; the backtest turns it off to measure its worth). */
  monthStart?: boolean;
  /** Fit the trend (default true). */
  trend?: boolean;
}

export function fitDailyForecast(
  history: readonly DailyCost[],
  options: FitOptions = {},
): DailyForecastModel {
  const days = denseHistory(history);
  const flat = Array.from({ length: 7 }, () => 1);
  const lastDate = days[days.length - 1]?.date ?? null;
  const historyDays = days.length;
  if (days.length < MIN_DAYS_FOR_WEEKDAYS) {
    return {
      level: median(days.map((d) => d.cost)),
      weekdayFactors: flat,
      monthStartFactors: [...noMonthStart],
      trendPerDay: 0,
      historyDays,
      lastDate,
    };
  }
  const withMonthStart = options.monthStart ?? true;
  const usual = withMonthStart ? days.filter((d) => !isMonthStart(d.date)) : days;
  const medians = Array.from({ length: 7 }, (_, w) => {
    const sample = usual.filter((d) => weekday(d.date) === w);
    // A short history may have only month-start days for a weekday: then those count too.
    return median(
      (sample.length > 0 ? sample : days.filter((d) => weekday(d.date) === w)).map((d) => d.cost),
    );
  });
  const level = medians.reduce((sum, m) => sum + m, 0) / 7;
  const weekdayFactors = level === 0 ? flat : medians.map((m) => m / level);
  const base = {
    level,
    weekdayFactors,
    monthStartFactors: [...noMonthStart],
    trendPerDay: 0,
    historyDays,
    lastDate,
  };
  const shaped = withMonthStart ? { ...base, monthStartFactors: monthStartFactorsOf(base, days) } : base;
  return options.trend === false ? shaped : { ...shaped, trendPerDay: trendOf(shaped, days) };
}

function monthStartFactorsOf(base: DailyForecastModel, days: readonly DailyCost[]): number[] {
  return noMonthStart.map((_, k) => {
    const ratios = days
      .filter((d) => dayOfMonth(d.date) === k + 1)
      .flatMap((d) => {
        const expected = forecastDay(base, d.date);
        return expected > 0 ? [d.cost / expected] : [];
      });
    const factor = ratios.length === 0 ? 1 : median(ratios);
    return Math.min(MAX_MONTH_START_FACTOR, Math.max(1 / MAX_MONTH_START_FACTOR, factor));
  });
}

/** Theil–Sen slope of each day's cost over the model's shape, per day (0 when the shape is 0). */
function trendOf(model: DailyForecastModel, days: readonly DailyCost[]): number {
  const points = days.flatMap((d, i) => {
    const expected = forecastDay(model, d.date);
    return expected > 0 ? [{ t: i, r: d.cost / expected }] : [];
  });
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i] as { t: number; r: number };
      const b = points[j] as { t: number; r: number };
      slopes.push((b.r - a.r) / (b.t - a.t));
    }
  }
  return Math.min(MAX_TREND_PER_DAY, Math.max(-MAX_TREND_PER_DAY, median(slopes)));
}

/** The model's cost for one day. */
export function forecastDay(model: DailyForecastModel, day: string): number {
  const shape = model.weekdayFactors[weekday(day)] ?? 1;
  const seasonal = model.level * shape * (model.monthStartFactors[dayOfMonth(day) - 1] ?? 1);
  if (model.trendPerDay === 0 || model.lastDate === null) return seasonal;
  // Days from the history's middle day, where the level holds.
  const fromMiddle = inclusiveDays(model.lastDate, day) - 1 + (model.historyDays - 1) / 2;
  const growth = Math.min(MAX_TREND_MULTIPLIER, Math.max(0, 1 + model.trendPerDay * fromMiddle));
  return seasonal * growth;
}

/** One forecast cost per day from `from` to `to` (inclusive); empty when `to` is before `from`. */
export function forecastDays(
  history: readonly DailyCost[],
  from: string,
  to: string,
  options: FitOptions = {},
): DailyCost[] {
  if (to < from) return [];
  const model = fitDailyForecast(history, options);
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
