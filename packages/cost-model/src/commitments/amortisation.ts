/**
 * Spreading a commitment's upfront payment over its term, and the part of a term that falls in a period. AWS
 * counts a reservation's hours this month (`reservation_total_reserved_units` on RIFee rows) and amortises the
 * upfront fee by the same fraction of the term, so both are computed from one overlap in (fractional) hours.
 */
const HOUR_MS = 3_600_000;

/** A half-open UTC interval [start, end). */
export interface Interval {
  start: Date;
  end: Date;
}

export function hoursBetween(start: Date, end: Date): number {
  return Math.max(0, end.getTime() - start.getTime()) / HOUR_MS;
}

/** Hours that two half-open intervals share. */
export function overlapHours(a: Interval, b: Interval): number {
  const start = Math.max(a.start.getTime(), b.start.getTime());
  const end = Math.min(a.end.getTime(), b.end.getTime());
  return Math.max(0, end - start) / HOUR_MS;
}

/** The billing month `YYYY-MM` as a UTC interval. */
export function monthInterval(month: string): Interval {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`Not a month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

export interface CommitmentTerm {
  /** The term [start, end). AWS writes the end as the last second (…T00:34:00 for a term bought at 00:34:01). */
  term: Interval;
  /** One-time payment for the whole term (0 for No Upfront). */
  upfront: number;
  /** Recurring charge per hour of the term (0 for All Upfront). */
  recurringHourly: number;
}

export interface PeriodCommitment {
  /** Hours of the term inside the period (fewer when the term starts or ends inside it). */
  activeHours: number;
  amortisedUpfront: number;
  recurring: number;
  /** What the commitment costs this period, amortised: upfront share + recurring. */
  total: number;
}

/** The share of a commitment that belongs to `period`: upfront × (active hours ÷ term hours) + recurring. */
export function commitmentForPeriod(commitment: CommitmentTerm, period: Interval): PeriodCommitment {
  const termHours = hoursBetween(commitment.term.start, commitment.term.end);
  const activeHours = overlapHours(commitment.term, period);
  const amortisedUpfront = termHours === 0 ? 0 : (commitment.upfront * activeHours) / termHours;
  const recurring = commitment.recurringHourly * activeHours;
  return { activeHours, amortisedUpfront, recurring, total: amortisedUpfront + recurring };
}
