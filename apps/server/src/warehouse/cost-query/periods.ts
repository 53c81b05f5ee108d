import type { Granularity } from '@finlens/contracts/cost-query';

const DAY_MS = 86_400_000;
const utc = (text: string) => new Date(`${text}T00:00:00Z`);
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** The day after an inclusive end date: queries read `usage start < next day`. */
export function nextDay(date: string): string {
  return dayText(new Date(utc(date).getTime() + DAY_MS));
}

/** The first day of the period holding `date` (weeks start Monday, quarters are calendar quarters). */
function periodOf(date: Date, granularity: Exclude<Granularity, 'hour'>): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (granularity) {
    case 'day':
      return date;
    case 'week':
      return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS);
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'quarter':
      return new Date(Date.UTC(y, m - (m % 3), 1));
  }
}

function step(date: Date, granularity: Exclude<Granularity, 'hour'>): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (granularity) {
    case 'day':
      return new Date(date.getTime() + DAY_MS);
    case 'week':
      return new Date(date.getTime() + 7 * DAY_MS);
    case 'month':
      return new Date(Date.UTC(y, m + 1, 1));
    case 'quarter':
      return new Date(Date.UTC(y, m + 3, 1));
  }
}

/**
 * Every period start from the period holding `start` to the one holding `end` (inclusive UTC dates), in
 * the text the dialects' `periodStart` produces: YYYY-MM-DD, or YYYY-MM-DDTHH:00:00Z for hours.
 */
export function periodStarts(start: string, end: string, granularity: Granularity): string[] {
  const out: string[] = [];
  if (granularity === 'hour') {
    const stop = utc(nextDay(end)).getTime();
    for (let t = utc(start).getTime(); t < stop; t += 3_600_000) {
      out.push(`${new Date(t).toISOString().slice(0, 13)}:00:00Z`);
    }
    return out;
  }
  const last = utc(end).getTime();
  for (let d = periodOf(utc(start), granularity); d.getTime() <= last; d = step(d, granularity)) {
    out.push(dayText(d));
  }
  return out;
}
