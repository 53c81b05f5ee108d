/**
 * The documented rate table: commitment rate ÷ on-demand rate by what is bought, term and payment option, for the
 * purchase analyses of an account whose bill has no commitment to read its own rate from (docs/commitments.md,
 * "The rate table"). Every figure names where it comes from; an admin's figure replaces it for their client.
 *
 * - `catalogue`: the median over the instance catalogue's 2021 RDS prices (ec2instances.info
 *   `www/rds/instances.json`, MIT) of reserved effective $/h ÷ on-demand $/h, over the open-source engines
 *   (MySQL, PostgreSQL, MariaDB, Aurora MySQL, Aurora PostgreSQL) of every class and region priced for both;
 *   `packages/fixtures/commitments/rate-table-rds.mjs` recomputes them (22 prices per cell).
 * - `sample_bill`: observed on the AWS Well-Architected workshop CUR (October 2018, us-east-1, Linux t2/c5): the
 *   median over its reservations of their effective cost ÷ the public on-demand cost of the usage they covered.
 * - `estimate`: no price list is reachable from here; an approximation of AWS's public Linux/UNIX prices of
 *   general-purpose instances (m5-class, us-east-1), consistent with the sample bill where it has the
 *   term and payment option, not checked against a price list. Admins should replace these with their own.
 *
 * The figures are for Linux/UNIX, shared tenancy (EC2) and open-source engines (RDS): a licence billed with the
 * instance (Windows, SQL Server, Oracle licence-included) is not discounted alike, so those get no table rate.
 */
import type { CommitmentRateKind, CommitmentTerm, PaymentOption } from '@finlens/contracts/commitments';

export type RateProvenance = 'catalogue' | 'sample_bill' | 'estimate';

export interface RateTableEntry {
  kind: CommitmentRateKind;
  term: CommitmentTerm;
  payment_option: PaymentOption;
  rate_ratio: number;
  provenance: RateProvenance;
}

const entry = (
  kind: CommitmentRateKind,
  term: CommitmentTerm,
  payment_option: PaymentOption,
  rate_ratio: number,
  provenance: RateProvenance,
): RateTableEntry => ({ kind, term, payment_option, rate_ratio, provenance });

export const RATE_TABLE: readonly RateTableEntry[] = [
  // Compute Savings Plans: priced as convertible reservations (the sample bill's convertible one: 0.716).
  entry('compute_savings_plan', '1yr', 'No Upfront', 0.72, 'estimate'),
  entry('compute_savings_plan', '1yr', 'Partial Upfront', 0.69, 'estimate'),
  entry('compute_savings_plan', '1yr', 'All Upfront', 0.67, 'estimate'),
  entry('compute_savings_plan', '3yr', 'No Upfront', 0.5, 'estimate'),
  entry('compute_savings_plan', '3yr', 'Partial Upfront', 0.47, 'estimate'),
  entry('compute_savings_plan', '3yr', 'All Upfront', 0.45, 'estimate'),
  // EC2 standard reservations: the median over the sample bill's (no upfront: 0.621 and 0.728; partial upfront:
  // five from 0.588 to 0.799).
  entry('ec2_standard_ri', '1yr', 'No Upfront', 0.67, 'sample_bill'),
  entry('ec2_standard_ri', '1yr', 'Partial Upfront', 0.59, 'sample_bill'),
  entry('ec2_standard_ri', '1yr', 'All Upfront', 0.58, 'estimate'),
  entry('ec2_standard_ri', '3yr', 'No Upfront', 0.43, 'estimate'),
  entry('ec2_standard_ri', '3yr', 'Partial Upfront', 0.41, 'estimate'),
  entry('ec2_standard_ri', '3yr', 'All Upfront', 0.39, 'estimate'),
  // RDS: the catalogue has no three-year no-upfront offering (AWS sold none then), so that cell is left empty.
  entry('rds_ri', '1yr', 'No Upfront', 0.657, 'catalogue'),
  entry('rds_ri', '1yr', 'Partial Upfront', 0.61, 'catalogue'),
  entry('rds_ri', '1yr', 'All Upfront', 0.597, 'catalogue'),
  entry('rds_ri', '3yr', 'Partial Upfront', 0.4, 'catalogue'),
  entry('rds_ri', '3yr', 'All Upfront', 0.392, 'catalogue'),
];

/** What a reservation of a service is in the table (null: the table has no figures for it). */
export function reservationRateKind(service: string): CommitmentRateKind | null {
  if (service === 'AmazonEC2') return 'ec2_standard_ri';
  if (service === 'AmazonRDS') return 'rds_ri';
  return null;
}

export interface RateOverride {
  kind: CommitmentRateKind;
  term: CommitmentTerm;
  payment_option: PaymentOption;
  rate_ratio: number;
}

/** The table's figure for a kind, term and payment option, a client's own figure first; null when neither. */
export function tableRate(
  kind: CommitmentRateKind,
  term: CommitmentTerm,
  paymentOption: PaymentOption,
  overrides: readonly RateOverride[] = [],
): { rateRatio: number; provenance: RateProvenance | 'admin' } | null {
  const same = (e: { kind: string; term: string; payment_option: string }) =>
    e.kind === kind && e.term === term && e.payment_option === paymentOption;
  const own = overrides.find(same);
  if (own !== undefined) return { rateRatio: own.rate_ratio, provenance: 'admin' };
  const documented = RATE_TABLE.find(same);
  return documented === undefined
    ? null
    : { rateRatio: documented.rate_ratio, provenance: documented.provenance };
}
