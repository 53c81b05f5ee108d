/**
 * Which AWS rows count as commitment-eligible usage (coverage and the effective savings rate) and which are spot.
 * Eligible: usage a commitment did cover (DiscountedUsage, SavingsPlanCoveredUsage) and billable on-demand
 * instance hours of the services that sell reservations. Free-tier hours (no pricing term, no cost) and spot are
 * not. Fargate and Lambda on-demand usage, which Compute Savings Plans also cover, is not counted yet.
 */
export const RESERVABLE_SERVICES: readonly string[] = [
  'AmazonEC2',
  'AmazonRDS',
  'AmazonElastiCache',
  'AmazonES',
  'AmazonRedshift',
];

/** Usage types of instance hours, as text (the warehouse matches the same pattern in SQL). */
export const INSTANCE_HOURS_PATTERN =
  '(^|-|:)(BoxUsage|DedicatedUsage|HostUsage|InstanceUsage|Multi-AZUsage|NodeUsage)(:|$)';
const INSTANCE_HOURS = new RegExp(INSTANCE_HOURS_PATTERN);

/** What marks spot usage in a usage type (case counts). */
export const SPOT_USAGE = 'SpotUsage';

export interface EligibilityRow {
  lineItemType: string;
  productCode: string | null;
  usageType: string | null;
  pricingTerm: string | null;
}

export function isCommitmentEligible(row: EligibilityRow): boolean {
  if (row.lineItemType === 'DiscountedUsage' || row.lineItemType === 'SavingsPlanCoveredUsage') return true;
  return (
    row.lineItemType === 'Usage' &&
    row.pricingTerm === 'OnDemand' &&
    RESERVABLE_SERVICES.includes(row.productCode ?? '') &&
    INSTANCE_HOURS.test(row.usageType ?? '')
  );
}

export function isSpotUsage(row: EligibilityRow): boolean {
  return row.lineItemType === 'Usage' && (row.usageType ?? '').includes(SPOT_USAGE);
}
