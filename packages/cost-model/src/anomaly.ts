import { MONTH_START_DAYS } from './forecast';
import { addDays, addMonths } from './utc-calendar';

/**
 * Cost anomaly detection on one daily series (an account, a service or a usage type). Each day is compared
 * with a seasonal baseline and a robust spread, so one odd day in the history neither hides nor fakes an
 * anomaly:
 * - baseline: the median of the same weekday over the previous `baselineWeeks` weeks; the first
 *   MONTH_START_DAYS days of a month (batch jobs, monthly fees) get that times a month-start factor learnt
 *   from the previous months' starts, so every month start is not an alarm;
 * - spread: 1.4826 × the median absolute deviation (MAD) of those samples (the standard deviation of normal
 *   noise), floored at `spreadFloorRatio` of the baseline because a perfectly steady series has MAD 0;
 * - a day is anomalous when its robust score (actual − baseline) / spread reaches `threshold` and the increase
 *   is at least `minRelativeIncrease` of the baseline and at least a floor in money: `minIncrease` (currency)
 *   or, when the organisation's total daily spend is given, `minShareOfTotal` of its median over the
 *   previous `totalWindowDays` days, whichever is larger (a small series stepping up by one resource is not
 *   worth an alarm however steady it was). Only increases count: a drop in spend is not a cost risk.
 * Consecutive anomalous days form one anomaly whose start is the first of them.
 */
export interface AnomalyOptions {
  baselineWeeks: number;
  /** Fewer samples than this: the day is not judged (new scope, short history). */
  minSamples: number;
  threshold: number;
  minIncrease: number;
  minRelativeIncrease: number;
  /** Share of the organisation's median daily spend an increase must reach (when the total is given). */
  minShareOfTotal: number;
  totalWindowDays: number;
  spreadFloorRatio: number;
}

export const DEFAULT_ANOMALY_OPTIONS: AnomalyOptions = {
  baselineWeeks: 6,
  minSamples: 3,
  threshold: 4,
  minIncrease: 10,
  minRelativeIncrease: 0.2,
  minShareOfTotal: 0.01,
  totalWindowDays: 28,
  spreadFloorRatio: 0.05,
};

/** Days of history detection needs before the first judged day. */
export function anomalyHistoryDays(options: AnomalyOptions = DEFAULT_ANOMALY_OPTIONS): number {
  return Math.max(options.baselineWeeks * 7, 3 * 31);
}

const MAD_TO_SIGMA = 1.4826;

export interface DayScore {
  date: string;
  actual: number;
  expected: number;
  spread: number;
  /** Robust z-score; 0 when the day could not be judged. */
  score: number;
  anomalous: boolean;
}

export interface DetectedAnomaly {
  start: string;
  end: string;
  /** Sums over the anomaly's days. */
  actual: number;
  expected: number;
  increase: number;
  peakScore: number;
  severity: 'warning' | 'critical';
  days: DayScore[];
}

function middle(sorted: readonly number[]): number {
  const half = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[half] ?? 0;
  return ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
}

/** Median and 1.4826 × MAD of a sample (both 0 for an empty one). */
export function robustCentre(sample: readonly number[]): { median: number; spread: number } {
  if (sample.length === 0) return { median: 0, spread: 0 };
  const centre = middle([...sample].sort((a, b) => a - b));
  const deviations = sample.map((value) => Math.abs(value - centre)).sort((a, b) => a - b);
  return { median: centre, spread: MAD_TO_SIGMA * middle(deviations) };
}

function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}

/** The same day `months` months earlier (clamped to that month's length), YYYY-MM-DD. */
function monthsEarlier(date: string, months: number): string | null {
  const target = addMonths(date, -months);
  return dayOfMonth(target) === dayOfMonth(date) ? target : null;
}

type CostOf = (date: string) => number | undefined;

/** Median and spread of the same weekday over the previous weeks (month-start days left out); null if too few. */
function weekdayBaseline(date: string, costOf: CostOf, options: AnomalyOptions) {
  const sample = Array.from({ length: options.baselineWeeks }, (_, week) => addDays(date, -7 * (week + 1)))
    .filter((day) => dayOfMonth(day) > MONTH_START_DAYS)
    .map(costOf)
    .filter((cost): cost is number => cost !== undefined);
  return sample.length < options.minSamples ? null : robustCentre(sample);
}

/**
 * A month-start day: its weekday baseline times the month-start factor, the median ratio of the same day of
 * the previous three months to their own weekday baselines (at least two are needed).
 */
function monthStartBaseline(date: string, costOf: CostOf, options: AnomalyOptions) {
  const base = weekdayBaseline(date, costOf, options);
  if (base === null) return null;
  const ratios: number[] = [];
  for (const months of [1, 2, 3]) {
    const earlier = monthsEarlier(date, months);
    const cost = earlier === null ? undefined : costOf(earlier);
    const their = earlier === null ? null : weekdayBaseline(earlier, costOf, options);
    if (cost !== undefined && their !== null && their.median > 0) ratios.push(cost / their.median);
  }
  if (ratios.length < 2) return null;
  const factor = robustCentre(ratios);
  return {
    median: base.median * factor.median,
    spread: Math.max(base.spread * factor.median, factor.spread * base.median),
  };
}

/**
 * Scores one day against its baseline; `costOf` returns the cost of a day (undefined before the history).
 * `minIncrease` is the day's floor in money (default: the options').
 */
export function scoreDay(
  date: string,
  costOf: CostOf,
  options: AnomalyOptions = DEFAULT_ANOMALY_OPTIONS,
  minIncrease = options.minIncrease,
): DayScore {
  const actual = costOf(date) ?? 0;
  const baseline =
    dayOfMonth(date) <= MONTH_START_DAYS
      ? monthStartBaseline(date, costOf, options)
      : weekdayBaseline(date, costOf, options);
  if (baseline === null) return { date, actual, expected: actual, spread: 0, score: 0, anomalous: false };
  const { median } = baseline;
  const spread = Math.max(baseline.spread, options.spreadFloorRatio * Math.abs(median), Number.EPSILON);
  const increase = actual - median;
  const score = increase / spread;
  const anomalous =
    score >= options.threshold &&
    increase >= minIncrease &&
    increase >= options.minRelativeIncrease * Math.abs(median);
  return { date, actual, expected: median, spread, score, anomalous };
}

type DailyCosts = readonly { date: string; cost: number }[];

function costsByDate(days: DailyCosts): Map<string, number> {
  const byDate = new Map<string, number>();
  for (const { date, cost } of days) byDate.set(date, (byDate.get(date) ?? 0) + cost);
  return byDate;
}

/**
 * The floor in money of each day, for detectAnomalies: `minIncrease`, or `minShareOfTotal` of the median of
 * `total` (the organisation's daily spend) over the previous `totalWindowDays` days when that is larger.
 * Remembers each day's floor, so one function serves every series of an organisation.
 */
export function increaseFloor(
  total: DailyCosts,
  options: AnomalyOptions = DEFAULT_ANOMALY_OPTIONS,
): (date: string) => number {
  const byDate = costsByDate(total);
  const floors = new Map<string, number>();
  return (date) => {
    let floor = floors.get(date);
    if (floor === undefined) {
      const window = Array.from({ length: options.totalWindowDays }, (_, n) =>
        byDate.get(addDays(date, -1 - n)),
      ).filter((cost): cost is number => cost !== undefined);
      floor = Math.max(options.minIncrease, options.minShareOfTotal * robustCentre(window).median);
      floors.set(date, floor);
    }
    return floor;
  };
}

/**
 * Anomalies of one series whose days fall in [from, to]. `history` holds daily costs (any order; days
 * absent from it count as unknown before the first day and as 0 after it); `floor` gives each day's floor
 * in money an increase must reach (default `minIncrease`; increaseFloor adds the organisation's share).
 */
export function detectAnomalies(
  history: DailyCosts,
  { from, to, floor }: { from: string; to: string; floor?: (date: string) => number },
  options: AnomalyOptions = DEFAULT_ANOMALY_OPTIONS,
): DetectedAnomaly[] {
  const byDate = costsByDate(history);
  const first = [...byDate.keys()].sort()[0];
  if (first === undefined) return [];
  const costOf = (date: string) => (date < first ? undefined : (byDate.get(date) ?? 0));
  const floorOf = floor ?? (() => options.minIncrease);
  const anomalies: DetectedAnomaly[] = [];
  let run: DayScore[] = [];
  const close = () => {
    if (run.length > 0) anomalies.push(summarise(run));
    run = [];
  };
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = scoreDay(date, costOf, options, floorOf(date));
    if (day.anomalous) run.push(day);
    else close();
  }
  close();
  return anomalies;
}

function summarise(days: DayScore[]): DetectedAnomaly {
  const actual = days.reduce((sum, day) => sum + day.actual, 0);
  const expected = days.reduce((sum, day) => sum + day.expected, 0);
  const peakScore = Math.max(...days.map((day) => day.score));
  const increase = actual - expected;
  return {
    start: days[0]?.date ?? '',
    end: days[days.length - 1]?.date ?? '',
    actual,
    expected,
    increase,
    peakScore,
    severity:
      expected > 0 && increase >= expected && peakScore >= 2 * DEFAULT_ANOMALY_OPTIONS.threshold
        ? 'critical'
        : 'warning',
    days,
  };
}
