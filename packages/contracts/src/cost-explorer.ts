import { z } from 'zod';
import {
  COST_DIMENSIONS,
  type CostQuery,
  costQueryResultSchema,
  costQuerySchema,
  costSeriesSchema,
  DIMENSION_GROUPS,
  GRANULARITIES,
  HOURLY_MAX_MONTHS,
  isKeyedDimension,
  KEYED_DIMENSIONS,
  type KeyedDimension,
  paramsToCostQuery,
  TOP_N_DEFAULT,
  TOP_N_MAX,
} from './cost-query';
import { COST_TYPE_NAMES } from './cost-summary';
import {
  booleanParam,
  isoDate,
  limitParam,
  MAX_RANGE_DAYS,
  optionalDateRange,
  projectIdsParam,
  spaFlags,
} from './fragments';

/**
 * The Cost Explorer's cost_page calls (spec §7); the design (scope, granularity, forecast) is in
 * docs/cost-explorer.md, and each parameter's rule is in its `.describe()` below, so /api/docs shows it.
 */
export const COST_EXPLORER_PATHS = {
  dimensionDailyCost: '/c/cost_page/dimension_daily_cost/',
  tagValuesGranularity: '/c/cost_page/tag_values_granularity/',
  labelValuesGranularity: '/c/cost_page/label_values_granularity/',
  costAllocationTagValuesGranularity: '/c/cost_page/cost_allocation_tag_values_granularity/',
  dimensionValues: '/c/cost_page/dimension_values/',
  dimensionKeys: '/c/cost_page/dimension_keys/',
  dimensions: '/c/cost_page/dimensions/',
} as const;

/** The keyed dimension each *_values_granularity path groups by. */
export const KEYED_GRANULARITY_PATHS = {
  tag_keys: COST_EXPLORER_PATHS.tagValuesGranularity,
  label_keys: COST_EXPLORER_PATHS.labelValuesGranularity,
  cost_allocation_tag_keys: COST_EXPLORER_PATHS.costAllocationTagValuesGranularity,
} as const;

const DIMENSION_TEXT = 'The group-by dimension (absent: one Total series).';

/** The documented keys of a CostQuery in the flat wire format (`costQueryToParams`), as the API reads them. */
const costQueryParams = {
  ...spaFlags,
  start_date: isoDate.describe('First day of the range (UTC, included).'),
  end_date: isoDate.describe(
    `Last day of the range (UTC, included), not before start_date; at most ${MAX_RANGE_DAYS} days in all.`,
  ),
  granularity: z
    .enum(GRANULARITIES)
    .optional()
    .describe(
      'Default day. One not allowed for the range and caller (spec §5) is a 400 listing the allowed ones; ' +
        `hour covers at most ${HOURLY_MAX_MONTHS.others} calendar months (${HOURLY_MAX_MONTHS.internal} for ` +
        'internal users); week, month or quarter on a range not aligned to them is answered by day (granularity_used).',
    ),
  dimension_key: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The tag, label or cost category key when grouping by tag_keys, label_keys or cost_allocation_tag_keys.',
    ),
  cost_type: z.enum(COST_TYPE_NAMES).optional().describe('Default unblended.'),
  top_n: z.coerce
    .number()
    .int()
    .min(1)
    .max(TOP_N_MAX)
    .optional()
    .describe(`Groups answered before the rest is summed into Others (default ${TOP_N_DEFAULT}).`),
  project_ids: projectIdsParam,
};

/** What the dimension_daily_cost calls hand the service: the CostQuery and whether rollups may answer it. */
export interface DimensionDailyCostRequest {
  query: CostQuery;
  /** False (use_query_optimization=false): answer from the raw line items (spec §7). */
  use_query_optimization: boolean;
}

/** The flat wire keys → a CostQuery; a bad key is an issue naming it (filter keys included). */
function toRequest(
  params: Record<string, unknown>,
  ctx: z.RefinementCtx,
  rollups = params.use_query_optimization !== 'false',
): DimensionDailyCostRequest {
  const parsed = paramsToCostQuery(params);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', path: [parsed.field], message: parsed.message });
    return z.NEVER;
  }
  return { query: parsed.query, use_query_optimization: rollups };
}

const FILTER_KEYS_TEXT =
  'Filter keys pass through: X, exclude_X, like_X, not_like_X (X a dimension; a JSON array of strings) and ' +
  'tag_keys, tag_keys_and, exclude_tag_keys (and label_, cost_allocation_tag_) with a JSON array of ' +
  '{"key","value"} pairs; a value of "" or "null" means the key is absent (untagged). An unknown filter is a 400.';

/** GET dimension_daily_cost: a CostQuery in the flat wire format, parsed into one. */
export const dimensionDailyCostQuerySchema = z
  .looseObject({ ...costQueryParams, dimension: z.enum(COST_DIMENSIONS).optional().describe(DIMENSION_TEXT) })
  .describe(FILTER_KEYS_TEXT)
  .transform(toRequest);

/** What the POST body's boolean flag may be: JSON true/false or the query-string text. */
const bodyFlag = z.union([z.boolean(), booleanParam]).optional();

/**
 * POST dimension_daily_cost: `{ "query": <CostQuery> }` with structured filters (a bad value names
 * `query.<path>`), or the flat wire keys of the GET with the same string values.
 */
export const dimensionDailyCostBodySchema = z
  .looseObject({
    query: costQuerySchema
      .optional()
      .describe('The CostQuery with structured filters; the flat keys are ignored then.'),
    use_query_optimization: bodyFlag.describe('false answers from the raw line items instead of rollups.'),
  })
  .describe(`Either { query } or the GET's flat keys. ${FILTER_KEYS_TEXT}`)
  .transform((body, ctx): DimensionDailyCostRequest => {
    const rollups = body.use_query_optimization !== false && body.use_query_optimization !== 'false';
    if (body.query !== undefined) return { query: body.query, use_query_optimization: rollups };
    return toRequest(body, ctx, rollups);
  });

/** The *_values_granularity query string: dimension_daily_cost grouped by the values of one key. */
export function keyedGranularityQuerySchema(dimension: KeyedDimension) {
  return z
    .looseObject({
      ...costQueryParams,
      key: z
        .string()
        .min(1, 'Enter the key whose values to group by.')
        .describe(`The ${dimension} key to group by.`),
    })
    .describe(FILTER_KEYS_TEXT)
    .transform(({ key, ...params }, ctx) => toRequest({ ...params, dimension, dimension_key: key }, ctx));
}

/**
 * A series of a dimension_daily_cost answer: `costs[i]` is the period's whole cost (actual plus forecast) and
 * `forecast_costs[i]` its forecast part, so `costs[i] - forecast_costs[i]` is the actual cost to date. A
 * period holding as_of (the current month of a bill delivered today) has both parts.
 */
export const forecastedSeriesSchema = costSeriesSchema.extend({
  forecast_costs: z
    .array(z.number())
    .describe('Per period: the forecast part of `costs` (0 where the period is all actual).'),
});
export type ForecastedSeries = z.infer<typeof forecastedSeriesSchema>;

export const dimensionDailyCostResultSchema = costQueryResultSchema.extend({
  /** Top N groups (descending by actual + forecast), then 'Others'; each with its forecast part per period. */
  series: z.array(forecastedSeriesSchema),
  /**
   * Forecast cost in the range (0 when nothing is forecast): the sum of every series' `forecast_costs`, while
   * `total` is the sum of the actual parts, so `total + forecast_total` is the sum of every series' costs.
   */
  forecast_total: z.number(),
  /** Granularities this caller may ask for this range (spec §5), finest first. */
  allowed_granularities: z.array(z.enum(GRANULARITIES)),
});
export type DimensionDailyCostResult = z.infer<typeof dimensionDailyCostResultSchema>;

/** Values of a dimension with their unblended cost in the range (whole history without one), costliest first. */
export const dimensionValuesQuerySchema = optionalDateRange({ maxDays: MAX_RANGE_DAYS })
  .extend({
    ...spaFlags,
    dimension: z.enum(COST_DIMENSIONS),
    key: z
      .string()
      .min(1)
      .optional()
      .describe('The key whose values to list; required for keyed dimensions.'),
    search: z.string().optional().describe('Case-insensitive contains.'),
    limit: limitParam(50, 500),
    project_ids: projectIdsParam,
  })
  .superRefine((q, ctx) => {
    if (isKeyedDimension(q.dimension) && q.key === undefined) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'Choose the key whose values to list.' });
    }
  });
export type DimensionValuesQuery = z.input<typeof dimensionValuesQuerySchema>;
/** dimension_values' parameters as the server reads them (defaults applied). */
export type DimensionValuesParams = z.output<typeof dimensionValuesQuerySchema>;

export const dimensionValuesSchema = z.object({
  dimension: z.enum(COST_DIMENSIONS),
  key: z.string().nullable(),
  values: z.array(z.object({ value: z.string().nullable(), cost: z.number() })),
});
export type DimensionValues = z.infer<typeof dimensionValuesSchema>;

/** Tag keys, Kubernetes label keys or cost category names, alphabetically, for the filter panel. */
export const dimensionKeysQuerySchema = z.object({
  ...spaFlags,
  dimension: z.enum(KEYED_DIMENSIONS),
  search: z.string().optional().describe('Case-insensitive contains.'),
  limit: limitParam(100, 500),
  project_ids: projectIdsParam,
});
export type DimensionKeysQuery = z.input<typeof dimensionKeysQuerySchema>;
/** dimension_keys' parameters as the server reads them (defaults applied). */
export type DimensionKeysParams = z.output<typeof dimensionKeysQuerySchema>;

export const dimensionKeysSchema = z.object({
  dimension: z.enum(KEYED_DIMENSIONS),
  keys: z.array(z.string()),
});
export type DimensionKeys = z.infer<typeof dimensionKeysSchema>;

/** The catalogue; with a range, also the granularities this caller may use for it (spec §5). */
export const dimensionsQuerySchema = optionalDateRange({ maxDays: MAX_RANGE_DAYS }).extend(spaFlags);

export const dimensionCatalogueSchema = z.object({
  groups: z.array(
    z.object({
      name: z.enum(DIMENSION_GROUPS),
      dimensions: z.array(
        z.object({
          name: z.enum(COST_DIMENSIONS),
          label: z.string(),
          help: z.string(),
          /** Grouping needs a key (tags, labels, cost categories); filters take key/value pairs. */
          keyed: z.boolean(),
        }),
      ),
    }),
  ),
  /** Spec §3 dimension labels → the dimension each stands for. */
  dimension_labels: z.record(z.string(), z.enum(COST_DIMENSIONS)),
  granularities: z.array(z.enum(GRANULARITIES)),
  internal_user: z.boolean(),
  /** With start_date and end_date: the granularities this caller may use for the range; null without. */
  allowed_granularities: z.array(z.enum(GRANULARITIES)).nullable(),
});
export type DimensionCatalogue = z.infer<typeof dimensionCatalogueSchema>;
