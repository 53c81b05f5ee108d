import { GRANULARITIES, type Granularity, HOURLY_MAX_MONTHS } from '@finlens/contracts/cost-query';
import type { DateRange, ForwardPreset } from './range-presets';
import { addDays, addMonths, inclusiveDays, periodEnd, periodStart } from './utc-calendar';

/**
 * Spec §5 granularity rules. How the words are measured here:
 * - A range's length is its inclusive day count (start_date … end_date, both counted: one day = 1).
 *   "Under 7 days" is 1–6 days, so the 7D preset (7 days) already offers week.
 *     1–6 days: hour, day · 7–13: + week · 14–89: + month · 90 and more: + quarter (all five).
 * - "Beyond 3 months" / "beyond 6 months" compare calendar months, not day counts: a range is beyond N months
 *   when it starts before the day N calendar months before the day after its end (so 1 Jan … 31 Mar is exactly
 *   3 months, 31 Dec … 31 Mar is beyond). Non-internal users lose hour beyond 3 months and day beyond 6.
 * - Internal users lose hour beyond 6 months (HOURLY_MAX_MONTHS in @finlens/contracts/cost-query: the spec sets no
 *   bound for them, and an hourly answer over 4 years would hold the server).
 * - Forward ranges for non-internal users replace the length rules: Remaining This Month and +1M give hour,
 *   day, week; +3M, +6M, +1Y give month, quarter. Internal users get the length rules on every range.
 * - Week, month and quarter need a range aligned to full periods: it starts on a period's first day and ends
 *   on a period's last day, or ends on or after `today` (the running period is as complete as it can be, so
 *   MTD by month or YTD by quarter are aligned). Otherwise the answer falls back to day, as the spec says,
 *   even where day is not in the user's list (the fallback is the server's choice, not the user's).
 */

export interface GranularityContext extends DateRange {
  /** Internal user: email domain in INTERNAL_EMAIL_DOMAINS (spec §6). */
  internal: boolean;
  /** The forward preset the range is, if any (see `matchForwardPreset`). */
  forward?: ForwardPreset | null;
  /** The UTC day the range is judged on (YYYY-MM-DD), for the running-period alignment rule. */
  today?: string;
}

const FORWARD_GRANULARITIES: Record<ForwardPreset, readonly Granularity[]> = {
  remaining_this_month: ['hour', 'day', 'week'],
  '+1M': ['hour', 'day', 'week'],
  '+3M': ['month', 'quarter'],
  '+6M': ['month', 'quarter'],
  '+1Y': ['month', 'quarter'],
};

/** Granularities the length of a range allows, for every user. */
function byLength(days: number): readonly Granularity[] {
  if (days < 7) return ['hour', 'day'];
  if (days < 14) return ['hour', 'day', 'week'];
  if (days < 90) return ['hour', 'day', 'week', 'month'];
  return GRANULARITIES;
}

/** True when the range is longer than `months` calendar months (see the header). */
export function isBeyondMonths(range: DateRange, months: number): boolean {
  return range.start_date < addMonths(addDays(range.end_date, 1), -months);
}

/** The longest range this caller gets by the hour, in calendar months. */
export function hourlyMonths(internal: boolean): number {
  return internal ? HOURLY_MAX_MONTHS.internal : HOURLY_MAX_MONTHS.others;
}

/** True when the range is longer than the caller may see by the hour (hour is then refused, whatever else). */
export function beyondHourlyLimit(ctx: GranularityContext): boolean {
  return isBeyondMonths(ctx, hourlyMonths(ctx.internal));
}

/** The granularities offered for a range, finest first. */
export function allowedGranularities(ctx: GranularityContext): Granularity[] {
  if (!ctx.internal && ctx.forward) return [...FORWARD_GRANULARITIES[ctx.forward]];
  const allowed = byLength(inclusiveDays(ctx.start_date, ctx.end_date));
  const noHour = beyondHourlyLimit(ctx);
  const noDay = !ctx.internal && isBeyondMonths(ctx, 6);
  return allowed.filter((g) => !(g === 'hour' && noHour) && !(g === 'day' && noDay));
}

/** True when the range covers whole periods of `granularity` (hour and day always do). */
export function isAlignedTo(granularity: Granularity, range: DateRange, today?: string): boolean {
  if (granularity === 'hour' || granularity === 'day') return true;
  const startsOnPeriod = periodStart(range.start_date, granularity) === range.start_date;
  const endsOnPeriod = periodEnd(range.end_date, granularity) === range.end_date;
  const reachesToday = today !== undefined && range.end_date >= today;
  return startsOnPeriod && (endsOnPeriod || reachesToday);
}

export type GranularityDecision =
  | { ok: true; used: Granularity; fellBack: boolean }
  | { ok: false; allowed: Granularity[] };

/** The granularity a query is answered in: not allowed → refused with the allowed list; unaligned → day. */
export function granularityUsed(requested: Granularity, ctx: GranularityContext): GranularityDecision {
  const allowed = allowedGranularities(ctx);
  if (!allowed.includes(requested)) return { ok: false, allowed };
  if (isAlignedTo(requested, ctx, ctx.today)) return { ok: true, used: requested, fellBack: false };
  return { ok: true, used: 'day', fellBack: true };
}
