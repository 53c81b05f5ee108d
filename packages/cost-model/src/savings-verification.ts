import { DAYS_PER_MONTH } from './recommendations/rule-kit';
import { addDays, endOfMonth, inclusiveDays, startOfMonth } from './utc-calendar';

/**
 * Proving a saving from the bill: a resource's daily cost before a change against after it, as rates per day
 * (so a partial window compares fairly). A day the bill covers without a row for the resource costs 0 (a
 * deleted volume bills nothing); the change day itself is partial and left out. Charges billed per month
 * (storage per GB-month, provisioned IOPS per IOPS-month) are spread by the bill over the days of their month,
 * so the same data costs 31/28 as much on a February day as on a January one: those parts are compared as a
 * day of an average month (× the month's days ÷ DAYS_PER_MONTH), and a change across a month end is judged on
 * what it changed, not on the calendar.
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
  /** The part of `cost` billed per month and spread over the month's days (absent: none). */
  monthlyBilled?: number;
}

/** Pricing units of charges billed per month: GB-Mo, IOPS-Mo, GiBps-mo, GB-Month (billing-formats §1.3). */
export function isMonthlyPricingUnit(unit: string | null): boolean {
  return unit !== null && /(^|[-\s])(mo|mos|month|months)$/i.test(unit.trim());
}

const daysInMonth = (day: string) => inclusiveDays(startOfMonth(day), endOfMonth(day));

export type VerificationOutcome = 'pending' | 'verified' | 'regressed' | 'unchanged';

export interface Verification {
  /** pending: too few days after the change; unchanged: the bill never showed a drop. */
  outcome: VerificationOutcome;
  /** Per day, monthly-billed charges as a day of an average month (DAYS_PER_MONTH days). */
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

/** Each day's cost split into what bills by use (hours, requests) and what bills per month. */
function costByDay(rows: readonly DailyCost[]): Map<string, { used: number; monthly: number }> {
  const byDay = new Map<string, { used: number; monthly: number }>();
  for (const row of rows) {
    const day = byDay.get(row.date) ?? { used: 0, monthly: 0 };
    const monthly = row.monthlyBilled ?? 0;
    day.used += row.cost - monthly;
    day.monthly += monthly;
    byDay.set(row.date, day);
  }
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
  const used = (day: string) => byDay.get(day)?.used ?? 0;
  const monthly = (day: string) => byDay.get(day)?.monthly ?? 0;
  const monthScale = (day: string) => daysInMonth(day) / DAYS_PER_MONTH;
  // A day's cost with its monthly part as a day of an average month: what the rates compare.
  const cost = (day: string) => used(day) + monthly(day) * monthScale(day);
  const rateBefore = Math.max(0, mean(before.map(cost)));
  const monthlyBefore = Math.max(0, mean(before.map((day) => monthly(day) * monthScale(day))));
  // The rate before as the bill would have charged it on a given day (its monthly part spread over that month).
  const expected = (day: string) => rateBefore - monthlyBefore + monthlyBefore / monthScale(day);
  const window = Math.min(options.windowDays, after.length);
  const rateAfter = mean(after.slice(after.length - window).map(cost));
  const firstRate = mean(after.slice(0, window).map(cost));
  const base = { rateBefore, rateAfter, beforeDays: before.length, afterDays: after.length };
  if (after.length < options.minAfterDays || before.length === 0) {
    return { ...base, outcome: 'pending', realisedDaily: 0, realisedMonthly: 0, realisedToDate: 0 };
  }
  const dropped = (rate: number) => rateBefore > 0 && rate <= rateBefore * (1 - options.minDropShare);
  const realisedToDate = Math.min(
    after.reduce((sum, day) => sum + Math.max(0, expected(day)), 0),
    Math.max(
      0,
      after.reduce((sum, day) => sum + (expected(day) - used(day) - monthly(day)), 0),
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
