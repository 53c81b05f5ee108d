import { INSTANCE_HOURS_PATTERN, RESERVABLE_SERVICES } from '@finlens/cost-model/commitments/eligibility';
import { COMMITMENT_FEE_TYPES } from '@finlens/cost-model/commitments/figures';
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
  // FOCUS: what a commitment discount is (one value per CommitmentDiscountId).
  ['commitmentDiscountType', 'commitment_discount_type'],
  ['commitmentDiscountCategory', 'commitment_discount_category'],
  ['commitmentDiscountName', 'commitment_discount_name'],
  ['commitmentDiscountUnit', 'commitment_discount_unit'],
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
 * A reservation's operating system or engine as its own rows name it (the bill's product columns): on its RIFee and
 * covered usage (DiscountedUsage) rows, null on every other row — what the inventory's Platform / engine shows
 * where the owner account describes none (a legacy CUR's fee rows often name none: the workshop export's don't,
 * its covered usage does). Only those rows carry it by day or month: on other usage it would split the rollup's
 * groups for nothing, and a reservation applies to one platform, so its rows' groups do not split.
 */
export function reservationPlatformSql(dialect: SqlDialect, values: SqlValues): string {
  const id = dialect.identifier;
  const types = ['RIFee', 'DiscountedUsage'].map((t) => values.add(t)).join(', ');
  return `CASE WHEN ${id('line_item_line_item_type')} IN (${types})
    AND ${id('reservation_reservation_a_r_n')} IS NOT NULL
    THEN NULLIF(${id('finlens_operating_system_engine')}, '') END`;
}

/** The rollup's column of `reservationPlatformSql`. */
export const RESERVATION_PLATFORM_COLUMN = 'reservation_platform';

/**
 * The hour a fee row's usage starts in (COMMITMENT_FEE_TYPES: RIFee, SavingsPlanRecurringFee; the text of
 * `periodStart` by hour), null on every other row — so the dashboard's hourly fee rows come from the daily rollup
 * (a savings plan's recurring fee is billed by the hour) while its usage rows keep one group per day. A month's
 * RIFee is one row whatever its grain; an hourly bill's savings plan fees are 24 rows a plan and day instead of one.
 */
export function feeHourSql(dialect: SqlDialect, values: SqlValues): string {
  const types = COMMITMENT_FEE_TYPES.map((t) => values.add(t)).join(', ');
  return `CASE WHEN ${dialect.identifier('line_item_line_item_type')} IN (${types})
    THEN ${dialect.periodStart(dialect.identifier('line_item_usage_start_date'), 'hour')} END`;
}

/** The rollup's column of `feeHourSql`. */
export const FEE_HOUR_COLUMN = 'fee_hour';

/**
 * The commitment rows per usage day, every key, attribute and the bill's period start grouped, every figure summed
 * (null where none of a group's line items has it), the reservations' platform and the fee rows' hour. The day and
 * month reads sum its rows again, as do the dashboard's hourly fee rows by that hour; other hourly reads read the line
 * items (a row's usage end is kept only there).
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
  keys: [
    { name: RESERVATION_PLATFORM_COLUMN, type: 'text', sql: reservationPlatformSql },
    { name: FEE_HOUR_COLUMN, type: 'text', sql: feeHourSql },
  ],
} as const;

/** The row fields that decide eligibility (eligibility.ts) and the line items' columns of them. */
export type EligibilityField = 'lineItemType' | 'pricingTerm' | 'productCode' | 'usageType';
export const ELIGIBILITY_COLUMNS: Record<EligibilityField, string> = {
  lineItemType: 'line_item_line_item_type',
  pricingTerm: 'pricing_term',
  productCode: 'line_item_product_code',
  usageType: 'line_item_usage_type',
};

/**
 * On-demand instance hours of the services that sell reservations — `isCommitmentEligible`'s usage half — over
 * the columns `column` names (the commitment rows' fields, or the line items' own columns).
 */
export function onDemandEligibleSql(
  d: SqlDialect,
  values: SqlValues,
  column: (field: EligibilityField) => string,
): string {
  return `(${column('lineItemType')} = ${values.add('Usage')}
    AND ${column('pricingTerm')} = ${values.add('OnDemand')}
    AND ${column('productCode')} IN (${RESERVABLE_SERVICES.map((s) => values.add(s)).join(', ')})
    AND ${d.matches(column('usageType'), values.add(INSTANCE_HOURS_PATTERN))})`;
}

/** The line items' eligible on-demand usage (`onDemandEligibleSql` over their own columns). */
export const onDemandEligibleLinesSql = (d: SqlDialect, values: SqlValues) =>
  onDemandEligibleSql(d, values, (field) => d.identifier(ELIGIBILITY_COLUMNS[field]));

/**
 * What the purchase analyses read of an hour, besides its period: [field of the row, canonical column] grouped —
 * the reservation analysis keeps service, region and instance type (its family and size) apart, and the covered
 * usage of each reservation (its rate) — and summed.
 */
export const HOUR_KEYS: [string, string][] = [
  ['lineItemType', 'line_item_line_item_type'],
  ['productCode', 'line_item_product_code'],
  ['usageType', 'line_item_usage_type'],
  ['pricingTerm', 'pricing_term'],
  ['region', 'product_region_code'],
  ['reservationArn', 'reservation_reservation_a_r_n'],
];
export const HOUR_SUMS: [string, string][] = [
  ['publicOnDemandCost', 'pricing_public_on_demand_cost'],
  ['usageAmount', 'line_item_usage_amount'],
  ['normalizedUsageAmount', 'line_item_normalized_usage_amount'],
  ['reservationEffective', 'reservation_effective_cost'],
];

/** A key computed from each line item: the field reads name it, the rollup's column, its expression. */
interface HourKey {
  field: string;
  name: string;
  type: 'text' | 'number';
  sql: (d: SqlDialect, values: SqlValues) => string;
}
const blankNull = (sql: string) => `NULLIF(${sql}, '')`;
const productValue = (d: SqlDialect, values: SqlValues, key: string) =>
  blankNull(d.mapValue(d.identifier('product'), values.add(key)));

/**
 * The computed keys: the hour of usage start and of its end (a daily line's curve is spread over its hours when
 * read), what a reservation must match besides its family (operating system or engine, tenancy, licence), and
 * whether the bill gave the line's normalised units — lines with and without them are kept apart, so a group's
 * units are each line's own (`NormalizedUsageAmount` where given, else usage × the size's factor).
 */
export const HOUR_COMPUTED: readonly HourKey[] = [
  {
    field: 'at_',
    name: 'usage_hour',
    type: 'text',
    sql: (d) => d.periodStart(d.identifier('line_item_usage_start_date'), 'hour'),
  },
  {
    field: 'end_',
    name: 'usage_end_hour',
    type: 'text',
    sql: (d) => d.periodStart(d.identifier('line_item_usage_end_date'), 'hour'),
  },
  {
    field: 'os_',
    name: 'operating_system',
    type: 'text',
    sql: (d) => blankNull(d.identifier('finlens_operating_system_engine')),
  },
  { field: 'tenancy_', name: 'tenancy', type: 'text', sql: (d, v) => productValue(d, v, 'tenancy') },
  {
    field: 'licence_',
    name: 'licence_model',
    type: 'text',
    sql: (d, v) => productValue(d, v, 'license_model'),
  },
  {
    field: 'billed_units_',
    name: 'billed_units',
    type: 'number',
    sql: (d) => `CASE WHEN ${d.identifier('line_item_normalized_usage_amount')} > 0 THEN 1 ELSE 0 END`,
  },
];

/** The rows the purchase analyses read: eligible on-demand usage, and the reservations' covered usage. */
export function purchaseHoursSql(d: SqlDialect, values: SqlValues): string {
  const type = d.identifier('line_item_line_item_type');
  return `${onDemandEligibleLinesSql(d, values)} OR ${type} = ${values.add('DiscountedUsage')}`;
}

/**
 * The purchase analyses' hours (commitment-hours.ts): those rows per hour of usage start and end and every key
 * above, their figures summed — built at import with the other rollups, so a 60-day curve reads some groups per
 * hour instead of every line item of the look-back.
 */
export const COMMITMENT_HOURLY_ROLLUP = {
  table: 'commitment_rollup_hourly',
  columns: HOUR_KEYS.map(([, column]) => column),
  productKeys: [],
  maps: [],
  sums: HOUR_SUMS.map(([, column]) => column),
  rows: purchaseHoursSql,
  keys: HOUR_COMPUTED.map(({ name, type, sql }) => ({ name, type, sql })),
} as const;
