import { z } from 'zod';
import {
  COST_DIMENSIONS,
  costQueryResultSchema,
  DIMENSION_GROUPS,
  GRANULARITIES,
  KEYED_DIMENSIONS,
} from './cost-query';

/**
 * The Cost Explorer's cost_page calls (spec §7). The spec names them but shows no shapes; this is the design.
 * Every call answers only the caller's active client; `project_ids` (comma-separated) narrows it to some of
 * its projects, and a project of another client is the same 404 as an unknown id. `imply_client` and
 * `use_query_optimization` are what the SPA adds to cost_page GETs: both are 'true' or 'false'.
 *
 * GET  /c/cost_page/dimension_daily_cost/?start_date=…&end_date=…[&granularity][&dimension][&filters…]
 * POST /c/cost_page/dimension_daily_cost/
 *   A CostQuery in the wire format of ./cost-query (`costQueryToParams` / `paramsToCostQuery`). The POST body
 *   is either the same flat keys with the same string values (filter values JSON-encoded, exactly what
 *   `costQueryToParams` returns), or `{ "query": <CostQuery as JSON> }` with the filters as structured objects
 *   (`costQuerySchema`); `use_query_optimization` may sit beside either. A bad value is a 400 naming the
 *   parameter (`query.<path>` for the structured form).
 *   Granularity (spec §5, rules in @finlens/cost-model/granularity): the caller is internal when their email
 *   domain is in INTERNAL_EMAIL_DOMAINS; a granularity not offered for the range to this caller is a 400
 *   naming `granularity` (the message lists the allowed ones, also in `allowed_granularities` of every
 *   answer); week / month / quarter on a range not aligned to whole periods is answered by day
 *   (`granularity_used`). A range equal to a forward preset of today (spec §9) follows the forward rules.
 *   use_query_optimization=false answers from raw line items instead of rollups (`source`).
 *   Forecast: periods after `as_of` (the newest usage day of the scope) up to end_date are forecast from the
 *   40 days up to as_of (@finlens/cost-model/forecast) and flagged in `forecast`. The total's forecast comes
 *   from the summed daily history of the same query (its filters and dimension); each series gets the
 *   share of it that the series had of those 40 days (groups beyond the answer's top N go to 'Others', and
 *   a group with cost only in the history joins the series). A period holding as_of carries its actual
 *   days plus forecast days and is flagged. `series[].total` includes forecast; `total` is actual cost only
 *   and `forecast_total` the forecast part. Without any data (as_of null) nothing is forecast.
 *
 * GET /c/cost_page/tag_values_granularity/?key=…, /label_values_granularity/?key=…,
 *     /cost_allocation_tag_values_granularity/?key=…
 *   dimension_daily_cost grouped by the values of one tag / Kubernetes label / cost category: the dimension
 *   is fixed (tag_keys, label_keys, cost_allocation_tag_keys) and `key` (required) is its key.
 *
 * GET /c/cost_page/dimension_values/?dimension=…[&key][&search][&start_date&end_date][&limit=50]
 *   Values of a dimension (of one key for keyed dimensions: `key` required) with their unblended cost in
 *   the range (whole history without one), most expensive first; `search` is a case-insensitive contains;
 *   `value` null is the 'No value' group (untagged, no resource id).
 * GET /c/cost_page/dimension_keys/?dimension=tag_keys|label_keys|cost_allocation_tag_keys[&search][&limit=100]
 *   Tag keys, Kubernetes label keys or cost category names, alphabetically, for the filter panel.
 * GET /c/cost_page/dimensions/[?start_date&end_date]
 *   The dimension catalogue (groups in display order, each dimension's display name and help text, whether
 *   it is keyed), the spec §3 dimension labels, and for this caller whether they are internal and, with a
 *   range, the granularities allowed for it — so the web and the API apply the same rules.
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

const booleanText = z.enum(['true', 'false']).optional();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date written YYYY-MM-DD.');
const projectIds = z
  .string()
  .regex(/^[^,\s]+(,[^,\s]+)*$/, 'Enter a comma-separated list of project ids.')
  .optional();
const limit = (fallback: number) => z.coerce.number().int().min(1).max(500).default(fallback);

/** The SPA's cost_page flags (spec §7), accepted on every call here. */
const spaFlags = { imply_client: booleanText, use_query_optimization: booleanText };

/**
 * The query string of dimension_daily_cost: the documented keys are checked for shape here, the filter keys
 * (`X`, `exclude_X`, `like_X`, `not_like_X`, `X_keys`, `X_keys_and`) pass through to `paramsToCostQuery`.
 */
export const dimensionDailyCostQuerySchema = z.looseObject({
  ...spaFlags,
  start_date: z.string(),
  end_date: z.string(),
  granularity: z.string().optional(),
  dimension: z.string().optional(),
  dimension_key: z.string().optional(),
  cost_type: z.string().optional(),
  top_n: z.string().optional(),
  project_ids: z.string().optional(),
});

/** The POST body: the flat wire keys, or `{ query }` (see the header). */
export const dimensionDailyCostBodySchema = z.record(z.string(), z.unknown());

/** The *_values_granularity query string: dimension_daily_cost's keys, the dimension fixed, `key` required. */
export const keyedGranularityQuerySchema = dimensionDailyCostQuerySchema.extend({
  key: z.string().min(1, 'Enter the key whose values to group by.'),
});

export const dimensionDailyCostResultSchema = costQueryResultSchema.extend({
  /** Forecast cost in the range (0 when nothing is forecast). */
  forecast_total: z.number(),
  /** Granularities this caller may ask for this range (spec §5), finest first. */
  allowed_granularities: z.array(z.enum(GRANULARITIES)),
});
export type DimensionDailyCostResult = z.infer<typeof dimensionDailyCostResultSchema>;

export const dimensionValuesQuerySchema = z.object({
  ...spaFlags,
  dimension: z.enum(COST_DIMENSIONS),
  key: z.string().min(1).optional(),
  search: z.string().optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  limit: limit(50),
  project_ids: projectIds,
});
export type DimensionValuesQuery = z.input<typeof dimensionValuesQuerySchema>;

export const dimensionValuesSchema = z.object({
  dimension: z.enum(COST_DIMENSIONS),
  key: z.string().nullable(),
  values: z.array(z.object({ value: z.string().nullable(), cost: z.number() })),
});
export type DimensionValues = z.infer<typeof dimensionValuesSchema>;

export const dimensionKeysQuerySchema = z.object({
  ...spaFlags,
  dimension: z.enum(KEYED_DIMENSIONS),
  search: z.string().optional(),
  limit: limit(100),
  project_ids: projectIds,
});
export type DimensionKeysQuery = z.input<typeof dimensionKeysQuerySchema>;

export const dimensionKeysSchema = z.object({
  dimension: z.enum(KEYED_DIMENSIONS),
  keys: z.array(z.string()),
});
export type DimensionKeys = z.infer<typeof dimensionKeysSchema>;

export const dimensionsQuerySchema = z.object({
  ...spaFlags,
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
});

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
