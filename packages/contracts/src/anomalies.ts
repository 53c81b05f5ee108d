import { z } from 'zod';
import { isoDate, limitParam } from './fragments';

/**
 * Cost anomalies: daily spend per account, service and usage type against a weekday baseline and a robust
 * spread (@finlens/cost-model/anomaly). Each carries the resources that drove it and `explorer`, the CostQuery
 * (wire form of ./cost-query) of the Explorer view that shows it, `explorer_url` that view's app path.
 */
export const ANOMALY_PATHS = {
  /** GET: the client's anomalies, newest start first (`anomaliesQuerySchema`). */
  anomalies: '/c/cost_page/anomalies/',
  /** GET one; PATCH { status, reason }: acknowledge, dismiss (reason required), mark expected or reopen. */
  anomaly: (id: string) => `/c/cost_page/anomalies/${id}/`,
  /** POST: run detection for the client now → 202 (admins). */
  detect: '/c/cost_page/anomalies/detect/',
} as const;

/** The scopes anomalies are detected on, and the cost dimension each one is. */
export const ANOMALY_DIMENSIONS = {
  account: 'line_item_usage_account_id',
  service: 'product_servicename',
  usage_type: 'line_item_usage_type',
} as const;
export type AnomalyDimension = keyof typeof ANOMALY_DIMENSIONS;
const dimensionSchema = z.enum(['account', 'service', 'usage_type']);

export const ANOMALY_STATUSES = ['open', 'acknowledged', 'dismissed', 'expected'] as const;
export type AnomalyStatus = (typeof ANOMALY_STATUSES)[number];

export const anomalyDriverSchema = z.object({
  /** The resource id; null for cost without one (fees, support, untaggable usage). */
  resource_id: z.string().nullable(),
  cost: z.number(),
});

export const anomalySchema = z.object({
  id: z.string(),
  dimension: dimensionSchema,
  /** The scope's value: account id, service name or usage type. */
  key: z.string(),
  start_date: z.string(),
  /** Last anomalous day so far (the anomaly may still be going on). */
  end_date: z.string(),
  actual_cost: z.number(),
  expected_cost: z.number(),
  /** actual − expected over the anomaly's days. */
  increase: z.number(),
  /** increase / expected × 100; null when nothing was expected (new spend). */
  increase_percent: z.number().nullable(),
  /** Peak robust score (increase over the spread of the baseline). */
  score: z.number(),
  severity: z.enum(['warning', 'critical']),
  status: z.enum(ANOMALY_STATUSES),
  /** Why it was dismissed (or a note on another status change). */
  reason: z.string().nullable(),
  status_changed_by: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  /** Top resources of the scope over the anomaly's days, most expensive first. */
  drivers: z.array(anomalyDriverSchema),
  explorer: z.record(z.string(), z.string()),
  explorer_url: z.string(),
  detected_at: z.string(),
});
export type Anomaly = z.infer<typeof anomalySchema>;
export const anomaliesSchema = z.array(anomalySchema);

export const anomaliesQuerySchema = z.object({
  status: z.enum(ANOMALY_STATUSES).optional(),
  dimension: dimensionSchema.optional(),
  /** Anomalies that overlap [start_date, end_date]. */
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  limit: limitParam(100, 500),
});

export const anomalyUpdateSchema = z
  .object({
    status: z.enum(ANOMALY_STATUSES),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'dismissed' && (body.reason ?? '') === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the anomaly is dismissed.' });
    }
  });
export type AnomalyUpdate = z.infer<typeof anomalyUpdateSchema>;

export const detectResponseSchema = z.object({ detail: z.string(), job_id: z.string().nullable() });
