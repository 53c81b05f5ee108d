/**
 * The canonical line-item table (ARCHITECTURE §4), dialect-neutral: CUR 2.0 column names plus
 * tenancy keys, the seven cost types of spec §3 and the derived finlens_* columns. Each warehouse
 * adapter turns the logical types into its own DDL. Money is DOUBLE (Float64 in ClickHouse): CUR
 * Parquet delivers doubles, sums stay within 1e-9 of exact decimal sums on the reference datasets,
 * and aggregation is several times faster than 128-bit decimals; rounding happens only for display.
 */
export type CanonicalType = 'text' | 'money' | 'number' | 'timestamp' | 'date' | 'boolean' | 'text_map';

export interface CanonicalColumn {
  name: string;
  type: CanonicalType;
}

const text = (name: string): CanonicalColumn => ({ name, type: 'text' });
const money = (name: string): CanonicalColumn => ({ name, type: 'money' });
const num = (name: string): CanonicalColumn => ({ name, type: 'number' });
const ts = (name: string): CanonicalColumn => ({ name, type: 'timestamp' });
const map = (name: string): CanonicalColumn => ({ name, type: 'text_map' });

/** Who owns the row and which import wrote it; (project_id, billing_period) is the unit of replacement. */
export const TENANCY_COLUMNS: readonly CanonicalColumn[] = [
  text('client_id'),
  text('project_id'),
  { name: 'billing_period', type: 'date' },
  text('import_id'),
  text('source_format'),
  text('source_file'),
];

/** The seven cost types of spec §3, in the order the spec lists them. */
export const COST_TYPE_COLUMNS = {
  unblended: 'line_item_unblended_cost',
  amortized: 'line_item_amortized_cost',
  blended: 'line_item_blended_cost',
  list: 'pricing_public_on_demand_cost',
  net_unblended: 'finlens_line_item_net_unblended_cost',
  net_amortized: 'finlens_line_item_net_amortized_cost',
  net_list: 'finlens_pricing_net_public_on_demand_cost',
} as const;

export type CostType = keyof typeof COST_TYPE_COLUMNS;
export const COST_TYPES = Object.keys(COST_TYPE_COLUMNS) as CostType[];

/** Columns a source fills (after casting); derived columns are computed from these. */
export const SOURCE_COLUMNS: readonly CanonicalColumn[] = [
  text('bill_bill_type'),
  text('bill_billing_entity'),
  ts('bill_billing_period_start_date'),
  ts('bill_billing_period_end_date'),
  text('bill_invoice_id'),
  text('bill_invoicing_entity'),
  text('bill_payer_account_id'),
  text('bill_payer_account_name'),
  text('identity_line_item_id'),
  text('identity_time_interval'),
  text('line_item_availability_zone'),
  money('line_item_blended_cost'),
  text('line_item_blended_rate'),
  text('line_item_currency_code'),
  /** CUR 2.0 only, with IAM principal data on (Amazon Bedrock so far): the ARN that made the call. */
  text('line_item_iam_principal'),
  text('line_item_legal_entity'),
  text('line_item_line_item_description'),
  text('line_item_line_item_type'),
  money('line_item_net_unblended_cost'),
  num('line_item_normalization_factor'),
  num('line_item_normalized_usage_amount'),
  text('line_item_operation'),
  text('line_item_product_code'),
  text('line_item_resource_id'),
  text('line_item_tax_type'),
  money('line_item_unblended_cost'),
  text('line_item_unblended_rate'),
  text('line_item_usage_account_id'),
  text('line_item_usage_account_name'),
  num('line_item_usage_amount'),
  ts('line_item_usage_end_date'),
  ts('line_item_usage_start_date'),
  text('line_item_usage_type'),
  text('pricing_currency'),
  text('pricing_lease_contract_length'),
  text('pricing_offering_class'),
  money('pricing_public_on_demand_cost'),
  text('pricing_public_on_demand_rate'),
  text('pricing_purchase_option'),
  text('pricing_term'),
  text('pricing_unit'),
  map('product'),
  text('product_servicecode'),
  text('product_servicename'),
  text('product_product_name'),
  text('product_product_family'),
  text('product_region_code'),
  text('product_location'),
  text('product_instance_type'),
  text('product_instance_family'),
  text('product_usagetype'),
  text('product_sku'),
  money('reservation_amortized_upfront_fee_for_billing_period'),
  text('reservation_availability_zone'),
  money('reservation_effective_cost'),
  /** Term start and end (ISO text in the bill; NULL where a row has none). */
  ts('reservation_start_time'),
  ts('reservation_end_time'),
  text('reservation_modification_status'),
  money('reservation_net_effective_cost'),
  money('reservation_net_unused_amortized_upfront_fee_for_billing_period'),
  money('reservation_net_unused_recurring_fee'),
  /** Text in the bill, read as numbers: per reservation and × the count (billing-formats §1.3.9). */
  num('reservation_normalized_units_per_reservation'),
  num('reservation_number_of_reservations'),
  money('reservation_recurring_fee_for_usage'),
  text('reservation_reservation_a_r_n'),
  text('reservation_subscription_id'),
  /** On RIFee rows: hours (and normalised units) the reservation offered that month. */
  num('reservation_total_reserved_normalized_units'),
  num('reservation_total_reserved_units'),
  num('reservation_units_per_reservation'),
  money('reservation_unused_amortized_upfront_fee_for_billing_period'),
  num('reservation_unused_normalized_unit_quantity'),
  num('reservation_unused_quantity'),
  money('reservation_unused_recurring_fee'),
  money('reservation_upfront_value'),
  money('savings_plan_amortized_upfront_commitment_for_billing_period'),
  ts('savings_plan_end_time'),
  /** EC2 Instance Savings Plans: the family and region they are bound to. */
  text('savings_plan_instance_type_family'),
  money('savings_plan_net_amortized_upfront_commitment_for_billing_period'),
  money('savings_plan_net_savings_plan_effective_cost'),
  text('savings_plan_offering_type'),
  text('savings_plan_payment_option'),
  /** `1yr`, `3yr`. */
  text('savings_plan_purchase_term'),
  money('savings_plan_recurring_commitment_for_billing_period'),
  text('savings_plan_region'),
  text('savings_plan_savings_plan_a_r_n'),
  money('savings_plan_savings_plan_effective_cost'),
  /** The plan's rate for the usage of a covered row (a price per unit, not a cost). */
  num('savings_plan_savings_plan_rate'),
  ts('savings_plan_start_time'),
  money('savings_plan_total_commitment_to_date'),
  money('savings_plan_used_commitment'),
  /**
   * FOCUS commitment discounts (billing-formats §4.2): what the CUR says in reservation_* and savings_plan_* columns.
   * The id also goes to the reservation or savings plan ARN when its type says which (the type is optional, so
   * the id is kept as it is too); these keep the rest: category (`Spend`,
   * `Usage`), name, status of a usage row (`Used`, `Unused`), quantity in its unit, and the charge frequency
   * (`One-Time` purchases are amortised over their charge period).
   */
  text('commitment_discount_category'),
  text('commitment_discount_id'),
  text('commitment_discount_name'),
  num('commitment_discount_quantity'),
  text('commitment_discount_status'),
  text('commitment_discount_type'),
  text('commitment_discount_unit'),
  text('charge_frequency'),
  map('discount'),
  money('discount_total_discount'),
  money('discount_bundled_discount'),
  map('resource_tags'),
  map('cost_category'),
  text('resource_name'),
  text('split_line_item_parent_resource_id'),
  money('split_line_item_split_cost'),
  money('split_line_item_unused_cost'),
  /** Split cost allocation usage (billing-formats §1.3.12): requested and used vCPU or GB, per pod-hour. */
  num('split_line_item_reserved_usage'),
  num('split_line_item_actual_usage'),
  num('split_line_item_split_usage'),
  num('split_line_item_split_usage_ratio'),
  money('split_line_item_net_split_cost'),
  money('split_line_item_net_unused_cost'),
  money('split_line_item_public_on_demand_split_cost'),
  money('split_line_item_public_on_demand_unused_cost'),
  /** Columns of the source that have no canonical home (FOCUS x_*, Azure extras), kept as text. */
  map('source_extras'),
];

/** Computed at import from the source columns (spec §3 cost types and finlens_* dimensions). */
export const DERIVED_COLUMNS: readonly CanonicalColumn[] = [
  money('line_item_amortized_cost'),
  money('finlens_line_item_net_unblended_cost'),
  money('finlens_line_item_net_amortized_cost'),
  money('finlens_pricing_net_public_on_demand_cost'),
  text('finlens_charge_category'),
  text('finlens_purchase_option'),
  text('finlens_region_name'),
  text('finlens_final_environment'),
  text('finlens_operating_system_engine'),
  { name: 'finlens_non_taggable_resource', type: 'boolean' },
  text('finlens_compute_types'),
  text('finlens_compute_provisioner'),
];

export const CANONICAL_COLUMNS: readonly CanonicalColumn[] = [
  ...TENANCY_COLUMNS,
  ...SOURCE_COLUMNS,
  ...DERIVED_COLUMNS,
];

export const LINE_ITEMS_TABLE = 'line_items';
