import type { AccountReservation, CloudService } from '../cloud-port';
import { type ScenarioReservation, TERM_SECONDS } from './scenario-schema';

/** The calls that describe reservations, per service (a fault on either loses only that service's). */
export const RESERVATION_OPERATIONS: readonly (readonly [CloudService, string])[] = [
  ['ec2', 'DescribeReservedInstances'],
  ['rds', 'DescribeReservedDBInstances'],
];

/** AWS's state at `now`: payment-pending before the start, active during the term, retired after its end. */
export function reservationState(start: Date, end: Date, now: number): string {
  if (now < start.getTime()) return 'payment-pending';
  return now < end.getTime() ? 'active' : 'retired';
}

/** A scenario reservation as the account describes it when the simulated clock reads `now`. */
export function simReservation(r: ScenarioReservation, now: number): AccountReservation {
  const end = r.end ?? new Date(r.start.getTime() + TERM_SECONDS[r.term] * 1000);
  const base = {
    id: r.id,
    state: reservationState(r.start, end, now),
    start: new Date(r.start),
    end,
    durationSeconds: Math.round((end.getTime() - r.start.getTime()) / 1000),
    count: r.count,
    instanceType: r.instanceType,
    offeringType: r.offeringType,
    productDescription: r.productDescription,
  };
  if (r.service === 'ec2') {
    return {
      ...base,
      service: 'ec2',
      arn: r.arn ?? `arn:aws:ec2:${r.region}:${r.accountId}:reserved-instances/${r.id}`,
      offeringClass: r.offeringClass,
      scope: r.scope,
      availabilityZone: r.scope === 'Availability Zone' ? (r.availabilityZone ?? null) : null,
      multiAz: null,
    };
  }
  return {
    ...base,
    service: 'rds',
    arn: r.arn ?? `arn:aws:rds:${r.region}:${r.accountId}:ri:${r.id}`,
    offeringClass: null,
    scope: null,
    availabilityZone: null,
    multiAz: r.multiAz,
  };
}
