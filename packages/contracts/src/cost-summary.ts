import { z } from 'zod';
import { projectIdsParam, spaFlags } from './fragments';

/**
 * GET /c/cost_page/cost_summary/: the spend summary of spec §3 that the start-up chain loads when the user has
 * a project. Every window is on line_item_usage_start_date in UTC (spec §9), both ends included, and counts
 * only the caller's client (split-cost-allocation rows left out); each field's rule is in its `.describe()`.
 */
export const COST_SUMMARY_PATHS = { costSummary: '/c/cost_page/cost_summary/' } as const;

/** The seven cost types of spec §3 (the warehouse's cost-type columns). */
export const COST_TYPE_NAMES = [
  'unblended',
  'amortized',
  'blended',
  'list',
  'net_unblended',
  'net_amortized',
  'net_list',
] as const;
export type CostTypeName = (typeof COST_TYPE_NAMES)[number];

/**
 * `imply_client` and `use_query_optimization` are what the SPA adds to every cost_page GET (spec §7); the
 * answer is the same either way (the client is always the caller's active one). `project_ids`: comma-separated
 * project ids of the caller's client, all of its projects when absent.
 */
export const costSummaryQuerySchema = z.object({
  ...spaFlags,
  cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
  project_ids: projectIdsParam,
});
export type CostSummaryQuery = z.input<typeof costSummaryQuerySchema>;

export const costSummarySchema = z.object({
  mtd_spend: z.number().describe('Cost from the 1st of the current UTC month through today.'),
  mtd_delta_spend: z
    .number()
    .nullable()
    .describe(
      'Percent change (12.5 for +12.5 %) of mtd_spend against the same days of the previous month (capped at ' +
        "that month's last day); null when the previous month's figure is 0.",
    ),
  interval_spend: z.number().describe('Cost of the last 31 days through today (spec §9 spend lookback).'),
  previous_interval_spend: z.number().describe('Cost of the 31 days before those.'),
  currency: z.string().describe('ISO 4217 code of the billing data (USD without data).'),
  as_of: z
    .string()
    .nullable()
    .describe(
      'The newest usage day present (YYYY-MM-DD), null without data; billing data lags a day or two.',
    ),
  start_of_month_window: z
    .boolean()
    .describe(
      "Today is a month's 1st or 2nd, when its data may be unpublished (spec §9): a zero mtd_spend is no news.",
    ),
});
export type CostSummary = z.infer<typeof costSummarySchema>;
