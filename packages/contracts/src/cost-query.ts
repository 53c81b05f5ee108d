import { z } from 'zod';
import { COST_TYPE_NAMES } from './cost-summary';
import { checkDateRange, isoDate, MAX_RANGE_DAYS, projectIdList } from './fragments';

/**
 * The CostQuery: one typed description of a cost question that the Explorer, reports, showbacks, targets and
 * `finlens query` all send and the warehouse compiler turns into SQL. Its flat wire format (the spec §3
 * payload keys) is `costQueryToParams` / `paramsToCostQuery`; the design is in docs/cost-explorer.md.
 */

export const GRANULARITIES = ['hour', 'day', 'week', 'month', 'quarter'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Spec §3 dimension groups, in display order. */
export const DIMENSION_GROUPS = [
  'Billing & Cost',
  'Product & Services',
  'Resource & Usage',
  'Tags',
  'Compute',
  'Storage',
  'Kubernetes',
] as const;
export type DimensionGroup = (typeof DIMENSION_GROUPS)[number];

/**
 * Spec §3 cost dimension fields. `{product}_x` fields are the derived `finlens_x` columns. The catalogue
 * (group, display name, help text) is `COST_DIMENSION_CATALOGUE` in @finlens/cost-model/cost-dimensions.
 */
export const COST_DIMENSIONS = [
  // Billing & Cost
  'pricing_unit',
  'bill_billing_entity',
  'line_item_legal_entity',
  'line_item_usage_account_id',
  'billing_project_name',
  'line_item_line_item_type',
  'finlens_purchase_option',
  // Product & Services
  'product_product_name',
  'product_servicename',
  'product_product_family',
  'finlens_final_environment',
  'product_region',
  'finlens_region_name',
  'line_item_availability_zone',
  'line_item_operation',
  'finlens_operating_system_engine',
  // Resource & Usage
  'line_item_usage_type',
  'line_item_resource_id',
  'resource_name',
  'finlens_non_taggable_resource',
  'line_item_line_item_description',
  // Tags
  'tag_keys',
  'cost_allocation_tag_keys',
  // Compute
  'finlens_compute_types',
  'finlens_compute_provisioner',
  'product_instance_family',
  'product_instance_type',
  'product_instance_type_family',
  // Storage
  'product_storage_class',
  'product_volume_type',
  'product_storage_media',
  // Kubernetes
  'cluster_arn',
  'cluster_name',
  'node',
  'providerID',
  'pod_namespace',
  'controllerKind',
  'controller',
  'deployment',
  'services',
  'pod',
  'container',
  'label_keys',
] as const;
export type CostDimension = (typeof COST_DIMENSIONS)[number];

/** Dimensions whose values are key/value pairs: grouping needs `dimension_key`, filters use `X_keys`. */
export const KEYED_DIMENSIONS = ['tag_keys', 'label_keys', 'cost_allocation_tag_keys'] as const;
export type KeyedDimension = (typeof KEYED_DIMENSIONS)[number];
export function isKeyedDimension(name: string): name is KeyedDimension {
  return (KEYED_DIMENSIONS as readonly string[]).includes(name);
}
/** Wire prefix of a keyed dimension's filter params: tag_keys → `tag`, giving `tag_keys`, `tag_keys_and`. */
export const KEYED_FILTER_PREFIX: Record<KeyedDimension, string> = {
  tag_keys: 'tag',
  label_keys: 'label',
  cost_allocation_tag_keys: 'cost_allocation_tag',
};

/** Include / exclude exact values, or contains / does-not-contain, on a plain dimension. */
export const valueFilterSchema = z.object({
  dimension: z.enum(COST_DIMENSIONS).refine((d) => !isKeyedDimension(d), {
    message: 'Tag, label and cost-allocation-tag filters take key/value pairs.',
  }),
  mode: z.enum(['include', 'exclude', 'like', 'not_like']),
  values: z.array(z.string()).min(1, 'Choose at least one value.'),
});

/** A key/value pair; value '' or 'null' means the key is absent or empty (untagged). */
export const tagPairSchema = z.object({ key: z.string().min(1, 'Enter a key.'), value: z.string() });
export type TagPair = z.infer<typeof tagPairSchema>;

/** Tag, label or cost-allocation-tag pairs: rows matching any pair (or all pairs), or excluding them. */
export const keyedFilterSchema = z.object({
  dimension: z.enum(KEYED_DIMENSIONS),
  mode: z.enum(['include', 'exclude']),
  match: z.enum(['any', 'all']).default('any'),
  pairs: z.array(tagPairSchema).min(1, 'Choose at least one key/value pair.'),
});

export const costFilterSchema = z.union([keyedFilterSchema, valueFilterSchema]);
export type CostFilter = z.infer<typeof costFilterSchema>;
export type ValueFilter = z.infer<typeof valueFilterSchema>;
export type KeyedFilter = z.infer<typeof keyedFilterSchema>;

export const TOP_N_DEFAULT = 10;
export const TOP_N_MAX = 500;

/**
 * The longest range answered by the hour, in calendar months (measured as `isBeyondMonths` in
 * @finlens/cost-model/granularity). Spec §5 removes hour beyond 3 months for non-internal users and sets no bound
 * for internal ones, who could then ask by the hour over the whole 4-year range: ~35,000 periods × 501 series ≈
 * 17.6M values in one answer, tens of seconds of one request's work and a chart no browser draws. Decided here (the
 * spec is silent): internal users keep hour up to 6 months — twice the others' 3, the same bound the spec puts on
 * day — so the heaviest hourly answer is 184 days × 24 hours × (TOP_N_MAX + 1) series ≈ 2.2M values. (AWS Cost
 * Explorer keeps hourly to the last 14 days.)
 */
export const HOURLY_MAX_MONTHS = { internal: 6, others: 3 } as const;

/** "a, b or c". */
const orList = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** The 400's text (it names `granularity`) for hour asked over a range longer than the caller's hourly limit. */
export function hourlyRangeMessage(months: number, allowed: readonly Granularity[]): string {
  return (
    `Costs by the hour cover at most ${months} months. Choose ${orList(allowed)} for this range, ` +
    `or shorten the range to ${months} months or less.`
  );
}

export const costQuerySchema = z
  .object({
    start_date: isoDate,
    end_date: isoDate,
    granularity: z.enum(GRANULARITIES).default('day'),
    dimension: z.enum(COST_DIMENSIONS).nullable().default(null),
    dimension_key: z.string().min(1).optional(),
    cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
    filters: z.array(costFilterSchema).default([]),
    top_n: z.number().int().min(1).max(TOP_N_MAX).default(TOP_N_DEFAULT),
    project_ids: projectIdList.optional(),
  })
  .superRefine((q, ctx) => {
    checkDateRange(q, ctx, { maxDays: MAX_RANGE_DAYS });
    if (q.dimension !== null && isKeyedDimension(q.dimension) && q.dimension_key === undefined) {
      ctx.addIssue({ code: 'custom', path: ['dimension_key'], message: 'Choose the key to group by.' });
    }
  });
export type CostQuery = z.infer<typeof costQuerySchema>;
export type CostQueryInput = z.input<typeof costQuerySchema>;

/** The group that sums every group beyond the top N. */
export const OTHERS_KEY = '__others__';
export const OTHERS_LABEL = 'Others';
/** The group of rows without a value for the dimension (untagged, no resource id, …). */
export const NO_VALUE_LABEL = 'No value';

export const costSeriesSchema = z.object({
  /** The dimension's value; null for rows without one; OTHERS_KEY for 'Others'; 'total' without a group-by. */
  key: z.string().nullable(),
  label: z.string(),
  /** One cost per entry of `periods`, same order. */
  costs: z.array(z.number()),
  total: z.number(),
});
export type CostSeries = z.infer<typeof costSeriesSchema>;

export const costQueryResultSchema = z.object({
  cost_type: z.enum(COST_TYPE_NAMES),
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  granularity_requested: z.enum(GRANULARITIES),
  /** The granularity answered: 'day' when week/month/quarter was asked on a range not aligned to them. */
  granularity_used: z.enum(GRANULARITIES),
  /** Start of each period: YYYY-MM-DD, or YYYY-MM-DDTHH:00:00Z for hours. */
  periods: z.array(z.string()),
  /** Per period: true when the period ends after the newest data (as_of): its costs are wholly or partly a forecast. */
  forecast: z.array(z.boolean()),
  /** Top N groups by total (descending), then 'Others' when more groups exist. */
  series: z.array(costSeriesSchema),
  /** Sum of every series (actual periods only). */
  total: z.number(),
  /** How many distinct groups exist before the top-N cut. */
  group_count: z.number().int(),
  /** Where the answer came from: a pre-aggregated rollup or the raw line items. */
  source: z.enum(['rollup', 'line_items']),
  /** Newest usage date in scope (YYYY-MM-DD), null without data. */
  as_of: z.string().nullable(),
});
export type CostQueryResult = z.infer<typeof costQueryResultSchema>;

const PLAIN_MODES = { include: '', exclude: 'exclude_', like: 'like_', not_like: 'not_like_' } as const;

/** Serialises a CostQuery to the flat wire keys above (values are strings, ready for URLSearchParams). */
export function costQueryToParams(query: CostQueryInput): Record<string, string> {
  const params: Record<string, string> = {
    start_date: query.start_date,
    end_date: query.end_date,
  };
  if (query.granularity !== undefined) params.granularity = query.granularity;
  if (query.dimension) params.dimension = query.dimension;
  if (query.dimension_key !== undefined) params.dimension_key = query.dimension_key;
  if (query.cost_type !== undefined) params.cost_type = query.cost_type;
  if (query.top_n !== undefined) params.top_n = String(query.top_n);
  if (query.project_ids !== undefined) params.project_ids = query.project_ids.join(',');
  for (const filter of query.filters ?? []) {
    params[filterParamName(filter)] = JSON.stringify('pairs' in filter ? filter.pairs : filter.values);
  }
  return params;
}

export type ParamsParse = { ok: true; query: CostQuery } | { ok: false; field: string; message: string };

/**
 * Parses the flat wire keys back into a CostQuery. Unknown keys are ignored except that a filter key for
 * an unknown dimension is an error naming it, so a typo never silently widens a query.
 */
export function paramsToCostQuery(params: Record<string, unknown>): ParamsParse {
  const filters: unknown[] = [];
  const input: Record<string, unknown> = {};
  const text = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  for (const [name, raw] of Object.entries(params)) {
    const value = text(raw);
    if (value === undefined || value === '') continue;
    switch (name) {
      case 'start_date':
      case 'end_date':
      case 'granularity':
      case 'dimension':
      case 'dimension_key':
      case 'cost_type':
        input[name] = value;
        continue;
      case 'top_n':
        input.top_n = Number(value);
        continue;
      case 'project_ids':
        // The route's fragment may already have split the text into a list: keep every id, not the first.
        input.project_ids = Array.isArray(raw) ? raw : typeof value === 'string' ? value.split(',') : value;
        continue;
      case 'imply_client':
      case 'use_query_optimization':
        continue;
    }
    const keyed = parseKeyedName(name);
    if (keyed !== null) {
      const pairs = decodeJson(value);
      if (!pairs.ok) return { ok: false, field: name, message: pairs.message };
      filters.push({ ...keyed, pairs: pairs.value });
      continue;
    }
    const plain = parsePlainName(name);
    if (plain === null) continue;
    if (plain === 'unknown') {
      return { ok: false, field: name, message: `Unknown filter "${name}".` };
    }
    const values = decodeJson(value);
    if (!values.ok) return { ok: false, field: name, message: values.message };
    filters.push({ ...plain, values: values.value });
  }
  if (filters.length > 0) input.filters = filters;
  const parsed = costQuerySchema.safeParse(input);
  if (parsed.success) return { ok: true, query: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  const field =
    path[0] === 'filters' && typeof path[1] === 'number'
      ? filterParamName(filters[path[1]] as Parameters<typeof filterParamName>[0])
      : String(path[0] ?? 'query');
  return { ok: false, field, message: issue?.message ?? 'Invalid query.' };
}

/**
 * Only the filters of a flat wire query (the Explorer's filter keys, e.g. `product_region`,
 * `exclude_line_item_usage_account_id`, `tag_keys`), for calls that filter by the Explorer's dimensions
 * without being a CostQuery (Resources Cost). Other keys are ignored; a bad filter names its key.
 */
export function paramsToCostFilters(
  params: Record<string, unknown>,
): { ok: true; filters: CostFilter[] } | { ok: false; field: string; message: string } {
  const filters: CostFilter[] = [];
  for (const [name, raw] of Object.entries(params)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value === '') continue;
    const keyed = parseKeyedName(name);
    const plain = keyed === null ? parsePlainName(name) : null;
    if (plain === 'unknown') return { ok: false, field: name, message: `Unknown filter "${name}".` };
    if (keyed === null && plain === null) continue;
    const decoded = decodeJson(value);
    if (!decoded.ok) return { ok: false, field: name, message: decoded.message };
    const filter = costFilterSchema.safeParse(
      keyed === null ? { ...plain, values: decoded.value } : { ...keyed, pairs: decoded.value },
    );
    if (!filter.success) {
      return { ok: false, field: name, message: filter.error.issues[0]?.message ?? 'Invalid filter.' };
    }
    filters.push(filter.data);
  }
  return { ok: true, filters };
}

function parseKeyedName(
  name: string,
): { dimension: KeyedDimension; mode: 'include' | 'exclude'; match: 'any' | 'all' } | null {
  for (const dimension of KEYED_DIMENSIONS) {
    const prefix = KEYED_FILTER_PREFIX[dimension];
    if (name === `${prefix}_keys`) return { dimension, mode: 'include', match: 'any' };
    if (name === `${prefix}_keys_and`) return { dimension, mode: 'include', match: 'all' };
    if (name === `exclude_${prefix}_keys`) return { dimension, mode: 'exclude', match: 'any' };
  }
  return null;
}

function parsePlainName(
  name: string,
): { dimension: string; mode: keyof typeof PLAIN_MODES } | 'unknown' | null {
  for (const mode of ['not_like', 'exclude', 'like'] as const) {
    const prefix = PLAIN_MODES[mode];
    if (name.startsWith(prefix)) {
      const dimension = name.slice(prefix.length);
      return (COST_DIMENSIONS as readonly string[]).includes(dimension) ? { dimension, mode } : 'unknown';
    }
  }
  return (COST_DIMENSIONS as readonly string[]).includes(name) ? { dimension: name, mode: 'include' } : null;
}

/** The wire key a filter is sent under (e.g. `exclude_product_region`, `tag_keys_and`). */
export function filterParamName(
  filter: Pick<CostFilter, 'dimension' | 'mode'> & { match?: 'any' | 'all' | undefined },
): string {
  // like_/not_like_ on a keyed dimension is no keyed filter: its (refused) key keeps the plain form.
  if (isKeyedDimension(filter.dimension) && (filter.mode === 'include' || filter.mode === 'exclude')) {
    const prefix = KEYED_FILTER_PREFIX[filter.dimension];
    return filter.mode === 'exclude'
      ? `exclude_${prefix}_keys`
      : `${prefix}_keys${filter.match === 'all' ? '_and' : ''}`;
  }
  return `${PLAIN_MODES[filter.mode]}${filter.dimension}`;
}

function decodeJson(value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  if (typeof value !== 'string') return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(value) };
  } catch {
    return { ok: false, message: 'Send the values as a JSON array.' };
  }
}
