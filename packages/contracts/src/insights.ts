import { z } from 'zod';
import { COST_TYPE_NAMES } from './cost-summary';
import { dateRange, limitParam, projectIdsParam, spaFlags } from './fragments';

/**
 * Cost insights (spec §1 Inform "Insights"): GET /c/cost_page/insights/ compares a range with the equal
 * period just before it. The design (the kinds, noise thresholds, Explorer links) is in docs/insights.md;
 * each parameter's rule is in its `.describe()`.
 */
export const INSIGHTS_PATH = '/c/cost_page/insights/';

/** Dimensions whose biggest increases and decreases are listed. */
export const MOVER_DIMENSIONS = [
  'product_servicename',
  'line_item_usage_account_id',
  'line_item_usage_type',
] as const;
export type MoverDimension = (typeof MOVER_DIMENSIONS)[number];

/** Dimensions between whose values spend moving is detected, with the insight kind of each. */
export const SHIFT_KINDS = {
  product_region: 'region_shift',
  finlens_purchase_option: 'purchase_option_shift',
} as const;
export type ShiftDimension = keyof typeof SHIFT_KINDS;

export const INSIGHT_KINDS = [
  'increase',
  'decrease',
  'new_service',
  'region_shift',
  'purchase_option_shift',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

export const INSIGHT_DEFAULTS = { lookback_periods: 3, min_change: 10, min_percent: 10, limit: 5 } as const;
/** Longest range insights compare, in days. */
export const INSIGHTS_MAX_DAYS = 366;

export const insightsQuerySchema = dateRange({ maxDays: INSIGHTS_MAX_DAYS }).extend({
  ...spaFlags,
  cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
  project_ids: projectIdsParam,
  lookback_periods: z.coerce
    .number()
    .int()
    .min(1)
    .max(12)
    .default(INSIGHT_DEFAULTS.lookback_periods)
    .describe('Equal periods before the range a new service must have had no cost in.'),
  min_change: z.coerce
    .number()
    .min(0)
    .default(INSIGHT_DEFAULTS.min_change)
    .describe('A change (or a moved amount) counts only from this many currency units.'),
  min_percent: z.coerce
    .number()
    .min(0)
    .max(1000)
    .default(INSIGHT_DEFAULTS.min_percent)
    .describe("…and, with a previous cost, from this percent of it (a moved amount: of the source's)."),
  limit: limitParam(INSIGHT_DEFAULTS.limit, 50).describe(
    'Insights of each kind per dimension (1–50, default 5).',
  ),
});

/** The CostQuery of an Explorer view, in the flat wire format (`costQueryToParams`). */
const explorerParams = z.record(z.string(), z.string());

/** One value of a dimension in the two periods. */
export const insightValueSchema = z.object({
  key: z.string(),
  label: z.string(),
  previous: z.number(),
  current: z.number(),
});

/** increase, decrease, new_service: one value of one dimension. */
export const changeInsightSchema = insightValueSchema.extend({
  kind: z.enum(['increase', 'decrease', 'new_service']),
  dimension: z.string(),
  /** current − previous. */
  change: z.number(),
  /** change ÷ previous × 100, rounded to 0.1; null when previous is 0. */
  change_percent: z.number().nullable(),
  explorer: explorerParams,
});
export type ChangeInsight = z.infer<typeof changeInsightSchema>;

/** region_shift, purchase_option_shift: spend moving from one value to another. */
export const shiftInsightSchema = z.object({
  kind: z.enum(['region_shift', 'purchase_option_shift']),
  dimension: z.string(),
  from: insightValueSchema,
  to: insightValueSchema,
  /** The spend moved: the smaller of the source's fall and the destination's rise left after earlier pairs. */
  amount: z.number(),
  explorer: explorerParams,
});
export type ShiftInsight = z.infer<typeof shiftInsightSchema>;

export const insightSchema = z.union([changeInsightSchema, shiftInsightSchema]);
export type Insight = z.infer<typeof insightSchema>;

export const insightsSchema = z.object({
  cost_type: z.enum(COST_TYPE_NAMES),
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  previous_start_date: z.string(),
  previous_end_date: z.string(),
  /** First day of the lookback new services are checked against. */
  lookback_start_date: z.string(),
  /** Total cost this period and in the previous one. */
  total: z.number(),
  previous_total: z.number(),
  /** Newest usage day in scope, null without data. */
  as_of: z.string().nullable(),
  thresholds: z.object({
    lookback_periods: z.number(),
    min_change: z.number(),
    min_percent: z.number(),
    limit: z.number(),
  }),
  /** Grouped by kind in INSIGHT_KINDS order; within a kind by dimension, then by size. */
  insights: z.array(insightSchema),
});
export type Insights = z.infer<typeof insightsSchema>;
