import { RESERVABLE_SERVICES } from '@finlens/cost-model/commitments/eligibility';
import type { SqlDialect, SqlValues } from './sql-dialect';

/**
 * What the commitment math reads of the line items (commitment-rows.ts) and the daily rollup of it built at
 * import, so Commitment Management's day and month reads do not scan the line items: the rows, their grouped
 * keys, their per-commitment attributes and their sums. Apart from commitment-rows.ts so the rollup list can
 * hold it without an import cycle.
 */
/** The line item types of commitments themselves: their fees and the usage they covered. */
export const COMMITMENT_LINE_ITEM_TYPES: readonly string[] = [
  'RIFee',
  'DiscountedUsage',
  'SavingsPlanRecurringFee',
  'SavingsPlanCoveredUsage',
];

/** Grouped text attributes: [field of the row, canonical column]. */
export const KEYS: [string, string][] = [
  ['sourceFormat', 'source_format'],
  ['lineItemType', 'line_item_line_item_type'],
  ['usageAccountId', 'line_item_usage_account_id'],
  ['productCode', 'line_item_product_code'],
  ['usageType', 'line_item_usage_type'],
  ['pricingTerm', 'pricing_term'],
  ['region', 'product_region_code'],
  ['reservationArn', 'reservation_reservation_a_r_n'],
  ['savingsPlanArn', 'savings_plan_savings_plan_a_r_n'],
  ['chargeFrequency', 'charge_frequency'],
  ['commitmentDiscountStatus', 'commitment_discount_status'],
  ['commitmentDiscountId', 'commitment_discount_id'],
];

/**
 * A commitment's own attributes (one value per reservation or savings plan, or per its covered usage type and
 * region): read as the group's largest rather than grouped by, which keeps the GROUP BY's key short — hashing
 * the long text keys was most of the query's time at 1M line items.
 */
export const ATTRIBUTES: [string, string][] = [
  ['pricingOfferingClass', 'pricing_offering_class'],
  ['reservationAvailabilityZone', 'reservation_availability_zone'],
  ['savingsPlanOfferingType', 'savings_plan_offering_type'],
  ['savingsPlanPaymentOption', 'savings_plan_payment_option'],
  ['savingsPlanPurchaseTerm', 'savings_plan_purchase_term'],
  ['savingsPlanRegion', 'savings_plan_region'],
  ['savingsPlanInstanceTypeFamily', 'savings_plan_instance_type_family'],
];

/** Timestamps of a commitment's term: one value per commitment, read as the group's latest. */
export const TIMES: [string, string][] = [
  ['reservationStartTime', 'reservation_start_time'],
  ['reservationEndTime', 'reservation_end_time'],
  ['savingsPlanStartTime', 'savings_plan_start_time'],
  ['savingsPlanEndTime', 'savings_plan_end_time'],
];

/** Per-commitment constants (the group's largest). */
export const CONSTANTS: [string, string][] = [
  ['reservationNumberOfReservations', 'reservation_number_of_reservations'],
  ['reservationUpfrontValue', 'reservation_upfront_value'],
];

/** Summed figures; a group whose rows all lack one reads null (FOCUS files without ListCost). */
export const SUMS: [string, string][] = [
  ['unblended', 'line_item_unblended_cost'],
  ['netUnblended', 'line_item_net_unblended_cost'],
  ['amortized', 'line_item_amortized_cost'],
  ['usageAmount', 'line_item_usage_amount'],
  ['normalizedUsageAmount', 'line_item_normalized_usage_amount'],
  ['publicOnDemandCost', 'pricing_public_on_demand_cost'],
  ['reservationEffective', 'reservation_effective_cost'],
  ['reservationNetEffective', 'reservation_net_effective_cost'],
  ['reservationUnusedAmortizedUpfront', 'reservation_unused_amortized_upfront_fee_for_billing_period'],
  ['reservationUnusedRecurring', 'reservation_unused_recurring_fee'],
  ['reservationNetUnusedAmortizedUpfront', 'reservation_net_unused_amortized_upfront_fee_for_billing_period'],
  ['reservationNetUnusedRecurring', 'reservation_net_unused_recurring_fee'],
  ['reservationTotalReservedUnits', 'reservation_total_reserved_units'],
  ['reservationTotalReservedNormalizedUnits', 'reservation_total_reserved_normalized_units'],
  ['reservationUnusedQuantity', 'reservation_unused_quantity'],
  ['reservationUnusedNormalizedUnitQuantity', 'reservation_unused_normalized_unit_quantity'],
  ['reservationAmortizedUpfrontFee', 'reservation_amortized_upfront_fee_for_billing_period'],
  ['spEffective', 'savings_plan_savings_plan_effective_cost'],
  ['spNetEffective', 'savings_plan_net_savings_plan_effective_cost'],
  ['spTotalCommitment', 'savings_plan_total_commitment_to_date'],
  ['spUsedCommitment', 'savings_plan_used_commitment'],
  ['spAmortizedUpfront', 'savings_plan_amortized_upfront_commitment_for_billing_period'],
  ['spNetAmortizedUpfront', 'savings_plan_net_amortized_upfront_commitment_for_billing_period'],
  ['commitmentDiscountQuantity', 'commitment_discount_quantity'],
];

/**
 * The rows the commitment math reads: commitment line items (RIFee, DiscountedUsage, savings plan fees and covered
 * usage), any row carrying a reservation, savings plan or commitment discount id, usage of the services that sell
 * reservations, spot usage and every FOCUS usage row.
 */
export function commitmentRowsSql(dialect: SqlDialect, values: SqlValues): string {
  const id = dialect.identifier;
  const list = (items: readonly string[]) => items.map((v) => values.add(v)).join(', ');
  const type = id('line_item_line_item_type');
  return [
    `${type} IN (${list(COMMITMENT_LINE_ITEM_TYPES)})`,
    `${id('reservation_reservation_a_r_n')} IS NOT NULL`,
    `${id('savings_plan_savings_plan_a_r_n')} IS NOT NULL`,
    `${id('commitment_discount_id')} IS NOT NULL`,
    `(${type} = ${values.add('Usage')} AND (${id('line_item_product_code')} IN (${list(RESERVABLE_SERVICES)})
      OR ${dialect.containsIgnoreCase(id('line_item_usage_type'), values.add('SpotUsage'))}
      OR ${id('source_format')} = ${values.add('focus')}))`,
  ].join(' OR ');
}

/** Usage-type names of instance hours (eligibility.ts INSTANCE_HOURS) and of spot: what the math reads of usage. */
const FIGURED_USAGE = [
  'BoxUsage',
  'DedicatedUsage',
  'HostUsage',
  'InstanceUsage',
  'Multi-AZUsage',
  'NodeUsage',
  'SpotUsage',
];

/**
 * What a read of those rows leaves out: CUR usage without a commitment that is neither instance hours nor spot
 * (the reservable services' storage, transfer, requests…). The cost model never counts it — every figure keeps
 * only commitment rows, spot and eligible instance hours (eligibility.ts) — and it was a third of a dashboard's
 * rows. A superset of what the model reads (any usage type naming those hours, case aside), so the model's own
 * tests still decide eligibility; FOCUS rows are all kept. (Such usage without a usage type is left out too: the
 * condition is null there, and so is its NOT.)
 */
export function unfiguredUsageSql(dialect: SqlDialect, values: SqlValues): string {
  const id = dialect.identifier;
  const usageType = id('line_item_usage_type');
  const named = FIGURED_USAGE.map((name) => dialect.containsIgnoreCase(usageType, values.add(name)));
  return `${id('line_item_line_item_type')} = ${values.add('Usage')}
    AND ${id('reservation_reservation_a_r_n')} IS NULL AND ${id('savings_plan_savings_plan_a_r_n')} IS NULL
    AND ${id('commitment_discount_id')} IS NULL AND coalesce(${id('source_format')}, '') <> ${values.add('focus')}
    AND NOT (${named.join(' OR ')})`;
}

/**
 * The commitment rows per usage day, every key, attribute and the bill's period start grouped, every figure summed
 * (null where none of a group's line items has it). The day and month reads sum its rows again; hours read the
 * line items (a row's usage end is kept only there).
 */
// A RollupDefinition (rollups.ts holds it in ROLLUPS; typed there, so this file needs nothing of it).
export const COMMITMENT_ROLLUP = {
  table: 'commitment_rollup_daily',
  columns: [
    'bill_billing_period_start_date',
    ...[...KEYS, ...ATTRIBUTES, ...TIMES, ...CONSTANTS].map(([, column]) => column),
  ],
  productKeys: [],
  maps: [],
  sums: SUMS.map(([, column]) => column),
  rows: commitmentRowsSql,
} as const;
