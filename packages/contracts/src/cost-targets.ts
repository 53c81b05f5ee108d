import { z } from 'zod';
import { costFilterSchema } from './cost-query';
import { COST_TYPE_NAMES } from './cost-summary';
import { isoDate, projectIdList, spaFlags } from './fragments';

/**
 * Cost targets (budgets) over a CostQuery scope, their plans, plan history and alerts (spec §7 "Cost
 * targets"); periods, budget types, plannings and alerts are designed in docs/cost-targets.md.
 */
const BASE = '/c/cost_page';
export const COST_TARGET_PATHS = {
  targets: `${BASE}/cost_target/`,
  target: `${BASE}/cost_target/:id/`,
  createPlannings: `${BASE}/cost_target/:id/create_cost_target_plannings/`,
  uploadCsv: `${BASE}/cost_target/:id/upload_csv/`,
  /** Design: the plan as CSV (month,amount), the file upload_csv takes back. */
  downloadCsv: `${BASE}/cost_target/:id/download_csv/`,
  /** Design: the /v3/burn-down-tracker/ data of one period. */
  burnDown: `${BASE}/cost_target/:id/burn_down/`,
  plannings: `${BASE}/cost_target_planning/`,
  planning: `${BASE}/cost_target_planning/:id/`,
  history: `${BASE}/cost_target_planning_history/`,
  alerts: `${BASE}/cost_target_alert/`,
  alert: `${BASE}/cost_target_alert/:id/`,
  syncAlertFrequencies: `${BASE}/cost_target_alert/sync_alert_frequencies/`,
} as const;

export const TARGET_PERIODS = ['MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type TargetPeriod = (typeof TARGET_PERIODS)[number];
export const BUDGET_TYPES = ['top_down', 'bottom_up'] as const;
export const ALERT_BASES = ['actual', 'forecast'] as const;
export const THRESHOLD_TYPES = ['percent', 'amount'] as const;
export const ALERT_FREQUENCIES = ['immediately', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
/** Months a target without an end date plans for. */
export const DEFAULT_TARGET_MONTHS = 12;
/** The CSV header of a plan: one row per month, YYYY-MM and a non-negative amount. */
export const PLAN_CSV_COLUMNS = ['month', 'amount'] as const;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month written YYYY-MM.');
const money = z.number().finite().nonnegative('Enter an amount of 0 or more.');
const imply = { imply_client: spaFlags.imply_client };

/**
 * What a target counts. `showback_values` is reserved for the showback issue (a scope by showback value);
 * until it lands a target must not send it.
 */
export const targetScopeSchema = z.object({
  filters: z.array(costFilterSchema).default([]),
  project_ids: projectIdList.min(1, 'Choose at least one project.').optional(),
});
export type TargetScope = z.infer<typeof targetScopeSchema>;

export const costTargetInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(200),
    scope: targetScopeSchema.default({ filters: [] }),
    cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
    period: z.enum(TARGET_PERIODS).default('MONTHLY'),
    start_date: isoDate.refine((d) => d.endsWith('-01'), "Start on a month's first day."),
    end_date: isoDate.nullable().default(null),
    budget_type: z.enum(BUDGET_TYPES).default('top_down'),
    /** The budget of each period (top_down); ignored by bottom_up targets, which sum their plannings. */
    amount: money.nullable().default(null),
  })
  .superRefine((t, ctx) => {
    if (t.end_date !== null && t.end_date < t.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date is before the start date.' });
    }
    if (t.budget_type === 'top_down' && t.amount === null) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the budget of each period.' });
    }
  });
export type CostTargetInput = z.infer<typeof costTargetInputSchema>;
/** PATCH: any field of the input; the merged target is checked as a whole. */
export const costTargetPatchSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(200).optional(),
  scope: targetScopeSchema.optional(),
  cost_type: z.enum(COST_TYPE_NAMES).optional(),
  period: z.enum(TARGET_PERIODS).optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.nullable().optional(),
  budget_type: z.enum(BUDGET_TYPES).optional(),
  amount: money.nullable().optional(),
});

export const idParamsSchema = z.object({ id: z.string().uuid('Not a valid id.') });
export const implyClientQuerySchema = z.object(imply);

/** One period of a target, as the list, the detail and the alerts see it. */
export const targetPeriodStatusSchema = z.object({
  period_start: z.string(),
  period_end: z.string(),
  budget: z.number(),
  actual: z.number(),
  /** Forecast total of the period (actual + the rest) and its band (80 % of past backtest errors). */
  forecast: z.number(),
  forecast_low: z.number(),
  forecast_high: z.number(),
  /** actual / budget × 100; null when the budget is 0. */
  percent_used: z.number().nullable(),
  /** over: actual above budget; at_risk: forecast above budget; else on_track. */
  status: z.enum(['on_track', 'at_risk', 'over']),
  /** Newest usage day of the scope, null without data. */
  as_of: z.string().nullable(),
});
export type TargetPeriodStatus = z.infer<typeof targetPeriodStatusSchema>;

export const costTargetSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: targetScopeSchema,
  cost_type: z.enum(COST_TYPE_NAMES),
  period: z.enum(TARGET_PERIODS),
  start_date: z.string(),
  end_date: z.string().nullable(),
  budget_type: z.enum(BUDGET_TYPES),
  amount: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The period holding the scope's newest data (or the first period before any); null when the target has ended. */
  current: targetPeriodStatusSchema.nullable(),
});
export type CostTarget = z.infer<typeof costTargetSchema>;
export const costTargetListSchema = z.array(costTargetSchema);

/** POST {id}/create_cost_target_plannings/: one planning per month of the target, replacing existing ones. */
export const createPlanningsSchema = z.discriminatedUnion('method', [
  /** Each month's plan is the mean monthly total of the `lookback_months` full months before start_date. */
  z.object({ method: z.literal('lookback'), lookback_months: z.number().int().min(1).max(12).default(3) }),
  /** The first month is `base_amount` (default: the month before start_date), then grows by the rate. */
  z.object({
    method: z.literal('growth'),
    growth_rate_percent: z.number().finite().min(-100).max(1000),
    base_amount: money.optional(),
  }),
]);

export const planningSchema = z.object({
  id: z.string(),
  cost_target: z.string(),
  /** YYYY-MM */
  month: z.string(),
  amount: z.number(),
  updated_at: z.string(),
});
export type Planning = z.infer<typeof planningSchema>;
export const planningListSchema = z.array(planningSchema);
export const planningListQuerySchema = z.object({
  cost_target: z.string().uuid('Not a valid id.'),
  ...imply,
});
export const planningCreateSchema = z.object({
  cost_target: z.string().uuid('Not a valid id.'),
  month,
  amount: money,
});
export const planningPatchSchema = z.object({ amount: money });

export const planningHistorySchema = z.object({
  id: z.string(),
  cost_target: z.string(),
  month: z.string(),
  /** manual (one planning), csv (upload_csv), lookback or growth (create_cost_target_plannings), deleted. */
  source: z.enum(['manual', 'csv', 'lookback', 'growth']),
  before: z.number().nullable(),
  after: z.number().nullable(),
  changed_by: z.object({ id: z.string(), email: z.string() }).nullable(),
  changed_at: z.string(),
});
export const planningHistoryListSchema = z.array(planningHistorySchema);

/** upload_csv: the CSV text (header month,amount). Any bad row: 400 naming `rows.<n>.<column>`, nothing saved. */
export const uploadCsvSchema = z.object({ csv: z.string().min(1, 'Choose a CSV file.').max(200_000) });

const recipientsSchema = z.object({
  user_ids: z.array(z.string().uuid('Not a valid id.')).default([]),
  emails: z.array(z.string().email('Enter a valid email address.')).default([]),
  channel_ids: z.array(z.string().min(1)).default([]),
});
export const alertInputSchema = z.object({
  cost_target: z.string().uuid('Not a valid id.'),
  basis: z.enum(ALERT_BASES).default('actual'),
  threshold_type: z.enum(THRESHOLD_TYPES).default('percent'),
  threshold: z.number().finite().positive('Enter a threshold above 0.'),
  frequency: z.enum(ALERT_FREQUENCIES).default('immediately'),
  recipients: recipientsSchema.default({ user_ids: [], emails: [], channel_ids: [] }),
});
export const alertPatchSchema = z.object({
  basis: z.enum(ALERT_BASES).optional(),
  threshold_type: z.enum(THRESHOLD_TYPES).optional(),
  threshold: z.number().finite().positive('Enter a threshold above 0.').optional(),
  frequency: z.enum(ALERT_FREQUENCIES).optional(),
  recipients: recipientsSchema.optional(),
});
export const alertSchema = z.object({
  id: z.string(),
  cost_target: z.string(),
  basis: z.enum(ALERT_BASES),
  threshold_type: z.enum(THRESHOLD_TYPES),
  threshold: z.number(),
  frequency: z.enum(ALERT_FREQUENCIES),
  recipients: z.object({
    user_ids: z.array(z.string()),
    emails: z.array(z.string()),
    channel_ids: z.array(z.string()),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.array(alertSchema);
export const alertListQuerySchema = z.object({ cost_target: z.string().uuid('Not a valid id.'), ...imply });
/** Sets one frequency on every alert of a target (the alert editor's single frequency control). */
export const syncAlertFrequenciesSchema = z.object({
  cost_target_id: z.string().uuid('Not a valid id.'),
  frequency: z.enum(ALERT_FREQUENCIES),
});

/** GET {id}/burn_down/?period_start=YYYY-MM-DD (default: the current period). */
export const burnDownQuerySchema = z.object({ period_start: isoDate.optional(), ...imply });
export const burnDownSchema = z.object({
  target_id: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  budget: z.number(),
  as_of: z.string().nullable(),
  /** One entry per day of the period; cumulative values; actual null after as_of, forecast null up to it. */
  days: z.array(
    z.object({
      date: z.string(),
      actual: z.number().nullable(),
      /** The plan spread evenly over the period's days (bottom_up: each month's plan over its days). */
      plan: z.number(),
      forecast: z.number().nullable(),
      forecast_low: z.number().nullable(),
      forecast_high: z.number().nullable(),
    }),
  ),
});
export type BurnDown = z.infer<typeof burnDownSchema>;
