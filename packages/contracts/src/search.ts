import { z } from 'zod';
import { CLOUD_TYPES } from './admin';
import { COST_DIMENSIONS, type CostDimension } from './cost-query';
import { checkDateRange, isoDate, limitParam, MAX_RANGE_DAYS } from './fragments';

/**
 * Global search (spec §2 /v3/search/, §7 Search calls): the app bar's suggestions and the search page. The
 * design (ranking, hits, facets, the search keys of `filters`) is in docs/search.md; each parameter's rule is
 * in its `.describe()`.
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
  query: z
    .string()
    .trim()
    .min(1, 'Enter something to search for.')
    .max(200, 'Enter at most 200 characters.')
    .describe('Case-insensitive text; `key=value` searches the values of exactly that tag key.'),
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
    q: z
      .string()
      .max(200, 'Enter at most 200 characters.')
      .default('*')
      .describe(
        "Contains (case-insensitive); '*' (the default) is everything and is ignored inside the text.",
      ),
    scope: z.enum(SEARCH_SCOPES).default('all'),
    aggregations: aggregationsParam
      .optional()
      .describe(
        `Comma-separated facets to return, each the top 10 values by cost: ${FACET_KEYS.join(', ')}.`,
      ),
    filters: filtersParam
      .optional()
      .describe(
        'A JSON object of search keys (spec §3 "filter state to search key"), each a string or an array of ' +
          `strings (any of them): ${SEARCH_KEYS.join(', ')}. vpc_id.keyword is not in billing data (400).`,
      ),
    cloud_type: z.enum(CLOUD_TYPES).optional().describe('Projects of that cloud, like cloud_type.keyword.'),
    offset: z.coerce.number().int().min(0).default(0),
    limit: limitParam(20, 100),
    start_date: isoDate.optional().describe('With end_date; default the last 31 days through today.'),
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
