import { z } from 'zod';
import { inclusiveDays, optionalDateRange } from './fragments';
import { RESOURCE_KIND_NAMES } from './inventory';

/**
 * Resource metrics (issue 20; the spec shows no shape, so it is designed here): a resource's utilisation series
 * as the collection stores them — hourly points for the last 14 days, daily aggregates (avg, p95, max of the
 * day's hourly values) for 13 months — and utilisation summaries for the Resources Cost list.
 */
export const RESOURCE_METRICS_PATHS = {
  metrics: (id: string) => `/c/inventory/resources/${id}/metrics/`,
} as const;

/** The metrics collected (CloudWatch on AWS); each applies to some resource kinds only. */
export const RESOURCE_METRIC_NAMES = [
  'cpu-utilization',
  'memory-utilization',
  'network-in',
  'network-out',
  'disk-read-bytes',
  'disk-write-bytes',
  'ebs-read-ops',
  'ebs-write-ops',
  'ebs-read-bytes',
  'ebs-write-bytes',
  'rds-connections',
  'rds-read-iops',
  'rds-write-iops',
  'elb-requests',
  's3-bytes',
  's3-get-requests',
  'nat-bytes-out',
  'nat-bytes-in',
  'lambda-duration',
  'lambda-invocations',
  'lambda-memory-used',
] as const;
export type ResourceMetricName = (typeof RESOURCE_METRIC_NAMES)[number];

export const METRIC_GRANULARITIES = ['hourly', 'daily'] as const;
/** The longest hourly read: hours are kept 14 days, and a month of hours is about 750 points a series. */
export const MAX_HOURLY_DAYS = 31;
/** The longest daily read: 13 months of days are kept. */
export const MAX_DAILY_DAYS = 400;

const isMetricName = (name: string): name is ResourceMetricName =>
  (RESOURCE_METRIC_NAMES as readonly string[]).includes(name);

const metricList = z
  .string()
  .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'Enter a comma-separated list of metric names.')
  .transform((text, ctx) => {
    const names = text.split(',');
    const unknown = names.filter((name) => !isMetricName(name));
    if (unknown.length === 0) return names.filter(isMetricName);
    ctx.addIssue({
      code: 'custom',
      message: `Unknown metric ${unknown.join(', ')}: choose from ${RESOURCE_METRIC_NAMES.join(', ')}.`,
    });
    return z.NEVER;
  });

export const resourceMetricsQuerySchema = optionalDateRange({ maxDays: MAX_DAILY_DAYS })
  .extend({
    metrics: metricList
      .optional()
      .describe('Comma-separated metric names (default: every metric that applies to the resource kind).'),
    granularity: z
      .enum(METRIC_GRANULARITIES)
      .default('hourly')
      .describe(
        `hourly: one point per hour (kept 14 days, at most ${MAX_HOURLY_DAYS} days a read); daily: avg, p95 and max of each day's hourly values (kept 13 months).`,
      ),
    project_id: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The resource's project, needed only when the same resource id is in several of the client's projects.",
      ),
  })
  .superRefine((q, ctx) => {
    if (q.granularity !== 'hourly' || q.start_date === undefined || q.end_date === undefined) return;
    if (q.start_date <= q.end_date && inclusiveDays(q.start_date, q.end_date) > MAX_HOURLY_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `Choose a range of at most ${MAX_HOURLY_DAYS} days for hourly points.`,
      });
  })
  .describe('The range is UTC days, both included; default: the last 14 days up to today.');
export type ResourceMetricsQuery = z.infer<typeof resourceMetricsQuerySchema>;

const metricPointSchema = z.object({
  timestamp: z.string().describe('Start of the hour or day (ISO 8601, UTC).'),
  value: z.number().describe("The hour's value; for a day, the average of its hourly values."),
  p95: z.number().nullable().describe("A day's 95th percentile of its hourly values; null for hours."),
  max: z.number().nullable().describe("A day's largest hourly value; null for hours."),
});

export const metricSeriesSchema = z.object({
  metric: z.enum(RESOURCE_METRIC_NAMES),
  unit: z.string().describe('percent, bytes, count or count/second.'),
  storage_class: z.string().nullable().describe('The S3 storage class of s3-bytes; null for other metrics.'),
  points: z.array(metricPointSchema).describe('Oldest first; an hour or day without data has no point.'),
});

export const resourceMetricsSchema = z.object({
  project_id: z.string(),
  account_id: z.string(),
  region: z.string(),
  kind: z.enum(RESOURCE_KIND_NAMES),
  resource_id: z.string(),
  granularity: z.enum(METRIC_GRANULARITIES),
  start_date: z.string(),
  end_date: z.string(),
  series: z
    .array(metricSeriesSchema)
    .describe('One series per requested metric (and S3 storage class) that has data in the range.'),
});
export type ResourceMetrics = z.infer<typeof resourceMetricsSchema>;

export const metricSummarySchema = z.object({
  metric: z.enum(RESOURCE_METRIC_NAMES),
  storage_class: z.string().nullable(),
  avg: z.number(),
  p95: z.number().describe('95th percentile (linear interpolation) of the hourly values.'),
  max: z.number(),
  points: z.number().int().describe('How many hourly values the window had.'),
});
export type MetricSummaryView = z.infer<typeof metricSummarySchema>;

/** A resource's utilisation over the last `days` days (e.g. "p95 CPU (14 d)" in the Resources Cost list). */
export const utilisationSummarySchema = z.object({
  project_id: z.string(),
  resource_id: z.string(),
  days: z.number().int(),
  metrics: z.array(metricSummarySchema),
});
export type UtilisationSummary = z.infer<typeof utilisationSummarySchema>;
