import { curCommitmentRow } from '@finlens/cost-model/commitments/cur-row';
import type { WarehouseCommitmentRow } from '../../warehouse/cost-query/commitment-rows';

/** A bill row as the warehouse reads it: the CUR fields given, at an instant, with its amortised cost. */
export function warehouseRow(
  fields: Parameters<typeof curCommitmentRow>[0],
  at: string,
  amortized: number,
): WarehouseCommitmentRow {
  return {
    ...curCommitmentRow(fields),
    at: new Date(at),
    usageEnd: null,
    operatingSystem: null,
    tenancy: null,
    licenceModel: null,
    sourceFormat: 'cur',
    billingPeriodStart: null,
    amortized,
    chargeFrequency: null,
    commitmentDiscountId: null,
    commitmentDiscountStatus: null,
    commitmentDiscountQuantity: null,
    commitmentDiscountType: null,
    commitmentDiscountCategory: null,
    commitmentDiscountName: null,
    commitmentDiscountUnit: null,
  };
}
