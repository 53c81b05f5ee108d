import type { Granularity } from '@finlens/contracts/cost-query';

/**
 * Calendar arithmetic on UTC days written YYYY-MM-DD (spec §9: dates are computed in UTC). Weeks start on
 * Monday (ISO), quarters are calendar quarters. Plain Date.UTC maths, so the host's time zone never matters.
 */

export const DAY_MS = 86_400_000;

/** Milliseconds of midnight UTC of a YYYY-MM-DD day. */
export function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The UTC day an instant falls on. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return isoDay(dayMs(day) + days * DAY_MS);
}

/** The same day of the month `months` later (or earlier), clamped to that month's last day (31 Mar − 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return isoDay(Date.UTC(year, month - 1 + months, Math.min(date, lastDay)));
}

/** Number of days from `start` to `end`, both included (a one-day range counts 1). */
export function inclusiveDays(start: string, end: string): number {
  return Math.round((dayMs(end) - dayMs(start)) / DAY_MS) + 1;
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 8)}01`;
}

export function endOfMonth(day: string): string {
  return addDays(addMonths(startOfMonth(day), 1), -1);
}

/** First day of the day / week / month / quarter containing `day` (an hour's period is its day here). */
export function periodStart(day: string, granularity: Granularity): string {
  switch (granularity) {
    case 'hour':
    case 'day':
      return day;
    case 'week':
      // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
      return addDays(day, -((new Date(dayMs(day)).getUTCDay() + 6) % 7));
    case 'month':
      return startOfMonth(day);
    case 'quarter': {
      const month = Number(day.slice(5, 7));
      const first = month - ((month - 1) % 3);
      return `${day.slice(0, 4)}-${String(first).padStart(2, '0')}-01`;
    }
  }
}

/** Last day of the period containing `day`. */
export function periodEnd(day: string, granularity: Granularity): string {
  switch (granularity) {
    case 'hour':
    case 'day':
      return day;
    case 'week':
      return addDays(periodStart(day, 'week'), 6);
    case 'month':
      return endOfMonth(day);
    case 'quarter':
      return addDays(addMonths(periodStart(day, 'quarter'), 3), -1);
  }
}

/** The 24 hour periods of a day, written as the warehouse writes them: YYYY-MM-DDTHH:00:00Z. */
export function hourStarts(day: string): string[] {
  return Array.from({ length: 24 }, (_, h) => `${day}T${String(h).padStart(2, '0')}:00:00Z`);
}

/** First day of the period after the one starting on `start` (a period start of `granularity`). */
export function nextPeriodStart(start: string, granularity: Exclude<Granularity, 'hour'>): string {
  switch (granularity) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'month':
      return addMonths(start, 1);
    case 'quarter':
      return addMonths(start, 3);
  }
}

/**
 * Every period start from the period holding `start` to the one holding `end` (inclusive days): YYYY-MM-DD,
 * or YYYY-MM-DDTHH:00:00Z for hours.
 */
export function periodStarts(start: string, end: string, granularity: Granularity): string[] {
  const out: string[] = [];
  if (granularity === 'hour') {
    for (let day = start; day <= end; day = addDays(day, 1)) out.push(...hourStarts(day));
    return out;
  }
  for (let p = periodStart(start, granularity); p <= end; p = nextPeriodStart(p, granularity)) out.push(p);
  return out;
}
