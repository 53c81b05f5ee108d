import { z } from 'zod';
import { type CostDimension, type CostFilter, filterParamName, paramsToCostFilters } from './cost-query';
import { COST_TYPE_NAMES } from './cost-summary';
import { booleanParam, projectIdsParam } from './fragments';
import { RESOURCE_KIND_NAMES } from './inventory';

/**
 * Resources Cost (spec §2 /v3/resources-cost/, issue 20; the spec shows no calls, so they are designed here):
 * every resource of the caller's client — from the collected inventory and from the bill, joined on the
 * resource id in its normal form (ARN or short id, packages/cost-model resource-id.ts) — with its cost over
 * the last 30 days of data and the 30 days before, its utilisation and its first and last sighting.
 */
export const RESOURCES_COST_PATHS = {
  list: '/c/resources_cost/',
  export: '/c/resources_cost/export/',
  resource: '/c/resources_cost/resource/',
} as const;

/** Days in the cost window (and in the previous window the trend compares with). */
export const RESOURCE_COST_WINDOW_DAYS = 30;

/**
 * The Explorer's dimensions a resource has one value of, usable as filters here (the Explorer's wire keys:
 * `product_region=["us-east-1"]`, `exclude_line_item_usage_account_id=[…]`, `like_line_item_resource_id=[…]`,
 * `tag_keys=[{"key":"user_team","value":"platform"}]` …).
 */
export const RESOURCE_FILTER_DIMENSIONS = [
  'line_item_usage_account_id',
  'billing_project_name',
  'product_region',
  'product_servicename',
  'line_item_resource_id',
  'resource_name',
  'product_instance_type',
  'tag_keys',
] as const satisfies readonly CostDimension[];

/**
 * Tag keys read as the owner, first present wins: as the cloud APIs spell them and as CUR 2.0 does
 * (`user_` prefix, `-` as `_`).
 */
export const OWNER_TAG_KEYS = ['owner', 'Owner', 'team', 'Team', 'user_owner', 'user_team'] as const;

export const RESOURCE_COST_SORTS = [
  'cost',
  'previous_cost',
  'trend',
  'name',
  'resource_id',
  'account_id',
  'region',
  'service',
  'kind',
  'type',
  'state',
  'owner',
  'first_seen',
  'last_seen',
] as const;

const sortDescription =
  'Column to sort by; rows without a value come last either way, ties by resource key (default: cost).';

/** The list's parameters; the export takes the same without paging. */
const listParams = {
  project_ids: projectIdsParam,
  search: z
    .string()
    .max(200)
    .optional()
    .describe('Part of the resource id, its name, ARN, an id the bill uses, or a tag value (ignoring case).'),
  kind: z
    .enum(RESOURCE_KIND_NAMES)
    .optional()
    .describe('Inventory kind; resources only in the bill have none.'),
  state: z.string().max(100).optional().describe('The provider state, lower-case (running, stopped …).'),
  in_inventory: booleanParam.describe(
    "'false': only resources the bill names that the inventory has not (yet) collected; 'true': only collected ones.",
  ),
  cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
  sort: z.enum(RESOURCE_COST_SORTS).default('cost').describe(sortDescription),
  order: z.enum(['asc', 'desc']).default('desc'),
};

/** Explorer filters on a dimension outside RESOURCE_FILTER_DIMENSIONS: a 400 naming the key. */
function readFilters(params: Record<string, unknown>, ctx: z.core.$RefinementCtx<unknown>): CostFilter[] {
  const read = paramsToCostFilters(params);
  if (!read.ok) {
    ctx.addIssue({ code: 'custom', path: [read.field], message: read.message });
    return [];
  }
  for (const filter of read.filters) {
    if (!(RESOURCE_FILTER_DIMENSIONS as readonly string[]).includes(filter.dimension)) {
      ctx.addIssue({
        code: 'custom',
        path: [filterParamName(filter)],
        message: `Resources Cost filters by ${RESOURCE_FILTER_DIMENSIONS.join(', ')}.`,
      });
    }
  }
  return read.filters;
}

/** Known keys plus the Explorer's filter keys, which the transform reads into `filters`. */
function withFilters<T extends z.ZodRawShape>(shape: T) {
  return z
    .looseObject(shape)
    .transform((params, ctx) => {
      const filters = readFilters(params, ctx);
      const known = Object.fromEntries(Object.keys(shape).map((k) => [k, params[k as keyof typeof params]]));
      return { ...(known as z.infer<z.ZodObject<T>>), filters };
    })
    .describe(
      `Besides these, the Explorer's filter keys on ${RESOURCE_FILTER_DIMENSIONS.join(', ')} (JSON arrays, as the Explorer sends them).`,
    );
}

export const resourcesCostQuerySchema = withFilters({
  ...listParams,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});
export type ResourcesCostQuery = z.output<typeof resourcesCostQuerySchema>;

export const resourcesCostExportQuerySchema = withFilters(listParams);
export type ResourcesCostExportQuery = z.output<typeof resourcesCostExportQuerySchema>;

export const resourceCostDetailQuerySchema = z.object({
  key: z.string().min(1).max(2048).describe("A row's `key` from the list."),
  project_id: z.string().min(1).describe("The row's project (another client's: 404)."),
  cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
});
export type ResourceCostDetailQuery = z.infer<typeof resourceCostDetailQuerySchema>;

export const utilisationSummarySchema = z
  .object({
    cpu_p95: z.number().nullable().describe('95th percentile of CPU utilisation, percent.'),
    cpu_avg: z.number().nullable().describe('Average CPU utilisation, percent.'),
  })
  .describe(
    'CPU over the last 14 days of hourly metrics; null when none were collected (or not in the inventory).',
  );

export const resourceCostRowSchema = z.object({
  key: z.string().describe('Account and normal resource id: the same for every spelling of the resource.'),
  project_id: z.string(),
  resource_id: z.string().describe("The inventory's id, else the bill's."),
  arn: z.string().nullable(),
  name: z.string().nullable(),
  account_id: z.string().nullable(),
  account_name: z
    .string()
    .nullable()
    .describe(
      "The account's name in the bill (line_item_usage_account_name), else the inventory's, else null.",
    ),
  region: z.string().nullable(),
  service: z
    .string()
    .nullable()
    .describe("The bill's service name (for a resource only collected: its kind's)."),
  kind: z.enum(RESOURCE_KIND_NAMES).nullable(),
  type: z.string().nullable().describe('Instance type or class, volume type, load balancer type …'),
  state: z.string().nullable(),
  tags: z
    .record(z.string(), z.string())
    .describe("The inventory's tags; for a resource only in the bill, the bill's owner tags (user_ keys)."),
  owner: z
    .string()
    .nullable()
    .describe(`The first of the tags ${OWNER_TAG_KEYS.join(', ')} present.`),
  cost: z.number().describe('Cost over the window (the last 30 days with data).'),
  previous_cost: z.number().describe('Cost over the 30 days before the window.'),
  trend: z
    .number()
    .nullable()
    .describe('(cost − previous_cost) ÷ previous_cost; null when previous_cost is 0.'),
  utilisation: utilisationSummarySchema.nullable(),
  first_seen: z
    .string()
    .nullable()
    .describe('First collected (ISO time), else the first billed day in the windows.'),
  last_seen: z
    .string()
    .nullable()
    .describe('Last collected (ISO time), else the last billed day in the windows.'),
  in_inventory: z.boolean().describe('false: the bill names it but no collection has listed it (yet).'),
  in_bill: z.boolean().describe('false: collected, but no cost in either window.'),
  bill_resource_ids: z
    .array(z.string())
    .describe('line_item_resource_id values of the bill that are this resource (Explorer filter).'),
});
export type ResourceCostRow = z.infer<typeof resourceCostRowSchema>;

export const costWindowSchema = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    previous_start_date: z.string(),
    previous_end_date: z.string(),
  })
  .nullable()
  .describe('The windows, ending on the newest usage day of the scope; null without billing data.');

export const resourceFilterOptionsSchema = z
  .object({
    accounts: z
      .array(z.object({ account_id: z.string(), account_name: z.string().nullable() }))
      .describe('By name, then id; values of line_item_usage_account_id.'),
    services: z.array(z.string()).describe('Values of product_servicename.'),
    types: z.array(z.string()).describe('Values of product_instance_type.'),
    tag_keys: z
      .array(z.string())
      .describe("Keys of the resources' tags (the inventory's, and the bill's owner keys), for tag_keys."),
  })
  .describe(
    "The values the scope's resources hold (all of them, not only the selection), for the page's filter inputs.",
  );
export type ResourceFilterOptions = z.infer<typeof resourceFilterOptionsSchema>;

export const resourcesCostListSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  cost_type: z.enum(COST_TYPE_NAMES),
  window: costWindowSchema,
  total_cost: z.number().describe('Cost of every matching resource (not only this page).'),
  results: z.array(resourceCostRowSchema),
  filter_options: resourceFilterOptionsSchema,
});
export type ResourcesCostList = z.infer<typeof resourcesCostListSchema>;

export const resourceCostDetailSchema = z.object({
  resource: resourceCostRowSchema,
  attributes: z
    .record(z.string(), z.unknown())
    .describe("The kind's attributes as collected; {} if only billed."),
  window: costWindowSchema,
  daily: z
    .array(z.object({ date: z.string(), cost: z.number() }))
    .describe('Cost per day over both windows, every day present.'),
});
export type ResourceCostDetail = z.infer<typeof resourceCostDetailSchema>;

/** CSV columns of the export, in order. */
export const RESOURCES_COST_CSV_COLUMNS = [
  'resource_id',
  'name',
  'account_id',
  'account_name',
  'region',
  'service',
  'kind',
  'type',
  'state',
  'owner',
  'cost',
  'previous_cost',
  'trend',
  'cpu_p95',
  'first_seen',
  'last_seen',
  'in_inventory',
  'arn',
  'tags',
] as const;
