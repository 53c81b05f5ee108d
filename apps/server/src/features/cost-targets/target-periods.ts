import { DEFAULT_TARGET_MONTHS, type TargetPeriod } from '@finlens/contracts/cost-targets';
import { addDays, addMonths, inclusiveDays, periodStarts } from '@finlens/cost-model/utc-calendar';

/** The parts of a target its periods and budgets depend on. */
export interface TargetCalendar {
  period: TargetPeriod;
  start_date: string;
  end_date: string | null;
  budget_type: 'top_down' | 'bottom_up';
  amount: number | null;
}

export interface Period {
  start: string;
  end: string;
}

const MONTHS_PER_PERIOD: Record<TargetPeriod, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

/** The target's last day: end_date, or the last day of its DEFAULT_TARGET_MONTHS-th month. */
export function targetEnd(target: TargetCalendar): string {
  return target.end_date ?? addDays(addMonths(target.start_date, DEFAULT_TARGET_MONTHS), -1);
}

/** The months (YYYY-MM) from the one holding `start` to the one holding `end`. */
const monthsOf = (start: string, end: string) =>
  periodStarts(start, end, 'month').map((day) => day.slice(0, 7));

/** Every month (YYYY-MM) the target covers, in order. */
export function targetMonths(target: TargetCalendar): string[] {
  return monthsOf(target.start_date, targetEnd(target));
}

/**
 * The period holding `day`: periods run from start_date in steps of 1, 3 or 12 months (so a fiscal year
 * starting in April works), the last one cut at the target's end. Before the start: the first period;
 * after the end: null.
 */
export function periodAt(target: TargetCalendar, day: string): Period | null {
  const end = targetEnd(target);
  if (day > end) return null;
  const step = MONTHS_PER_PERIOD[target.period];
  let start = target.start_date;
  while (addMonths(start, step) <= day) start = addMonths(start, step);
  const periodEnd = addDays(addMonths(start, step), -1);
  return { start, end: periodEnd < end ? periodEnd : end };
}

/** The months (YYYY-MM) a period spans. */
export function periodMonths(period: Period): string[] {
  return monthsOf(period.start, period.end);
}

/** top_down: the amount; bottom_up: the sum of the period's monthly plannings (a missing month counts 0). */
export function periodBudget(
  target: TargetCalendar,
  period: Period,
  plannings: readonly { month: string; amount: number }[],
): number {
  if (target.budget_type === 'top_down') return target.amount ?? 0;
  const months = new Set(periodMonths(period));
  return plannings.filter((p) => months.has(p.month)).reduce((sum, p) => sum + p.amount, 0);
}

/**
 * The plan accumulated day by day over a period: top_down spreads the budget evenly over the days;
 * bottom_up spreads each month's planning over that month's days in the period.
 */
export function cumulativePlan(
  target: TargetCalendar,
  period: Period,
  plannings: readonly { month: string; amount: number }[],
): number[] {
  const days = inclusiveDays(period.start, period.end);
  const budget = periodBudget(target, period, plannings);
  const byMonth = new Map(plannings.map((p) => [p.month, p.amount]));
  let total = 0;
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(period.start, i);
    if (target.budget_type === 'top_down') {
      total += budget / days;
    } else {
      const month = date.slice(0, 7);
      const first = month === period.start.slice(0, 7) ? period.start : `${month}-01`;
      const lastOfMonth = addDays(addMonths(`${month}-01`, 1), -1);
      const last = lastOfMonth < period.end ? lastOfMonth : period.end;
      total += (byMonth.get(month) ?? 0) / inclusiveDays(first, last);
    }
    return total;
  });
}
