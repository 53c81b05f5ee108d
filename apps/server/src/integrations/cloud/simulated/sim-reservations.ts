import {
  type AccountReservation,
  type AccountSavingsPlan,
  accountReservation,
  reservationArn,
} from '../cloud-port';
import { type ScenarioReservation, type ScenarioSavingsPlan, TERM_SECONDS } from './scenario-schema';

/** AWS's state at `now`: payment-pending before the start, active during the term, retired after its end. */
export function reservationState(start: Date, end: Date, now: number): string {
  if (now < start.getTime()) return 'payment-pending';
  return now < end.getTime() ? 'active' : 'retired';
}

/** A term's start, end and Duration: the end is start + the term's Duration unless the scenario sets it. */
function termOf(c: { start: Date; end?: Date | undefined; term: keyof typeof TERM_SECONDS }) {
  const end = c.end ?? new Date(c.start.getTime() + TERM_SECONDS[c.term] * 1000);
  return {
    start: new Date(c.start),
    end,
    durationSeconds: Math.round((end.getTime() - c.start.getTime()) / 1000),
  };
}

/** A scenario reservation as the account describes it when the simulated clock reads `now`. */
export function simReservation(r: ScenarioReservation, now: number): AccountReservation {
  const term = termOf(r);
  const base = {
    ...term,
    service: r.service,
    id: r.id,
    arn: r.arn ?? reservationArn(r.service, r.region, r.accountId, r.id),
    state: reservationState(r.start, term.end, now),
    count: r.count,
    instanceType: r.instanceType,
    offeringType: r.offeringType,
  };
  switch (r.service) {
    case 'ec2':
      return accountReservation({
        ...base,
        offeringClass: r.offeringClass,
        scope: r.scope,
        availabilityZone: r.scope === 'Availability Zone' ? (r.availabilityZone ?? null) : null,
        productDescription: r.productDescription,
      });
    case 'rds':
      return accountReservation({ ...base, productDescription: r.productDescription, multiAz: r.multiAz });
    case 'elasticache':
      return accountReservation({ ...base, productDescription: r.productDescription });
    case 'redshift':
      return accountReservation({ ...base, offeringClass: r.offeringClass });
    case 'opensearch':
      return accountReservation(base);
  }
}

/** A scenario savings plan as DescribeSavingsPlans answers it when the simulated clock reads `now`. */
export function simSavingsPlan(p: ScenarioSavingsPlan, now: number): AccountSavingsPlan {
  const term = termOf(p);
  const hours = term.durationSeconds / 3600;
  // Paid upfront: the share of the term's commitment, to the cent as AWS bills it.
  const upfront = Math.round(p.commitment * hours * p.upfrontShare * 100) / 100;
  return {
    ...term,
    id: p.id,
    arn: p.arn ?? `arn:aws:savingsplans::${p.accountId}:savingsplan/${p.id}`,
    state: reservationState(p.start, term.end, now),
    planType: p.planType,
    paymentOption: p.paymentOption,
    commitment: p.commitment,
    upfrontPaymentAmount: upfront,
    recurringPaymentAmount: p.commitment * (1 - p.upfrontShare),
    currency: 'USD',
    region: p.region ?? null,
    instanceFamily: p.instanceFamily ?? null,
  };
}
