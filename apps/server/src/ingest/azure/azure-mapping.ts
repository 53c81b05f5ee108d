import type { RawColumns } from '../duckdb/expressions';
import { mapFromColumns } from '../duckdb/expressions';
import type { FormatMapping } from '../format-mapping';

/** Headers the Azure mapping reads; everything else goes to source_extras. */
const MAPPED = new Set(
  [
    'CostInBillingCurrency',
    'Cost',
    'PreTaxCost',
    'Date',
    'UsageDateTime',
    'UsageDate',
    'BillingPeriodStartDate',
    'BillingPeriodEndDate',
    'SubscriptionId',
    'SubscriptionGuid',
    'SubscriptionName',
    'BillingAccountId',
    'BillingAccountName',
    'MeterCategory',
    'ConsumedService',
    'ResourceLocation',
    'MeterRegion',
    'ResourceId',
    'InstanceId',
    'ChargeType',
    'BillingCurrencyCode',
    'BillingCurrency',
    'Currency',
    'Tags',
    'Quantity',
    'UsageQuantity',
    'UnitOfMeasure',
    'PricingModel',
    'ReservationId',
    'benefitId',
    'ResourceName',
    'MeterSubCategory',
    'MeterName',
    'MeterId',
    'paygCostInBillingCurrency',
    'InvoiceId',
    'PublisherName',
    'ProductName',
    'AvailabilityZone',
    'ResourceGroup',
    'resourceGroupName',
  ].map((n) => n.toLowerCase()),
);

/**
 * Azure EA and MCA cost-details exports (and the older pay-as-you-go layout). Actual and amortized files
 * have identical columns; an amortized file is recognised by "amortized" in its name. Following
 * Microsoft's FOCUS recipe (billing-formats §5.5): in an actual file the cost is unblended and amortized
 * drops commitment purchases/refunds; in an amortized file the cost is amortized and unblended drops the
 * unused-commitment rows and commitment-covered usage. Tax and credits are not in Azure cost columns.
 */
export function azureMapping(raw: RawColumns, context: { fileNames: string[] }): FormatMapping {
  const amortizedFile =
    context.fileNames.length > 0 && context.fileNames.every((n) => /amorti[sz]ed/i.test(n));
  const cost = raw.number('CostInBillingCurrency', 'Cost', 'PreTaxCost');
  const chargeType = raw.text('ChargeType');
  const pricingModel = `lower(replace(COALESCE(${raw.text('PricingModel')}, ''), ' ', ''))`;
  const committed = `${pricingModel} IN ('reservation', 'savingsplan')`;
  const unblended = amortizedFile
    ? `CASE WHEN ${chargeType} IN ('UnusedReservation', 'UnusedSavingsPlan') OR (${chargeType} = 'Usage' AND ${committed}) THEN 0 ELSE ${cost} END`
    : cost;
  const amortized = amortizedFile
    ? cost
    : `CASE WHEN ${chargeType} IN ('Purchase', 'Refund') AND ${committed} THEN 0 ELSE ${cost} END`;
  const list = raw.has('paygCostInBillingCurrency') ? raw.number('paygCostInBillingCurrency') : cost;
  const date = raw.timestamp('Date', 'UsageDateTime', 'UsageDate');
  const columns: Record<string, string> = {
    bill_billing_period_start_date: raw.timestamp('BillingPeriodStartDate'),
    // Azure end dates are inclusive days; canonical ends are exclusive.
    bill_billing_period_end_date: `${raw.timestamp('BillingPeriodEndDate')} + INTERVAL 1 DAY`,
    bill_payer_account_id: raw.text('BillingAccountId', 'BillingProfileId'),
    bill_payer_account_name: raw.text('BillingAccountName', 'BillingProfileName'),
    bill_billing_entity: `'Azure'`,
    bill_invoice_id: raw.text('InvoiceId'),
    line_item_usage_account_id: raw.text('SubscriptionId', 'SubscriptionGuid'),
    line_item_usage_account_name: raw.text('SubscriptionName'),
    line_item_line_item_type: `COALESCE(${chargeType}, 'Usage')`,
    line_item_usage_start_date: date,
    line_item_usage_end_date: `${date} + INTERVAL 1 DAY`,
    line_item_product_code: raw.text('ConsumedService', 'MeterCategory'),
    product_servicename: raw.text('MeterCategory'),
    product_product_name: raw.text('ProductName', 'MeterCategory'),
    product_product_family: raw.text('MeterSubCategory'),
    line_item_usage_type: raw.text('MeterName'),
    product_sku: raw.text('MeterId'),
    product_region_code: raw.text('ResourceLocation', 'MeterRegion'),
    line_item_resource_id: raw.text('ResourceId', 'InstanceId'),
    resource_name: raw.text('ResourceName'),
    line_item_availability_zone: raw.text('AvailabilityZone'),
    line_item_legal_entity: raw.text('PublisherName'),
    line_item_currency_code: raw.text('BillingCurrencyCode', 'BillingCurrency', 'Currency'),
    line_item_usage_amount: raw.number('Quantity', 'UsageQuantity'),
    pricing_unit: raw.text('UnitOfMeasure'),
    reservation_reservation_a_r_n: `CASE WHEN ${pricingModel} = 'reservation' THEN ${raw.text('ReservationId', 'benefitId')} END`,
    savings_plan_savings_plan_a_r_n: `CASE WHEN ${pricingModel} = 'savingsplan' THEN ${raw.text('benefitId')} END`,
    resource_tags: raw.map('Tags'),
    source_extras: mapFromColumns(
      raw.columns.filter((c) => !MAPPED.has(c.name.toLowerCase())).map((c) => ({ key: c.name, column: c })),
    ),
    line_item_unblended_cost: unblended,
    line_item_blended_cost: unblended,
    line_item_amortized_cost: amortized,
    pricing_public_on_demand_cost: list,
    finlens_line_item_net_unblended_cost: unblended,
    finlens_line_item_net_amortized_cost: amortized,
    finlens_pricing_net_public_on_demand_cost: list,
    finlens_charge_category: `CASE WHEN ${chargeType} IS NULL OR ${chargeType} IN ('Usage', 'UnusedReservation', 'UnusedSavingsPlan') THEN 'Usage' WHEN ${chargeType} IN ('Purchase', 'Refund') THEN 'Purchase' WHEN ${chargeType} IN ('Tax', 'Credit') THEN ${chargeType} ELSE 'Adjustment' END`,
    finlens_purchase_option: `CASE WHEN ${pricingModel} = 'savingsplan' THEN 'Savings Plan' WHEN ${pricingModel} = 'reservation' THEN 'Reserved' WHEN ${pricingModel} = 'spot' THEN 'Spot' WHEN ${pricingModel} IN ('ondemand', '') THEN 'On Demand' ELSE 'Other' END`,
  };
  return { columns, derived: {}, variant: amortizedFile ? 'azure-amortized' : 'azure-actual' };
}
