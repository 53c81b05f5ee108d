/**
 * One AWS CUR row as the commitment math reads it (legacy CUR and CUR 2.0 alike, columns renamed to camelCase by
 * the reader): the cost fields of billing-line-item-types plus usage, reservation and savings plan columns.
 */
import type { AwsCostRow } from '../billing-line-item-types';
import type { EligibilityRow } from './eligibility';

export interface CurCommitmentRow extends AwsCostRow, EligibilityRow {
  /** Billing month `YYYY-MM` of the usage start. */
  billingPeriod: string;
  usageAccountId: string;
  region: string | null;
  usageAmount: number | null;
  normalizedUsageAmount: number | null;
  publicOnDemandCost: number | null;
  reservationTotalReservedUnits: number | null;
  reservationTotalReservedNormalizedUnits: number | null;
  reservationUnusedQuantity: number | null;
  reservationUnusedNormalizedUnitQuantity: number | null;
  reservationAmortizedUpfrontFee: number | null;
  savingsPlanArn: string | null;
  /** Inventory columns: term as ISO text, count, upfront price, zone (CUR 2.0 only), standard / convertible. */
  reservationStartTime: string | null;
  reservationEndTime: string | null;
  reservationNumberOfReservations: number | null;
  reservationUpfrontValue: number | null;
  reservationAvailabilityZone: string | null;
  pricingOfferingClass: string | null;
  /** Savings plan inventory columns (CUR 2.0 / legacy `savingsPlan/…`). */
  savingsPlanOfferingType: string | null;
  savingsPlanPaymentOption: string | null;
  savingsPlanPurchaseTerm: string | null;
  savingsPlanStartTime: string | null;
  savingsPlanEndTime: string | null;
  savingsPlanRegion: string | null;
  savingsPlanInstanceTypeFamily: string | null;
}

const NULL_FIELDS = [
  'productCode',
  'usageType',
  'pricingTerm',
  'region',
  'description',
  'unblended',
  'netUnblended',
  'usageAmount',
  'normalizedUsageAmount',
  'publicOnDemandCost',
  'reservationArn',
  'reservationEffective',
  'reservationNetEffective',
  'reservationUnusedAmortizedUpfront',
  'reservationUnusedRecurring',
  'reservationNetUnusedAmortizedUpfront',
  'reservationNetUnusedRecurring',
  'reservationTotalReservedUnits',
  'reservationTotalReservedNormalizedUnits',
  'reservationUnusedQuantity',
  'reservationUnusedNormalizedUnitQuantity',
  'reservationAmortizedUpfrontFee',
  'savingsPlanArn',
  'spEffective',
  'spNetEffective',
  'spTotalCommitment',
  'spUsedCommitment',
  'spAmortizedUpfront',
  'spNetAmortizedUpfront',
  'reservationStartTime',
  'reservationEndTime',
  'reservationNumberOfReservations',
  'reservationUpfrontValue',
  'reservationAvailabilityZone',
  'pricingOfferingClass',
  'savingsPlanOfferingType',
  'savingsPlanPaymentOption',
  'savingsPlanPurchaseTerm',
  'savingsPlanStartTime',
  'savingsPlanEndTime',
  'savingsPlanRegion',
  'savingsPlanInstanceTypeFamily',
] as const;

/** Built once: copying one fixed-shape object per row is cheap, building it per row was the readers' main cost. */
const EMPTY = Object.fromEntries(NULL_FIELDS.map((f) => [f, null])) as Record<
  (typeof NULL_FIELDS)[number],
  null
>;

/** A row with every optional column absent (null) but those given. */
export function curCommitmentRow(
  fields: Pick<CurCommitmentRow, 'lineItemType' | 'billingPeriod' | 'usageAccountId'> &
    Partial<CurCommitmentRow>,
): CurCommitmentRow {
  return { ...EMPTY, ...fields };
}
