import type { CommitmentInventory } from './commitments';

/**
 * What owner accounts describe of a reservation and a savings plan, shared by the server's enrichment test (its
 * simulated account describes exactly these) and the web's Commitment Inventory test (the page shows them).
 */
export const DESCRIBED_RESERVATION: NonNullable<CommitmentInventory['reservations'][number]['from_account']> =
  {
    state: 'active',
    start: '2026-01-10T09:31:12.000Z',
    end: '2027-01-10T09:31:12.000Z',
    count: 2,
    instance_type: 'm5.large',
    offering_class: 'convertible',
    offering_type: 'No Upfront',
    scope: 'Availability Zone',
    availability_zone: 'us-east-1c',
    platform: 'Linux/UNIX',
    multi_az: null,
  };

export const DESCRIBED_PLAN: NonNullable<CommitmentInventory['savings_plans'][number]['from_account']> = {
  state: 'active',
  start: '2026-01-05T08:12:40.000Z',
  end: '2027-01-05T08:12:40.000Z',
  plan_type: 'Compute',
  payment_option: 'No Upfront',
  term: '1yr',
  commitment: 1.5,
  upfront_payment_amount: 0,
  recurring_payment_amount: 1.5,
  region: null,
  instance_family: null,
};
