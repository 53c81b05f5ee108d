/**
 * Legacy CUR CSV headers (`lineItem/UnblendedCost`, `resourceTags/user:Team`) become the snake_case
 * names AWS uses for Athena/Parquet and CUR 2.0 by the Athena rule: `_` before every capital, every
 * other non-alphanumeric character to `_`, runs collapsed, ends trimmed, lower-cased, 128 at most.
 */
export function athenaColumnName(header: string): string {
  let name = header
    .replace(/([A-Z])/g, '_$1')
    .replace(/[^A-Za-z0-9]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .toLowerCase();
  // AWS drops underscores from the left until the name fits, then truncates.
  while (name.length > 128 && name.includes('_')) name = name.replace('_', '');
  return name.slice(0, 128);
}

/** The billing export layouts the importer understands. */
export const BILLING_FORMATS = ['cur2', 'cur', 'focus', 'azure'] as const;
export type BillingFormat = (typeof BILLING_FORMATS)[number];

export type FormatDetection = { format: BillingFormat; variant: string } | { format: null; reason: string };

/**
 * Tells the layouts apart from the header alone (billing-formats §0): slash names are legacy CUR CSV;
 * `bill_payer_account_name` or the `product`/`resource_tags`/`tags` map columns mean CUR 2.0; other
 * snake_case `line_item_*` layouts are legacy Athena/Parquet; FOCUS has BilledCost and ChargePeriodStart;
 * Azure exports carry a billing-currency cost (EA PascalCase, MCA camelCase) or the older PreTaxCost.
 */
export function detectBillingFormat(columns: readonly string[]): FormatDetection {
  const lower = new Set(columns.map((c) => c.trim().toLowerCase()));
  const has = (name: string) => lower.has(name.toLowerCase());
  if (columns.some((c) => /^(lineItem|bill|identity)\//.test(c.trim()))) {
    return { format: 'cur', variant: 'legacy-csv' };
  }
  if (has('line_item_unblended_cost') || has('line_item_line_item_type')) {
    if (has('bill_payer_account_name') || has('product') || has('resource_tags') || has('tags')) {
      return { format: 'cur2', variant: 'cur2' };
    }
    return { format: 'cur', variant: 'legacy-athena' };
  }
  if (has('BilledCost') && (has('ChargePeriodStart') || has('EffectiveCost'))) {
    return { format: 'focus', variant: 'focus' };
  }
  if (has('costInBillingCurrency') && has('billingCurrency')) return { format: 'azure', variant: 'mca' };
  if (has('CostInBillingCurrency') || (has('Cost') && has('SubscriptionId'))) {
    return { format: 'azure', variant: 'ea' };
  }
  if (has('PreTaxCost')) return { format: 'azure', variant: 'pay-as-you-go' };
  return {
    format: null,
    reason:
      'unknown layout: expected AWS CUR 2.0 (line_item_*, bill_payer_account_name), legacy CUR (lineItem/…), FOCUS (BilledCost, ChargePeriodStart) or an Azure cost export (CostInBillingCurrency, costInBillingCurrency, PreTaxCost)',
  };
}

/** Columns without which a file of that format cannot be imported (compared case-insensitively). */
export const REQUIRED_COLUMNS: Readonly<Record<BillingFormat, readonly string[]>> = {
  cur2: ['line_item_unblended_cost', 'line_item_usage_start_date', 'line_item_line_item_type'],
  cur: ['line_item_unblended_cost', 'line_item_usage_start_date', 'line_item_line_item_type'],
  focus: ['BilledCost', 'ChargePeriodStart'],
  azure: [],
};

/** Key prefixes of the CUR 2.0 `tags` map, one per source (billing-formats §1.3.10). */
export const CUR2_TAG_PREFIXES = {
  resourceTags: 'resourceTags/',
  accountTag: 'accountTag/',
  userAttribute: 'userAttribute/',
  costCategory: 'costCategory/',
} as const;

/**
 * A resource tag key of the CUR 2.0 `tags` map (after `resourceTags/`, original spelling) in the form
 * `resource_tags` and legacy CUR use: the Athena rule over `<source>:<key>`, so `user:CostCenter` →
 * `user_cost_center` and `aws:createdBy` → `aws_created_by`; a key without a `user:`/`aws:` source is a
 * user tag (`parallelcluster:cluster-name` → `user_parallelcluster_cluster_name`).
 */
export function resourceTagKey(tagKey: string): string {
  return athenaColumnName(/^(user|aws):/.test(tagKey) ? tagKey : `user:${tagKey}`);
}
