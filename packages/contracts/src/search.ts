import { z } from 'zod';
import { CLOUD_TYPES } from './admin';
import { COST_DIMENSIONS, type CostDimension } from './cost-query';
import { checkDateRange, isoDate, limitParam, MAX_RANGE_DAYS } from './fragments';

/**
 * Global search (spec §2 /v3/search/, §7 Search calls). The spec names the calls and their parameters but
 * shows no shapes; this is the design. Both calls count cost over line_item_usage_start_date in UTC, only
 * in the caller's client's projects, with split-cost-allocation rows left out (as every cost total).
 *
 * GET /c/ac/auto-complete/?query=…[&limit=10]
 *   Suggestions for the app bar's search box: resources (line_item_resource_id and resource_name),
 *   accounts (usage account ids and billing project names), services, regions and tag values
 *   (`key=value`), each with the cost of the last 31 days (spec §9 spend lookback). Ranked exact match,
 *   then prefix, then contains, then by cost. `query` is case-insensitive and required: an empty or blank
 *   query is a 400 naming `query` (the box only asks once something is typed). A query `key=value`
 *   searches tag values of exactly that key; otherwise tag keys containing the text give their top values.
 *
 * GET /c/ac/query?q=*&scope=all&aggregations=…&filters={…}&cloud_type=aws&offset=0&limit=20
 *                [&start_date=YYYY-MM-DD&end_date=YYYY-MM-DD]
 *   The search page: hits of the scope (resources | accounts | services | regions | tags | all) whose
 *   value contains `q` (default '*' = everything; '*' inside q is ignored, so 'i-0*' means contains
 *   'i-0'), by cost over the range (default the last 31 days through today) descending, `offset`/`limit`
 *   paginated (offset + limit at most 500), with `total` hits. Tag hits come from the tag keys containing
 *   q (or the key before '=' and values containing the text after it).
 *   `filters` is a JSON object of the spec §3 "filter state to search key" keys, each a string or an
 *   array of strings (any of them); empty strings and arrays are dropped:
 *     project.id                 the client's projects (another client's project: 404)
 *     cloud_type.keyword         projects of that cloud (aws | azure)
 *     region.keyword             product_region
 *     product.keyword            product_servicename (the service)
 *     instance_type.keyword      product_instance_type
 *     cost.available_operation   line_item_operation
 *     cost.available_usagetype   line_item_usage_type
 *     vpc_id.keyword             not in billing data (no CUR column or product attribute holds the VPC):
 *                                a 400 naming filters.vpc_id.keyword
 *   The top-level `cloud_type` narrows to projects of that cloud like cloud_type.keyword.
 *   `aggregations`: comma-separated search keys whose facets to return, each the top 10 values by cost
 *   within the same hits' filters: region.keyword, product.keyword, instance_type.keyword,
 *   cost.available_operation, cost.available_usagetype (facets carry cost, not document counts).
 *
 * A hit's `key` addresses /v3/search/detail/:key/ (`searchDetailKey`): `dimension:value`, or
 * `tag_keys:key=value` for a tag value.
 */
export const SEARCH_PATHS = {
  query: '/c/ac/query',
  autoComplete: '/c/ac/auto-complete/',
} as const;

/** What a hit is, for display; `dimension` says where its value lives. */
export const SEARCH_KINDS = ['resource', 'account', 'service', 'region', 'tag'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_SCOPES = ['resources', 'accounts', 'services', 'regions', 'tags', 'all'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** Each scope's kind and the plain dimensions searched for it (tags are keyed: tag_keys with a key). */
export const SCOPE_SOURCES = {
  resources: { kind: 'resource', dimensions: ['line_item_resource_id', 'resource_name'] },
  accounts: { kind: 'account', dimensions: ['line_item_usage_account_id', 'billing_project_name'] },
  services: { kind: 'service', dimensions: ['product_servicename'] },
  regions: { kind: 'region', dimensions: ['product_region'] },
  tags: { kind: 'tag', dimensions: [] },
} as const satisfies Record<Exclude<SearchScope, 'all'>, { kind: SearchKind; dimensions: CostDimension[] }>;

/** Spec §3 filter state → search key (accountState → project.id, …). */
export const SEARCH_KEYS = [
  'project.id',
  'region.keyword',
  'cloud_type.keyword',
  'product.keyword',
  'vpc_id.keyword',
  'instance_type.keyword',
  'cost.available_operation',
  'cost.available_usagetype',
] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

/** Search keys that are a cost dimension (filters and facets); the rest narrow the projects or are refused. */
export const SEARCH_KEY_DIMENSIONS = {
  'region.keyword': 'product_region',
  'product.keyword': 'product_servicename',
  'instance_type.keyword': 'product_instance_type',
  'cost.available_operation': 'line_item_operation',
  'cost.available_usagetype': 'line_item_usage_type',
} as const satisfies Partial<Record<SearchKey, CostDimension>>;
export type FacetKey = keyof typeof SEARCH_KEY_DIMENSIONS;
export const FACET_KEYS = Object.keys(SEARCH_KEY_DIMENSIONS) as FacetKey[];
const isFacetKey = (name: string): name is FacetKey => name in SEARCH_KEY_DIMENSIONS;

/** The biggest offset + limit: hits are cut from the warehouse's top N (TOP_N_MAX). */
export const SEARCH_WINDOW_MAX = 500;

export const searchHitSchema = z.object({
  /** Address of the detail page (`searchDetailKey`). */
  key: z.string(),
  kind: z.enum(SEARCH_KINDS),
  dimension: z.enum(COST_DIMENSIONS),
  /** The tag key of a tag hit, otherwise null. */
  tag_key: z.string().nullable(),
  value: z.string(),
  /** What to show: the value, or `key=value` for a tag. */
  label: z.string(),
  cost: z.number(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const autoCompleteQuerySchema = z.object({
  query: z.string().trim().min(1, 'Enter something to search for.').max(200, 'Enter at most 200 characters.'),
  limit: limitParam(10, 50),
});
export type AutoCompleteQuery = z.input<typeof autoCompleteQuerySchema>;

export const autoCompleteResultSchema = z.object({
  query: z.string(),
  suggestions: z.array(searchHitSchema),
  start_date: z.string(),
  end_date: z.string(),
});
export type AutoCompleteResult = z.infer<typeof autoCompleteResultSchema>;

/** Parsed `filters`: each search key with its (non-empty) values. */
export type SearchFilters = Partial<Record<SearchKey, string[]>>;

const filterValues = z.union([z.string(), z.array(z.string())]);

/** The `filters` parameter: a JSON object of search keys; empty values dropped; issues name the key. */
const filtersParam = z.string().transform((text, ctx): SearchFilters => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Send the filters as a JSON object.' });
    return z.NEVER;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    ctx.addIssue({ code: 'custom', message: 'Send the filters as a JSON object.' });
    return z.NEVER;
  }
  const filters: SearchFilters = {};
  for (const [name, value] of Object.entries(raw)) {
    const issue = filterIssue(name, value);
    if (issue !== null) {
      ctx.addIssue({ code: 'custom', path: [name], message: issue });
      return z.NEVER;
    }
    const values = [value].flat().filter((entry): entry is string => entry !== '');
    if (values.length > 0) filters[name as SearchKey] = values;
  }
  return filters;
});

function filterIssue(name: string, value: unknown): string | null {
  if (!(SEARCH_KEYS as readonly string[]).includes(name)) {
    return `Unknown search key; use one of ${SEARCH_KEYS.join(', ')}.`;
  }
  if (!filterValues.safeParse(value).success) return 'Send a string or an array of strings.';
  const values = [value].flat() as string[];
  if (name === 'vpc_id.keyword' && values.some((entry) => entry !== '')) {
    return 'VPC ids are not in the billing data, so search cannot filter by them.';
  }
  if (
    name === 'cloud_type.keyword' &&
    values.some((v) => v !== '' && !(CLOUD_TYPES as readonly string[]).includes(v))
  ) {
    return `Use ${CLOUD_TYPES.join(' or ')}.`;
  }
  return null;
}

const aggregationsParam = z.string().transform((text, ctx): FacetKey[] => {
  const names = [...new Set(text.split(',').filter((name) => name !== ''))];
  const unknown = names.find((name) => !isFacetKey(name));
  if (unknown !== undefined) {
    ctx.addIssue({ code: 'custom', message: `No facet for "${unknown}"; use ${FACET_KEYS.join(', ')}.` });
    return z.NEVER;
  }
  return names as FacetKey[];
});

export const searchQuerySchema = z
  .object({
    q: z.string().max(200, 'Enter at most 200 characters.').default('*'),
    scope: z.enum(SEARCH_SCOPES).default('all'),
    aggregations: aggregationsParam.optional(),
    filters: filtersParam.optional(),
    cloud_type: z.enum(CLOUD_TYPES).optional(),
    offset: z.coerce.number().int().min(0).default(0),
    limit: limitParam(20, 100),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.offset + query.limit > SEARCH_WINDOW_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['offset'],
        message: `offset + limit must be at most ${SEARCH_WINDOW_MAX}; narrow the search instead.`,
      });
    }
    checkDateRange(query, ctx, { maxDays: MAX_RANGE_DAYS });
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const facetBucketSchema = z.object({ value: z.string(), label: z.string(), cost: z.number() });
export type FacetBucket = z.infer<typeof facetBucketSchema>;

export const searchResultSchema = z.object({
  q: z.string(),
  scope: z.enum(SEARCH_SCOPES),
  start_date: z.string(),
  end_date: z.string(),
  currency: z.string(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** Hits in scope before pagination. */
  total: z.number().int(),
  hits: z.array(searchHitSchema),
  /** One entry per requested aggregation: its top values by cost. */
  facets: z.partialRecord(z.enum(FACET_KEYS as [FacetKey, ...FacetKey[]]), z.array(facetBucketSchema)),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The detail page's address of a hit: `dimension:value`, `tag_keys:key=value` for a tag. */
export function searchDetailKey(hit: Pick<SearchHit, 'dimension' | 'tag_key' | 'value'>): string {
  return hit.tag_key === null
    ? `${hit.dimension}:${hit.value}`
    : `${hit.dimension}:${hit.tag_key}=${hit.value}`;
}

export type ParsedDetailKey =
  | { dimension: CostDimension; tagKey: null; value: string }
  | { dimension: 'tag_keys'; tagKey: string; value: string };

/** The inverse of `searchDetailKey`; null for an address no hit can have. */
export function parseSearchDetailKey(key: string): ParsedDetailKey | null {
  const colon = key.indexOf(':');
  if (colon < 1) return null;
  const dimension = key.slice(0, colon);
  const rest = key.slice(colon + 1);
  if (dimension === 'tag_keys') {
    const equals = rest.indexOf('=');
    if (equals < 1) return null;
    return { dimension, tagKey: rest.slice(0, equals), value: rest.slice(equals + 1) };
  }
  if (!(COST_DIMENSIONS as readonly string[]).includes(dimension) || rest === '') return null;
  return { dimension: dimension as CostDimension, tagKey: null, value: rest };
}
