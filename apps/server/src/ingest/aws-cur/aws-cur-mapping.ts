import { athenaColumnName, CUR2_TAG_PREFIXES } from '@finlens/cost-model/billing-column-names';
import { type CanonicalColumn, SOURCE_COLUMNS } from '../../warehouse/canonical-schema';
import { quoteString } from '../../warehouse/sql-quote';
import { mapFromColumns, type RawColumns } from '../duckdb/expressions';
import type { FormatMapping } from '../format-mapping';
import { awsDerivedColumns } from './aws-cost-sql';

/** Canonical columns filled from a differently named attribute (CUR 2.0 map key, legacy column). */
const PRODUCT_ATTRIBUTES: Readonly<Record<string, string>> = {
  product_product_name: 'product_name',
  product_servicename: 'servicename',
};

/** Legacy product_* columns that stayed top-level in CUR 2.0, so they do not go into the product map. */
const FIXED_PRODUCT_COLUMNS = new Set(
  SOURCE_COLUMNS.filter((c) => c.name.startsWith('product_')).map((c) => c.name),
);

/** Header key: legacy CSV headers by their Athena name, snake_case names as they are. */
export function awsColumnKey(name: string): string {
  return name.includes('/') ? athenaColumnName(name) : name.toLowerCase();
}

function scalar(raw: RawColumns, column: CanonicalColumn): string {
  switch (column.type) {
    case 'money':
    case 'number':
      return raw.number(column.name);
    case 'timestamp':
      return raw.timestamp(column.name);
    default:
      return raw.text(column.name);
  }
}

/**
 * AWS CUR 2.0 and legacy CUR (CSV slash names and Athena/Parquet snake_case) share CUR 2.0 names once
 * legacy headers pass the Athena rule; they differ in where product attributes, tags and cost categories
 * live: map columns in CUR 2.0, one column per key in legacy CUR (folded into maps here, keys without
 * their `product_` / `resource_tags_` / `cost_category_` prefix, so `user_team` in every AWS format).
 */
export function awsCurMapping(raw: RawColumns, variant: string): FormatMapping {
  const columns: Record<string, string> = {};
  for (const column of SOURCE_COLUMNS) {
    if (column.type === 'text_map') continue;
    if (raw.has(column.name)) columns[column.name] = scalar(raw, column);
  }
  const isCur2 = variant === 'cur2';
  columns.product = isCur2 ? raw.map('product') : legacyMap(raw, 'product_', FIXED_PRODUCT_COLUMNS);
  columns.resource_tags = isCur2 ? raw.map('resource_tags') : legacyMap(raw, 'resource_tags_');
  columns.cost_category = isCur2 ? raw.map('cost_category') : legacyMap(raw, 'cost_category_');
  if (isCur2 && raw.has('tags')) Object.assign(columns, fromTagsMap(raw));
  columns.discount = isCur2 ? raw.map('discount') : legacyMap(raw, 'discount_');
  for (const [name, key] of Object.entries(PRODUCT_ATTRIBUTES)) {
    if (columns[name] !== undefined) continue;
    columns[name] = isCur2 ? `NULLIF(${columns.product}['${key}'], '')` : 'CAST(NULL AS VARCHAR)';
  }
  columns.product_servicename = serviceNameSql(columns);
  if (columns.pricing_public_on_demand_cost !== undefined) {
    // Negation rows leave list cost (CID public_cost), so the column sums to list cost as stored.
    columns.pricing_public_on_demand_cost = `CASE WHEN ${raw.text('line_item_line_item_type')} = 'SavingsPlanNegation' THEN 0 ELSE ${columns.pricing_public_on_demand_cost} END`;
  }
  if (columns.product_region_code === undefined) {
    columns.product_region_code = isCur2
      ? `NULLIF(${columns.product}['region'], '')`
      : raw.text('product_region');
  }
  return { columns, derived: awsDerivedColumns(), variant };
}

/**
 * The service a line is billed under, as AWS Cost Explorer labels it: tax lines as 'Tax'; lines the bill gives
 * no service name (reservation and savings plan fees, support, some usage of older exports) under their
 * product's name (RIFee → Amazon Elastic Compute Cloud, the support fee → AWS Support (Business), savings
 * plan fees → Savings Plans for AWS Compute usage), else their product code. Null only where the bill has none.
 */
function serviceNameSql(columns: Readonly<Record<string, string>>): string {
  const text = (name: string) => `NULLIF(trim(${columns[name] ?? 'CAST(NULL AS VARCHAR)'}), '')`;
  const type = columns.line_item_line_item_type ?? 'CAST(NULL AS VARCHAR)';
  return `CASE WHEN ${type} = 'Tax' THEN 'Tax' ELSE COALESCE(${['product_servicename', 'product_product_name', 'line_item_product_code'].map(text).join(', ')}) END`;
}

function legacyMap(raw: RawColumns, prefix: string, exclude: ReadonlySet<string> = new Set()): string {
  const entries = raw
    .withPrefix(prefix)
    .filter((e) => !exclude.has(`${prefix}${e.rest}`))
    .map((e) => ({ key: e.rest, column: e.column }));
  return mapFromColumns(entries);
}

/**
 * The CUR 2.0 `tags` map (keys `resourceTags/<key>`, `accountTag/<key>`, `userAttribute/<key>`,
 * `costCategory/<key>`) fills `resource_tags` (keys normalised by `resourceTagKey`) and `cost_category`
 * when the file lacks those columns (a column the file has wins), and is kept whole, keys as written,
 * in `source_extras` (`source_extras['accountTag/owner']`).
 */
function fromTagsMap(raw: RawColumns): Record<string, string> {
  const tags = raw.map('tags');
  const columns: Record<string, string> = { source_extras: tags };
  const entries = (prefix: string, key: (k: string) => string) => {
    const start = prefix.length + 1;
    const list = `list_transform(list_filter(map_entries(${tags}), e -> starts_with(e.key, ${quoteString(prefix)}) AND NULLIF(trim(e.value), '') IS NOT NULL), e -> {'key': ${key(`e.key[${start}:]`)}, 'value': e.value})`;
    // Two keys that normalise alike (`user:Team`, `user:team`): the first wins, as map keys must be unique.
    return `map_from_entries(list_filter(${list}, (x, i) -> list_position(list_transform(${list}, y -> y.key), x.key) = i))`;
  };
  if (!raw.has('resource_tags'))
    columns.resource_tags = entries(CUR2_TAG_PREFIXES.resourceTags, resourceTagKeySql);
  if (!raw.has('cost_category')) columns.cost_category = entries(CUR2_TAG_PREFIXES.costCategory, (k) => k);
  return columns;
}

/** `resourceTagKey` (packages/cost-model) in SQL: the Athena rule over `<source>:<key>`, user tags by default. */
export function resourceTagKeySql(key: string): string {
  const sourced = `CASE WHEN regexp_matches(${key}, '^(user|aws):') THEN ${key} ELSE 'user:' || ${key} END`;
  const snake = `regexp_replace(regexp_replace(${sourced}, '([A-Z])', '_\\1', 'g'), '[^A-Za-z0-9]+', '_', 'g')`;
  return `left(lower(regexp_replace(${snake}, '^_|_$', '', 'g')), 128)`;
}
