import { DAYS_PER_MONTH } from './recommendations/rule-kit';
import { addDays, inclusiveDays } from './utc-calendar';

/**
 * Proving a saving from the bill: a resource's daily cost before a change against after it, as rates per day
 * (so a short month or a partial window compares fairly). A day the bill covers without a row for the
 * resource costs 0 (a deleted volume bills nothing); the change day itself is partial and left out.
 */

/** Spec §9's savings helper: a daily saving over a number of days. */
export function savingsForDays(dailySaving: number, days: number): number {
  return dailySaving * days;
}

/** Spec §9: a monthly saving shown per week is divided by 4. */
export function weeklySavings(monthlySaving: number): number {
  return monthlySaving / 4;
}

export interface VerificationOptions {
  /** Days before the change the "before" rate averages (fewer when the resource is younger). */
  lookbackDays: number;
  /** Complete days after the change the bill must hold before judging. */
  minAfterDays: number;
  /** Days of the recent window that decides verified or regressed. */
  windowDays: number;
  /** Share of the before rate the cost must drop by to count as a saving (noise below it is no saving). */
  minDropShare: number;
}

export const DEFAULT_VERIFICATION_OPTIONS: VerificationOptions = {
  lookbackDays: 14,
  minAfterDays: 3,
  windowDays: 7,
  minDropShare: 0.1,
};

export interface DailyCost {
  date: string;
  cost: number;
}

export type VerificationOutcome = 'pending' | 'verified' | 'regressed' | 'unchanged';

export interface Verification {
  /** pending: too few days after the change; unchanged: the bill never showed a drop. */
  outcome: VerificationOutcome;
  rateBefore: number;
  /** The recent window's rate (the one judged). */
  rateAfter: number;
  beforeDays: number;
  afterDays: number;
  /** The saving per day the recent window shows, never above the rate before. */
  realisedDaily: number;
  realisedMonthly: number;
  /** What the bill shows saved since the change: Σ (rate before − the day's cost), within [0, before × days]. */
  realisedToDate: number;
}

function costByDay(rows: readonly DailyCost[]): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.date, (byDay.get(row.date) ?? 0) + row.cost);
  return byDay;
}

function daysFrom(start: string, count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(start, index));
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Judges a change made on `changedOn` from the bill's daily rows of the resource, the bill complete through
 * `billedThrough`. Verified when the recent window's rate dropped by at least `minDropShare`; regressed when
 * the first window after the change dropped but the recent one came back; unchanged when neither did.
 */
export function verifySaving(
  rows: readonly DailyCost[],
  changedOn: string,
  billedThrough: string,
  options: VerificationOptions = DEFAULT_VERIFICATION_OPTIONS,
): Verification {
  const byDay = costByDay(rows);
  const firstBilled = [...byDay.keys()].filter((day) => day < changedOn).sort()[0] ?? changedOn;
  const lookbackStart = addDays(changedOn, -options.lookbackDays);
  const beforeStart = firstBilled > lookbackStart ? firstBilled : lookbackStart;
  const before = daysFrom(beforeStart, inclusiveDays(beforeStart, changedOn) - 1);
  const after = daysFrom(addDays(changedOn, 1), inclusiveDays(addDays(changedOn, 1), billedThrough));
  const cost = (day: string) => byDay.get(day) ?? 0;
  const rateBefore = Math.max(0, mean(before.map(cost)));
  const window = Math.min(options.windowDays, after.length);
  const rateAfter = mean(after.slice(after.length - window).map(cost));
  const firstRate = mean(after.slice(0, window).map(cost));
  const base = { rateBefore, rateAfter, beforeDays: before.length, afterDays: after.length };
  if (after.length < options.minAfterDays || before.length === 0) {
    return { ...base, outcome: 'pending', realisedDaily: 0, realisedMonthly: 0, realisedToDate: 0 };
  }
  const dropped = (rate: number) => rateBefore > 0 && rate <= rateBefore * (1 - options.minDropShare);
  const realisedToDate = Math.min(
    rateBefore * after.length,
    Math.max(
      0,
      after.reduce((sum, day) => sum + (rateBefore - cost(day)), 0),
    ),
  );
  if (dropped(rateAfter)) {
    const realisedDaily = Math.min(rateBefore, Math.max(0, rateBefore - rateAfter));
    return {
      ...base,
      outcome: 'verified',
      realisedDaily,
      realisedMonthly: savingsForDays(realisedDaily, DAYS_PER_MONTH),
      realisedToDate,
    };
  }
  const outcome = dropped(firstRate) ? 'regressed' : 'unchanged';
  return { ...base, outcome, realisedDaily: 0, realisedMonthly: 0, realisedToDate };
}
