import { type DailyCost, type FitOptions, forecastDays } from './forecast';
import { addDays, inclusiveDays } from './utc-calendar';

/**
 * An uncertainty band around a forecast total, from a rolling-origin backtest of the daily model on the
 * history it is given: at each origin the model is fitted on the days before it and forecasts the next
 * BAND_WINDOW_DAYS (or fewer, for a shorter horizon); the relative errors of those window totals give the
 * band's quantiles. The band is a property of the history, not a statistical promise: it says how wrong this
 * model has been on this scope lately. With too few origins it falls back to ±FALLBACK_SPREAD.
 */
export const BAND_COVERAGE = 0.8;
/** The longest window one backtest origin scores; longer horizons reuse its relative error. */
const BAND_WINDOW_DAYS = 14;
/** Days the model needs before the first origin (its weekday shape starts at two weeks). */
const MIN_TRAINING_DAYS = 14;
const MIN_ORIGINS = 3;
const FALLBACK_SPREAD = 0.5;

export interface ForecastBand {
  /** Forecast total of the range. */
  total: number;
  low: number;
  high: number;
}

/** The q-quantile (0…1) of values, linear between order statistics. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const below = Math.floor(position);
  const lower = sorted[below] ?? 0;
  const upper = sorted[Math.min(sorted.length - 1, below + 1)] ?? lower;
  return lower + (upper - lower) * (position - below);
}

const sum = (days: readonly DailyCost[]) => days.reduce((total, d) => total + d.cost, 0);

/** Every day from the first to the last given, a missing day costing 0 (as the model reads gaps). */
function dense(history: readonly DailyCost[]): DailyCost[] {
  const byDate = new Map<string, number>();
  for (const { date, cost } of history) byDate.set(date, (byDate.get(date) ?? 0) + cost);
  const dates = [...byDate.keys()].sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (first === undefined || last === undefined) return [];
  return Array.from({ length: inclusiveDays(first, last) }, (_, i) => {
    const date = addDays(first, i);
    return { date, cost: byDate.get(date) ?? 0 };
  });
}

/** Relative errors (actual − forecast) / forecast of window totals at each origin of the history. */
export function backtestErrors(
  history: readonly DailyCost[],
  window: number,
  options: FitOptions = {},
): number[] {
  const days = dense(history);
  const errors: number[] = [];
  for (let origin = MIN_TRAINING_DAYS; origin + window <= days.length; origin++) {
    const first = days[origin] as DailyCost;
    const predicted = sum(
      forecastDays(days.slice(0, origin), first.date, addDays(first.date, window - 1), options),
    );
    if (predicted <= 0) continue;
    errors.push((sum(days.slice(origin, origin + window)) - predicted) / predicted);
  }
  return errors;
}

/** The forecast total of `from`…`to` with its band (`coverage` of past window errors inside it). */
export function forecastWithBand(
  history: readonly DailyCost[],
  from: string,
  to: string,
  { coverage = BAND_COVERAGE, ...options }: FitOptions & { coverage?: number } = {},
): ForecastBand {
  if (to < from) return { total: 0, low: 0, high: 0 };
  const total = sum(forecastDays(history, from, to, options));
  const window = Math.min(BAND_WINDOW_DAYS, inclusiveDays(from, to));
  const errors = backtestErrors(history, window, options);
  const tail = (1 - coverage) / 2;
  const [below, above] =
    errors.length < MIN_ORIGINS
      ? [-FALLBACK_SPREAD, FALLBACK_SPREAD]
      : [Math.min(0, quantile(errors, tail)), Math.max(0, quantile(errors, 1 - tail))];
  return { total, low: Math.max(0, total * (1 + below)), high: total * (1 + above) };
}

export interface PeriodForecast {
  /** Actual cost from the period's first day through as_of. */
  actual: number;
  /** Forecast of the days after as_of to the period's last day. */
  forecast: number;
  /** actual + forecast, with the band of the forecast part around it. */
  total: number;
  low: number;
  high: number;
}

/** Expected total of a period (e.g. a month or quarter) from daily history up to `asOf`, with its band. */
export function periodEndForecast(
  history: readonly DailyCost[],
  period: { start: string; end: string },
  asOf: string,
  options: FitOptions = {},
): PeriodForecast {
  const known = history.filter((d) => d.date <= asOf);
  const actual = sum(known.filter((d) => d.date >= period.start));
  const from = asOf < period.start ? period.start : addDays(asOf, 1);
  const band = forecastWithBand(known, from, period.end, options);
  return {
    actual,
    forecast: band.total,
    total: actual + band.total,
    low: actual + band.low,
    high: actual + band.high,
  };
}
