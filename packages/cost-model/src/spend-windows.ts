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

const DAY_MS = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Midnight UTC of the day `today` falls on. */
function dayStart(today: Date): number {
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** The windows for a UTC day; the previous month-to-date stops at that month's last day (31 March → 28/29 Feb). */
export function spendWindows(today: Date): SpendWindows {
  const end = dayStart(today);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  const previousStart = Date.UTC(year, month - 1, 1);
  const previousLast = Date.UTC(year, month, 0);
  const previousEnd = Math.min(Date.UTC(year, month - 1, today.getUTCDate()), previousLast);
  const intervalStart = end - (SPEND_LOOKBACK_DAYS - 1) * DAY_MS;
  return {
    monthToDate: { from: isoDay(Date.UTC(year, month, 1)), to: isoDay(end) },
    previousMonthToDate: { from: isoDay(previousStart), to: isoDay(previousEnd) },
    interval: { from: isoDay(intervalStart), to: isoDay(end) },
    previousInterval: {
      from: isoDay(intervalStart - SPEND_LOOKBACK_DAYS * DAY_MS),
      to: isoDay(intervalStart - DAY_MS),
    },
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
