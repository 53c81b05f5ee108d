/**
 * AWS line item types (billing-formats §3.1) and the rules that turn one row into the seven cost
 * types. The importer compiles these rules into warehouse SQL; the functions here are the reference
 * implementation that the tests pin down.
 */
export const SPLIT_COST_OPERATIONS = ['EKSPod-EC2', 'ECSTask-EC2'] as const;

export const SAVINGS_PLAN_LINE_TYPES = [
  'SavingsPlanCoveredUsage',
  'SavingsPlanNegation',
  'SavingsPlanRecurringFee',
  'SavingsPlanUpfrontFee',
] as const;

/** FOCUS-like category of an AWS line item type (billing-formats §7; not an AWS mapping). */
export function chargeCategoryOfLineType(lineItemType: string): string {
  switch (lineItemType) {
    case 'Usage':
    case 'DiscountedUsage':
    case 'SavingsPlanCoveredUsage':
    case 'SavingsPlanNegation':
    case 'FlatRateSubscription':
      return 'Usage';
    case 'RIFee':
    case 'Fee':
    case 'SavingsPlanUpfrontFee':
    case 'SavingsPlanRecurringFee':
      return 'Purchase';
    case 'Tax':
      return 'Tax';
    case 'Credit':
    case 'Refund':
      return 'Credit';
    default:
      return lineItemType.endsWith('Discount') ? 'Adjustment' : 'Usage';
  }
}

/** The numeric fields of one AWS row that the cost rules read; absent values are null. */
export interface AwsCostRow {
  lineItemType: string;
  productCode: string | null;
  description: string | null;
  unblended: number | null;
  netUnblended: number | null;
  reservationArn: string | null;
  reservationEffective: number | null;
  reservationNetEffective: number | null;
  reservationUnusedAmortizedUpfront: number | null;
  reservationUnusedRecurring: number | null;
  reservationNetUnusedAmortizedUpfront: number | null;
  reservationNetUnusedRecurring: number | null;
  spEffective: number | null;
  spNetEffective: number | null;
  spTotalCommitment: number | null;
  spUsedCommitment: number | null;
  spAmortizedUpfront: number | null;
  spNetAmortizedUpfront: number | null;
}

const n = (v: number | null) => v ?? 0;

function isSpUpfrontRefund(row: AwsCostRow): boolean {
  return (
    row.lineItemType === 'Refund' &&
    row.productCode === 'ComputeSavingsPlans' &&
    (row.description ?? '').startsWith('Refund for one-time fee for Savings Plan ID')
  );
}

/** Amortized cost, Well-Architected CUR query library / CID convention (billing-formats §3.3). */
export function awsAmortizedCost(row: AwsCostRow): number {
  switch (row.lineItemType) {
    case 'SavingsPlanCoveredUsage':
      return n(row.spEffective);
    case 'SavingsPlanRecurringFee':
      return n(row.spTotalCommitment) - n(row.spUsedCommitment);
    case 'SavingsPlanNegation':
    case 'SavingsPlanUpfrontFee':
      return 0;
    case 'DiscountedUsage':
      return n(row.reservationEffective);
    case 'RIFee':
      return n(row.reservationUnusedAmortizedUpfront) + n(row.reservationUnusedRecurring);
    case 'Fee':
      return row.reservationArn ? 0 : n(row.unblended);
    default:
      return isSpUpfrontRefund(row) ? 0 : n(row.unblended);
  }
}

/** Net (after EDP/PPA) amortized cost (billing-formats §3.4); empty net columns fall back to gross. */
export function awsNetAmortizedCost(row: AwsCostRow): number {
  const netUnblended = row.netUnblended ?? n(row.unblended);
  switch (row.lineItemType) {
    case 'EdpDiscount':
    case 'PrivateRateDiscount':
    case 'SavingsPlanNegation':
    case 'SavingsPlanUpfrontFee':
      return 0;
    case 'Fee':
      return row.reservationArn ? 0 : netUnblended;
    case 'DiscountedUsage':
      return row.reservationNetEffective ?? n(row.reservationEffective);
    case 'SavingsPlanCoveredUsage':
      return row.spNetEffective ?? n(row.spEffective);
    case 'RIFee':
      return (
        (row.reservationNetUnusedAmortizedUpfront ?? n(row.reservationUnusedAmortizedUpfront)) +
        (row.reservationNetUnusedRecurring ?? n(row.reservationUnusedRecurring))
      );
    case 'SavingsPlanRecurringFee':
      return (n(row.spTotalCommitment) - n(row.spUsedCommitment)) * spNetRatio(row);
    default:
      return netUnblended;
  }
}

function spNetRatio(row: AwsCostRow): number {
  const gross = n(row.unblended);
  if (gross !== 0) return (row.netUnblended ?? gross) / gross;
  const upfront = n(row.spAmortizedUpfront);
  if (upfront !== 0) return (row.spNetAmortizedUpfront ?? upfront) / upfront;
  return 1;
}

/** List cost leaves SavingsPlanNegation rows out (CID `public_cost`, billing-formats §3.5). */
export function awsListCost(lineItemType: string, publicOnDemand: number | null): number {
  return lineItemType === 'SavingsPlanNegation' ? 0 : n(publicOnDemand);
}

export type PurchaseOption = 'On Demand' | 'Reserved' | 'Savings Plan' | 'Spot' | 'Other';

/** Purchase option of an AWS row (CID's labelling: SP ARN / RI / Spot usage type / on-demand). */
export function awsPurchaseOption(row: {
  lineItemType: string;
  usageType: string | null;
  reservationArn: string | null;
  savingsPlanArn: string | null;
}): PurchaseOption {
  if ((SAVINGS_PLAN_LINE_TYPES as readonly string[]).includes(row.lineItemType) || row.savingsPlanArn) {
    return 'Savings Plan';
  }
  if (row.lineItemType === 'DiscountedUsage' || row.lineItemType === 'RIFee' || row.reservationArn) {
    return 'Reserved';
  }
  if ((row.usageType ?? '').includes('Spot')) return 'Spot';
  if (row.lineItemType === 'Usage') return 'On Demand';
  return 'Other';
}
