import { z } from 'zod';
import { projectIdsParam, spaFlags } from './fragments';

/**
 * GET /c/cost_page/cost_summary/ — the spend summary of spec §3 (mtd_spend, mtd_delta_spend, interval_spend,
 * previous_interval_spend) that the start-up chain loads when the user has a project. The spec shows no
 * response shape; this is the design:
 *
 * - every window is on line_item_usage_start_date in UTC (spec §9), inclusive of both ends, and counts only
 *   the caller's client (split-cost-allocation rows are left out so pod costs never double an instance's);
 * - `mtd_spend`: the 1st of the current UTC month through today;
 * - `mtd_delta_spend`: percent change of `mtd_spend` against the same days of the previous month (capped
 *   at that month's last day), null when the previous month's figure is 0;
 * - `interval_spend` / `previous_interval_spend`: the last 31 days through today and the 31 days before
 *   (spec §9 "Spend lookback 31 days");
 * - `as_of`: the newest usage date present (YYYY-MM-DD), null without data — billing data lags a day or two;
 * - `start_of_month_window`: today is the 1st or 2nd of a month, when the month's data may not be published
 *   yet (spec §9), so a zero `mtd_spend` is not news.
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
  mtd_spend: z.number(),
  /** Percent, e.g. 12.5 for +12.5 %; null when the previous month-to-date is 0. */
  mtd_delta_spend: z.number().nullable(),
  interval_spend: z.number(),
  previous_interval_spend: z.number(),
  /** ISO 4217 code of the billing data (USD without data). */
  currency: z.string(),
  as_of: z.string().nullable(),
  start_of_month_window: z.boolean(),
});
export type CostSummary = z.infer<typeof costSummarySchema>;
