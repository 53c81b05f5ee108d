import type { RecommendationType } from '@finlens/contracts/recommendations';
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
 *
 * What is compared depends on what the change did (`measureOf`). A change that removes or stops the resource
 * (delete, stop, release, scale in) is judged on its cost: what it no longer bills. A change of price for the
 * same use — a storage class or tier, a volume type or its provisioned IOPS, an instance type — is judged on
 * the effective price per unit of use (cost ÷ the usage amount of the stored GB or the hours run, before and
 * after) × the use after: the bucket that stores 7 % more after a lifecycle rule neither eats the saving with
 * its growth nor is credited with a shrink it did not cause.
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
  /**
   * The same, measured by price per unit of use: a price moves only with the rate, not with the use, so a smaller
   * cut shows (io1 → io2 saves 5.8 % of a 40,000-IOPS volume, never 10 %).
   */
  minPriceDropShare: number;
}

/**
 * The use a price is taken per: the GB stored (pricing units GB-Mo, GB-Month) or the hours run (Hrs). A
 * volume's provisioned IOPS are part of its price per GB, so cutting them is a cheaper GB, not less use.
 */
export type PricedUse = 'stored-gb' | 'hours';

/** cost: the cost per day (the resource stops, goes or shrinks); price: the price per unit of `use`. */
export type VerificationMeasure = { by: 'cost' } | { by: 'price'; use: PricedUse };

const PRICE_MEASURED: Partial<Record<RecommendationType, PricedUse>> = {
  's3-no-lifecycle': 'stored-gb',
  's3-cold-standard': 'stored-gb',
  'ebs-gp2-to-gp3': 'stored-gb',
  'ebs-io1-to-io2': 'stored-gb',
  'ebs-iops-overprovisioned': 'stored-gb',
  'ec2-rightsizing': 'hours',
  'ec2-previous-generation': 'hours',
  'rds-rightsizing': 'hours',
  // The workload's split cost per pod-hour: fewer or more replicas change its use, not its rate.
  'container-rightsizing': 'hours',
};

/**
 * How a ledger entry of this type (a recommendation type, or a schedule's) is verified: rate changes by price
 * per unit of use, the rest (idle, unattached, old snapshots, scale-in, spot, Lambda memory, schedules) by cost.
 * Lambda memory stays on cost: its unit of use (a request) is not what the bill prices it by (GB-seconds).
 */
export function measureOf(type: string): VerificationMeasure {
  const use = PRICE_MEASURED[type as RecommendationType];
  return use === undefined ? { by: 'cost' } : { by: 'price', use };
}

/** Whether a line of this pricing unit counts the use a price is taken per. */
export function isPricedUseUnit(unit: string | null, use: PricedUse): boolean {
  if (unit === null) return false;
  const normal = unit.trim().toLowerCase();
  return use === 'hours' ? /^(hrs|hours?)$/.test(normal) : /^gb[-\s]?(mo|month)s?$/.test(normal);
}

export const DEFAULT_VERIFICATION_OPTIONS: VerificationOptions = {
  lookbackDays: 14,
  minAfterDays: 3,
  windowDays: 7,
  minDropShare: 0.1,
  minPriceDropShare: 0.03,
};

export interface DailyCost {
  date: string;
  cost: number;
  /** The part of `cost` billed per month and spread over the month's days (absent: none). */
  monthlyBilled?: number;
  /**
   * The usage amount of the priced use (GB-months stored, hours run) on the row's lines (absent: none); what
   * the price-per-unit measure divides by. Monthly amounts are spread over the month's days as their cost is.
   */
  usage?: number;
  /** Whether `usage` is billed per month (GB-Mo) and so evened out over the month's length as the cost. */
  monthlyUsage?: boolean;
}

/**
 * Pricing units of charges billed per month: GB-Mo, IOPS-Mo, GiBps-mo, GB-Month (billing-formats §1.3), as a
 * case-insensitive pattern both JavaScript and RE2 (DuckDB's and ClickHouse's regular expressions) read alike:
 * the warehouse's estimate reads (resourceCosts) match the same units in SQL.
 */
export const MONTHLY_PRICING_UNIT_PATTERN = '(^|[-\\s])(mo|mos|month|months)\\s*$';
const MONTHLY_PRICING_UNIT = new RegExp(MONTHLY_PRICING_UNIT_PATTERN, 'i');

/** Whether a pricing unit bills per month (MONTHLY_PRICING_UNIT_PATTERN). */
export function isMonthlyPricingUnit(unit: string | null): boolean {
  return unit !== null && MONTHLY_PRICING_UNIT.test(unit);
}

const daysInMonth = (day: string) => inclusiveDays(startOfMonth(day), endOfMonth(day));

export type VerificationOutcome = 'pending' | 'verified' | 'regressed' | 'unchanged';

export interface Verification {
  /** pending: too few days after the change; unchanged: the bill never showed a drop. */
  outcome: VerificationOutcome;
  /**
   * Per day, monthly-billed charges as a day of an average month (DAYS_PER_MONTH days). Measured by price: the
   * price per unit before × the recent window's use (what that use would have cost unchanged).
   */
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
type Day = { used: number; monthly: number; usage: number; monthlyUsage: number };

function costByDay(rows: readonly DailyCost[]): Map<string, Day> {
  const byDay = new Map<string, Day>();
  for (const row of rows) {
    const day = byDay.get(row.date) ?? { used: 0, monthly: 0, usage: 0, monthlyUsage: 0 };
    const monthly = row.monthlyBilled ?? 0;
    day.used += row.cost - monthly;
    day.monthly += monthly;
    if (row.monthlyUsage) day.monthlyUsage += row.usage ?? 0;
    else day.usage += row.usage ?? 0;
    byDay.set(row.date, day);
  }
  return byDay;
}

function daysFrom(start: string, count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(start, index));
}

const sumOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : sumOf(values) / values.length);

/**
 * Judges a change made on `changedOn` from the bill's daily rows of the resource, the bill complete through
 * `billedThrough`. Verified when the recent window's rate dropped by at least `minDropShare` (`minPriceDropShare`
 * measured by price); regressed when the first window after the change dropped but the recent one came back;
 * unchanged when neither did.
 */
export function verifySaving(
  rows: readonly DailyCost[],
  changedOn: string,
  billedThrough: string,
  options: VerificationOptions = DEFAULT_VERIFICATION_OPTIONS,
  measure: VerificationMeasure = { by: 'cost' },
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
  const costBefore = Math.max(0, mean(before.map(cost)));
  const monthlyBefore = Math.max(0, mean(before.map((day) => monthly(day) * monthScale(day))));
  const window = Math.min(options.windowDays, after.length);
  const recent = after.slice(after.length - window);
  const first = after.slice(0, window);
  // The priced use of a day (its monthly part as a day of an average month, as the cost), and in the bill's terms.
  const usage = (day: string) =>
    (byDay.get(day)?.usage ?? 0) + (byDay.get(day)?.monthlyUsage ?? 0) * monthScale(day);
  const billedUsage = (day: string) => (byDay.get(day)?.usage ?? 0) + (byDay.get(day)?.monthlyUsage ?? 0);
  const usageBefore = sumOf(before.map(usage));
  // By price only where both sides used something: a resource gone after the change saved its cost.
  const priced =
    measure.by === 'price' && usageBefore > 0 && sumOf(recent.map(usage)) > 0 && sumOf(first.map(usage)) > 0;
  const priceBefore = priced ? sumOf(before.map(cost)) / usageBefore : 0;
  // The before rate the days after are judged against: the cost per day, or the old price × their use.
  const baseline = (days: readonly string[]) =>
    priced ? Math.max(0, priceBefore * mean(days.map(usage))) : costBefore;
  // The rate before as the bill would have charged it on a given day (its monthly part spread over that month).
  const expected = (day: string) =>
    priced
      ? Math.max(0, priceBefore * billedUsage(day))
      : costBefore - monthlyBefore + monthlyBefore / monthScale(day);
  const rateBefore = baseline(recent);
  const rateAfter = mean(recent.map(cost));
  const firstRate = mean(first.map(cost));
  const base = { rateBefore, rateAfter, beforeDays: before.length, afterDays: after.length };
  if (after.length < options.minAfterDays || before.length === 0) {
    return { ...base, outcome: 'pending', realisedDaily: 0, realisedMonthly: 0, realisedToDate: 0 };
  }
  const minDrop = priced ? options.minPriceDropShare : options.minDropShare;
  const droppedFrom = (was: number, rate: number) => was > 0 && rate <= was * (1 - minDrop);
  const dropped = (rate: number) => droppedFrom(rateBefore, rate);
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
  const outcome = droppedFrom(baseline(first), firstRate) ? 'regressed' : 'unchanged';
  return { ...base, outcome, realisedDaily: 0, realisedMonthly: 0, realisedToDate };
}
