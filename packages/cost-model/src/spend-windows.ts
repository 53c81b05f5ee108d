import { addDays, addMonths, startOfMonth, utcDay } from './utc-calendar';

/** An inclusive range of UTC days, YYYY-MM-DD at both ends. */
export interface DayRange {
  from: string;
  to: string;
}

/** The four windows of the spend summary (the design is documented in @finlens/contracts/cost-summary). */
export interface SpendWindows {
  monthToDate: DayRange;
  previousMonthToDate: DayRange;
  interval: DayRange;
  previousInterval: DayRange;
}

/** Spec §9: spend lookback 31 days. */
export const SPEND_LOOKBACK_DAYS = 31;

/** The windows for a UTC day; the previous month-to-date stops at that month's last day (31 March → 28/29 Feb). */
export function spendWindows(today: Date): SpendWindows {
  const end = utcDay(today);
  const intervalStart = addDays(end, 1 - SPEND_LOOKBACK_DAYS);
  return {
    monthToDate: { from: startOfMonth(end), to: end },
    previousMonthToDate: { from: addMonths(startOfMonth(end), -1), to: addMonths(end, -1) },
    interval: { from: intervalStart, to: end },
    previousInterval: { from: addDays(intervalStart, -SPEND_LOOKBACK_DAYS), to: addDays(intervalStart, -1) },
  };
}

/** Spec §9: the 1st and 2nd of a month are the start-of-month window, when its data may be unpublished. */
export function isStartOfMonthWindow(today: Date): boolean {
  return today.getUTCDate() <= 2;
}

/** Percent change from `previous` to `current`; null when there is nothing to compare against. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}
