/**
 * Convertible reservation exchanges (/v3/convertible-ri/, /v3/cri-analysis/). AWS's value rule: the new
 * reservations must be worth at least the remaining value of those given up; if they are worth more, the
 * difference is paid upfront (the true-up). Remaining value = the unamortised upfront plus the recurring fee
 * still owed for the remaining hours. The new reservations end when the latest of the old ones ends, so both
 * sides are valued over the same remaining hours.
 */
import { hoursBetween, type Interval } from './amortisation';
import { evaluateCommitment } from './optimiser';

export interface ConvertibleReservation {
  count: number;
  /** Upfront paid per instance for the whole term. */
  upfront: number;
  /** Recurring fee per instance-hour. */
  recurringHourly: number;
  term: Interval;
}

export interface ExchangeTarget {
  /** Normalised units of one target instance. */
  unitsPerInstance: number;
  /** Effective price of one target instance-hour (its amortised upfront + recurring). */
  hourlyValue: number;
}

export interface ExchangeQuote {
  remainingHours: number;
  remainingValue: number;
  /** Fewest target instances the value rule allows. */
  minimumInstances: number;
  instances: number;
  newValue: number;
  /** Paid upfront to make up the difference (0 when the values match). */
  trueUp: number;
}

/** Value of a reservation still to be consumed at `now`. */
export function remainingValue(r: ConvertibleReservation, now: Date): number {
  const termHours = hoursBetween(r.term.start, r.term.end);
  const left = hoursBetween(now < r.term.start ? r.term.start : now, r.term.end);
  if (termHours === 0) return 0;
  return r.count * (r.upfront * (left / termHours) + r.recurringHourly * left);
}

/** The exchange of `sources` for target instances covering `wantedUnits` (or more, if the value rule demands). */
export function exchangeQuote(
  sources: readonly ConvertibleReservation[],
  target: ExchangeTarget,
  wantedUnits: number,
  now: Date,
): ExchangeQuote {
  if (!(target.hourlyValue > 0) || !(target.unitsPerInstance > 0))
    throw new RangeError('target must have a price and units');
  const end = Math.max(...sources.map((s) => s.term.end.getTime()), now.getTime());
  const remainingHours = hoursBetween(now, new Date(end));
  const value = sources.reduce((sum, s) => sum + remainingValue(s, now), 0);
  const perInstance = target.hourlyValue * remainingHours;
  // A hair of tolerance so exact multiples do not round up on floating-point dust.
  const minimumInstances = perInstance > 0 ? Math.ceil(value / perInstance - 1e-9) : 0;
  const instances = Math.max(
    minimumInstances,
    Math.ceil(Math.max(0, wantedUnits) / target.unitsPerInstance - 1e-9),
  );
  const newValue = instances * perInstance;
  return {
    remainingHours,
    remainingValue: value,
    minimumInstances,
    instances,
    newValue,
    trueUp: Math.max(0, newValue - value),
  };
}

/** Utilisation and coverage of `reservedUnits` over an hourly curve of normalised units (before or after an exchange). */
export function reservationFit(hourlyUnits: readonly number[], reservedUnits: number) {
  const point = evaluateCommitment(hourlyUnits, 1, reservedUnits);
  return { utilisation: point.utilisation, coverage: point.coverage };
}
