/**
 * Reservation utilisation by hour, day or month. The RIFee row only gives a month's figure, so the capacity of a
 * bucket is computed from the inventory: normalised units per hour × the hours of the term inside the bucket (a
 * reservation starting or ending mid-bucket offers fewer); use is what its DiscountedUsage rows consumed in the
 * bucket. Summed over a month, the capacity is the RIFee row's reserved normalised units.
 */
import { type Interval, overlapHours } from './amortisation';
import { utilisationRatio } from './utilisation';

export type Granularity = 'hour' | 'day' | 'month';

export interface ReservationCapacity {
  arn: string;
  normalisedUnitsPerHour: number;
  term: Interval;
}

export interface UsedUnits {
  arn: string;
  at: Date;
  normalisedUnits: number;
}

export interface UtilisationPoint {
  arn: string;
  /** Bucket start, ISO 8601 UTC. */
  bucket: string;
  capacityUnits: number;
  usedUnits: number;
  utilisation: number | null;
}

/** The bucket of `granularity` that holds `at`. */
export function bucketOf(at: Date, granularity: Granularity): Interval {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  switch (granularity) {
    case 'hour': {
      const start = Date.UTC(y, m, d, at.getUTCHours());
      return { start: new Date(start), end: new Date(start + 3_600_000) };
    }
    case 'day':
      return { start: new Date(Date.UTC(y, m, d)), end: new Date(Date.UTC(y, m, d + 1)) };
    case 'month':
      return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
  }
}

/** Every bucket of the window, in order. */
export function bucketsOf(window: Interval, granularity: Granularity): Interval[] {
  const buckets: Interval[] = [];
  for (let b = bucketOf(window.start, granularity); b.start < window.end; b = bucketOf(b.end, granularity)) {
    buckets.push(b);
  }
  return buckets;
}

export function reservationUtilisationSeries(
  capacities: readonly ReservationCapacity[],
  used: Iterable<UsedUnits>,
  window: Interval,
  granularity: Granularity,
): UtilisationPoint[] {
  const usedBy = new Map<string, number>();
  for (const u of used) {
    if (u.at < window.start || u.at >= window.end) continue;
    const key = `${u.arn}\u0000${bucketOf(u.at, granularity).start.toISOString()}`;
    usedBy.set(key, (usedBy.get(key) ?? 0) + u.normalisedUnits);
  }
  const points: UtilisationPoint[] = [];
  const buckets = bucketsOf(window, granularity);
  for (const c of [...capacities].sort((a, b) => a.arn.localeCompare(b.arn))) {
    for (const b of buckets) {
      const bucket = b.start.toISOString();
      const capacityUnits = c.normalisedUnitsPerHour * overlapHours(c.term, b);
      const usedUnits = usedBy.get(`${c.arn}\u0000${bucket}`) ?? 0;
      if (capacityUnits === 0 && usedUnits === 0) continue;
      points.push({
        arn: c.arn,
        bucket,
        capacityUnits,
        usedUnits,
        utilisation: utilisationRatio(usedUnits, capacityUnits),
      });
    }
  }
  return points;
}
