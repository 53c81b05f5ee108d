import type { RawColumns } from '../duckdb/expressions';
import { mapFromColumns } from '../duckdb/expressions';
import type { FormatMapping } from '../format-mapping';

/**
 * FOCUS 1.0–1.2 (and the pre-1.0 names some feeds still use) onto the canonical columns. Cost types:
 * BilledCost → unblended (also blended: FOCUS has no blended rate), EffectiveCost → amortized,
 * ListCost → list, and the discounted variants: BilledCost and EffectiveCost already include negotiated
 * discounts, ContractedCost is the negotiated (discounted) list. x_ columns are kept in source_extras.
 */
export function focusMapping(raw: RawColumns): FormatMapping {
  const billed = raw.number('BilledCost');
  const effective = raw.has('EffectiveCost') ? raw.number('EffectiveCost') : billed;
  const list = raw.number('ListCost');
  const contracted = raw.has('ContractedCost') ? raw.number('ContractedCost') : list;
  const commitmentType = raw.text('CommitmentDiscountType');
  const commitmentId = raw.text('CommitmentDiscountId');
  const columns: Record<string, string> = {
    bill_billing_period_start_date: raw.timestamp('BillingPeriodStart'),
    bill_billing_period_end_date: raw.timestamp('BillingPeriodEnd'),
    bill_payer_account_id: raw.text('BillingAccountId'),
    bill_payer_account_name: raw.text('BillingAccountName'),
    bill_billing_entity: raw.text('ProviderName', 'Provider'),
    bill_invoicing_entity: raw.text('InvoiceIssuerName', 'InvoiceIssuer'),
    bill_invoice_id: raw.text('InvoiceId', 'x_InvoiceId'),
    line_item_legal_entity: raw.text('PublisherName', 'Publisher'),
    line_item_usage_account_id: raw.text('SubAccountId'),
    line_item_usage_account_name: raw.text('SubAccountName'),
    line_item_line_item_type: raw.text('ChargeCategory'),
    line_item_line_item_description: raw.text('ChargeDescription'),
    line_item_usage_start_date: raw.timestamp('ChargePeriodStart'),
    line_item_usage_end_date: raw.timestamp('ChargePeriodEnd'),
    line_item_product_code: raw.text('x_ServiceCode', 'ServiceName'),
    line_item_usage_type: raw.text('x_UsageType', 'SkuMeter'),
    line_item_operation: raw.text('x_Operation'),
    line_item_resource_id: raw.text('ResourceId'),
    resource_name: raw.text('ResourceName'),
    line_item_availability_zone: raw.text('AvailabilityZone'),
    line_item_usage_amount: raw.number('ConsumedQuantity', 'UsageQuantity'),
    line_item_currency_code: raw.text('BillingCurrency'),
    pricing_unit: raw.text('PricingUnit', 'ConsumedUnit', 'UsageUnit'),
    pricing_currency: raw.text('PricingCurrency', 'x_PricingCurrency'),
    pricing_public_on_demand_rate: raw.text('ListUnitPrice'),
    product_servicecode: raw.text('x_ServiceCode'),
    product_servicename: raw.text('ServiceName'),
    product_product_name: raw.text('ServiceName'),
    product_product_family: raw.text('ServiceCategory'),
    product_region_code: raw.text('RegionId', 'Region'),
    product_location: raw.text('RegionName'),
    product_sku: raw.text('SkuId'),
    reservation_reservation_a_r_n: `CASE WHEN ${commitmentType} ILIKE '%reserv%' THEN ${commitmentId} END`,
    savings_plan_savings_plan_a_r_n: `CASE WHEN ${commitmentType} ILIKE '%saving%' THEN ${commitmentId} END`,
    commitment_discount_category: raw.text('CommitmentDiscountCategory'),
    commitment_discount_id: commitmentId,
    commitment_discount_name: raw.text('CommitmentDiscountName'),
    commitment_discount_quantity: raw.number('CommitmentDiscountQuantity'),
    commitment_discount_status: raw.text('CommitmentDiscountStatus'),
    commitment_discount_type: commitmentType,
    commitment_discount_unit: raw.text('CommitmentDiscountUnit'),
    charge_frequency: raw.text('ChargeFrequency'),
    resource_tags: raw.map('Tags'),
    source_extras: mapFromColumns(
      raw.columns.filter((c) => /^(x|oci)_/i.test(c.name)).map((c) => ({ key: c.name, column: c })),
    ),
    line_item_unblended_cost: billed,
    line_item_blended_cost: billed,
    pricing_public_on_demand_cost: list,
    line_item_amortized_cost: effective,
    finlens_line_item_net_unblended_cost: billed,
    finlens_line_item_net_amortized_cost: effective,
    finlens_pricing_net_public_on_demand_cost: contracted,
    finlens_charge_category: raw.text('ChargeCategory'),
    finlens_region_name: `COALESCE(${raw.text('RegionName')}, ${raw.text('RegionId', 'Region')})`,
    finlens_purchase_option: purchaseOption(raw),
  };
  return { columns, derived: {}, variant: 'focus' };
}

/** PricingCategory (and its pre-1.0 spellings) with the commitment type onto the AWS purchase options. */
function purchaseOption(raw: RawColumns): string {
  const category = raw.text('PricingCategory');
  const commitment = raw.text('CommitmentDiscountType');
  return `CASE
    WHEN ${commitment} ILIKE '%saving%' THEN 'Savings Plan'
    WHEN ${commitment} ILIKE '%reserv%' THEN 'Reserved'
    WHEN ${category} IN ('Committed', 'Commitment-Based') THEN 'Reserved'
    WHEN ${category} = 'Dynamic' THEN 'Spot'
    WHEN ${category} IN ('Standard', 'On-Demand') THEN 'On Demand'
    ELSE 'Other' END`;
}
