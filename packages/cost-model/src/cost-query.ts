/**
 * The inputs of a cost query (`finlens query`, later the Explorer): which cost dimension fields of spec §3 can
 * group costs, the granularities, and the date range rule. Group-by names are an allow-list mapped to canonical
 * warehouse columns, so user text never reaches SQL. Spec names with the `{product}` placeholder are the
 * derived `finlens_*` columns.
 */
export const QUERY_DIMENSIONS = {
  pricing_unit: 'pricing_unit',
  bill_billing_entity: 'bill_billing_entity',
  line_item_legal_entity: 'line_item_legal_entity',
  line_item_usage_account_id: 'line_item_usage_account_id',
  line_item_line_item_type: 'line_item_line_item_type',
  finlens_purchase_option: 'finlens_purchase_option',
  product_product_name: 'product_product_name',
  product_servicename: 'product_servicename',
  product_product_family: 'product_product_family',
  finlens_final_environment: 'finlens_final_environment',
  product_region: 'product_region_code',
  finlens_region_name: 'finlens_region_name',
  line_item_availability_zone: 'line_item_availability_zone',
  line_item_operation: 'line_item_operation',
  finlens_operating_system_engine: 'finlens_operating_system_engine',
  line_item_usage_type: 'line_item_usage_type',
  line_item_resource_id: 'line_item_resource_id',
  resource_name: 'resource_name',
  finlens_non_taggable_resource: 'finlens_non_taggable_resource',
  line_item_line_item_description: 'line_item_line_item_description',
  finlens_compute_types: 'finlens_compute_types',
  finlens_compute_provisioner: 'finlens_compute_provisioner',
  product_instance_family: 'product_instance_family',
  product_instance_type: 'product_instance_type',
} as const;

export type QueryDimension = keyof typeof QUERY_DIMENSIONS;
export const QUERY_DIMENSION_NAMES = Object.keys(QUERY_DIMENSIONS) as QueryDimension[];

export const QUERY_GRANULARITIES = ['day', 'month'] as const;
export type QueryGranularity = (typeof QUERY_GRANULARITIES)[number];

export function isQueryDimension(name: string): name is QueryDimension {
  return Object.hasOwn(QUERY_DIMENSIONS, name);
}

/** The canonical column a dimension groups by, or null for a name outside the allow-list. */
export function dimensionColumn(name: string): string | null {
  return isQueryDimension(name) ? QUERY_DIMENSIONS[name] : null;
}

/** A real calendar date written YYYY-MM-DD (UTC), or null. */
export function parseIsoDate(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? date : null;
}

export type DateRangeCheck = { ok: true; from: string; to: string } | { ok: false; message: string };

/** Inclusive UTC range: both ends real dates, the start not after the end. */
export function checkDateRange(from: string, to: string): DateRangeCheck {
  for (const [flag, value] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (parseIsoDate(value) === null) {
      return { ok: false, message: `${flag} must be a date written YYYY-MM-DD (got "${value}")` };
    }
  }
  if (from > to) return { ok: false, message: `--from (${from}) is after --to (${to})` };
  return { ok: true, from, to };
}
