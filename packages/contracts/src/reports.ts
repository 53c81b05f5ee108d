import { z } from 'zod';
import { costQuerySchema } from './cost-query';
import { COST_TYPE_NAMES } from './cost-summary';
import { isoDate, spaFlags } from './fragments';

/**
 * Reports (Inform → Analysis, spec §2 /v3/reports-api/; calls of spec §7): saved Explorer views, shared,
 * scheduled and sent. Visibility, share codes, templates, sending and the cost-target lookback are designed
 * in docs/reports.md.
 */
export const REPORT_PATHS = {
  list: '/c/cost_page/reports/',
  globalReports: '/c/cost_page/reports/global_reports/',
  byId: '/c/cost_page/reports/:id/',
  shareCode: '/c/cost_page/reports/:id/share_code/',
  send: '/c/cost_page/reports/:id/send/',
  costTargetLookback: '/c/cost_page/reports/:id/get_cost_target_lookback/',
} as const;

/** Spec §3 report share options, as the share dialog offers them. */
export const REPORT_SHARE_OPTIONS = ['create', 'update', 'manage', 'send'] as const;

export const CHART_TYPES = ['stacked_bar', 'bar', 'line', 'area', 'pie'] as const;
export const REPORT_VISIBILITIES = ['private', 'client'] as const;
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

const TIME_ZONE_CONTINENTS = [
  'Africa',
  'America',
  'Antarctica',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
] as const;

/**
 * Spec §3 time zone catalogue: UTC, then the IANA zones of the runtime grouped by continent (the first part
 * of the zone's name), so the list never names a zone the scheduler cannot read.
 */
export function timeZoneCatalogue(): { continent: string; zones: string[] }[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return [
    { continent: 'UTC', zones: ['UTC'] },
    ...TIME_ZONE_CONTINENTS.map((continent) => ({
      continent,
      zones: zones.filter((zone) => zone.startsWith(`${continent}/`)),
    })).filter((group) => group.zones.length > 0),
  ];
}

export function isCatalogueTimeZone(zone: string): boolean {
  return timeZoneCatalogue().some((group) => group.zones.includes(zone));
}

const email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.'));

export const reportRecipientsSchema = z.object({
  /** Users of the report's client. */
  user_ids: z.array(z.string().min(1)).default([]),
  /** External addresses. */
  emails: z.array(email).default([]),
});
export type ReportRecipients = z.infer<typeof reportRecipientsSchema>;

export const reportScheduleSchema = z
  .object({
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    /** Weekly: 0 = Sunday … 6 = Saturday; at least one. */
    days_of_week: z.array(z.number().int().min(0).max(6)).default([]),
    /** Monthly: 1–28, so every month has the day. */
    day_of_month: z.number().int().min(1).max(28).nullable().default(null),
    /** HH:MM, 24-hour, in `time_zone`. */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time written HH:MM (24-hour).'),
    time_zone: z.string().refine(isCatalogueTimeZone, 'Choose a time zone from the catalogue.'),
    recipients: reportRecipientsSchema,
  })
  .superRefine((s, ctx) => {
    if (s.frequency === 'weekly' && s.days_of_week.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['days_of_week'], message: 'Choose at least one day.' });
    }
    if (s.frequency === 'monthly' && s.day_of_month === null) {
      ctx.addIssue({ code: 'custom', path: ['day_of_month'], message: 'Choose the day of the month.' });
    }
    if (s.recipients.user_ids.length + s.recipients.emails.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'Add at least one recipient.' });
    }
  });
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

/** The page sizes a grid offers (spec §9's sizes for each window width). */
export const GRID_PAGE_SIZES = [10, 20, 30, 50] as const;
export type GridPageSize = (typeof GRID_PAGE_SIZES)[number];

/** A column of the Explorer grid: the group, the total, the forecast, or a period's start (YYYY-MM-DD…). */
export const GRID_COLUMN_PATTERN = /^(label|total|forecast|\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?)$/;

/** The Explorer grid's settings a report keeps (and the Explorer URL holds): sort, page size, hidden columns. */
export const gridSettingsSchema = z.object({
  sort_by: z
    .string()
    .regex(GRID_COLUMN_PATTERN, 'Sort by the group, the total or a period.')
    .default('total'),
  sort_direction: z.enum(['asc', 'desc']).default('desc'),
  /** Period columns (YYYY-MM-DD…), 'total' or 'forecast' hidden in the grid. */
  hidden_columns: z.array(z.string()).default([]),
  /** Rows per page; null follows the window width (spec §9). */
  page_size: z.literal(GRID_PAGE_SIZES, 'Choose 10, 20, 30 or 50 rows a page.').nullable().default(null),
});
export type GridSettings = z.infer<typeof gridSettingsSchema>;
export const DEFAULT_GRID_SETTINGS: GridSettings = {
  sort_by: 'total',
  sort_direction: 'desc',
  hidden_columns: [],
  page_size: null,
};

const reportFields = {
  name: z.string().trim().min(1, 'Enter a name.').max(120, 'Use at most 120 characters.'),
  /** The Explorer view: a CostQuery (./cost-query; the structured form of dimension_daily_cost's POST). */
  query: costQuerySchema,
  /**
   * A range preset of spec §9 (1D … +1Y, `@finlens/cost-model/range-presets`): the report then always covers
   * that range as of the day it runs; null keeps the query's fixed dates.
   */
  range_preset: z.string().nullable().default(null),
  chart_type: z.enum(CHART_TYPES).default('stacked_bar'),
  grid: gridSettingsSchema.default(DEFAULT_GRID_SETTINGS),
  visibility: z.enum(REPORT_VISIBILITIES).default('private'),
  is_hidden: z.boolean().default(false),
  schedule: reportScheduleSchema.nullable().default(null),
};

export const reportCreateSchema = z.object(reportFields);
export type ReportCreate = z.infer<typeof reportCreateSchema>;

/** Every field optional; `schedule: null` removes the schedule. */
export const reportUpdateSchema = z.object({
  name: reportFields.name.optional(),
  query: costQuerySchema.optional(),
  range_preset: z.string().nullable().optional(),
  chart_type: z.enum(CHART_TYPES).optional(),
  grid: gridSettingsSchema.optional(),
  visibility: z.enum(REPORT_VISIBILITIES).optional(),
  is_hidden: z.boolean().optional(),
  schedule: reportScheduleSchema.nullable().optional(),
});
export type ReportUpdate = z.infer<typeof reportUpdateSchema>;

export const reportListQuerySchema = z.object({
  is_hidden: z.enum(['true', 'false']).optional(),
  share_code: z.string().min(1).max(100).optional(),
  ...spaFlags,
});

export const reportIdParamsSchema = z.object({ id: z.uuid('Not a report id.') });

export const sendLogEntrySchema = z.object({
  /** The scheduled slot, or the moment "send now" was asked (ISO). */
  slot: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['sending', 'sent', 'failed']),
  attempts: z.number().int(),
  error: z.string().nullable(),
  updated_at: z.string(),
});

export const reportSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  name: z.string(),
  query: costQuerySchema,
  range_preset: z.string().nullable(),
  chart_type: z.enum(CHART_TYPES),
  grid: gridSettingsSchema,
  visibility: z.enum(REPORT_VISIBILITIES),
  is_hidden: z.boolean(),
  /** Shown to whoever may manage the report; null otherwise or when no code is active. */
  share_code: z.string().nullable(),
  schedule: reportScheduleSchema.nullable(),
  /** Next scheduled send (ISO), null without a schedule. */
  next_send_at: z.string().nullable(),
  last_send: sendLogEntrySchema.nullable(),
  /** The caller may change, share, send and delete it (owner, or an admin for a shared report). */
  can_manage: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportListSchema = z.array(reportSchema);

export const globalReportSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  query: costQuerySchema,
  range_preset: z.string().nullable(),
  chart_type: z.enum(CHART_TYPES),
});
export type GlobalReport = z.infer<typeof globalReportSchema>;
export const globalReportListSchema = z.array(globalReportSchema);

export const shareCodeSchema = z.object({ share_code: z.string() });

/** Send now: to these recipients, or to the schedule's, or (neither) to the caller. */
export const sendReportBodySchema = z
  .object({ recipients: reportRecipientsSchema.optional() })
  .default({ recipients: undefined });
export const sendReportResultSchema = z.object({ job_id: z.string(), slot: z.string() });

export const costTargetLookbackQuerySchema = z.object({
  start_date: isoDate,
  period: z.enum(['MONTHLY'], 'Only MONTHLY is supported.').default('MONTHLY'),
  lookback_period: z.coerce.number().int().min(1).max(12).default(3),
});

export const costTargetLookbackSchema = z.object({
  report_id: z.string(),
  period: z.literal('MONTHLY'),
  lookback_period: z.number().int(),
  start_date: z.string(),
  cost_type: z.enum(COST_TYPE_NAMES),
  currency: z.string(),
  /** Oldest first: each whole month before start_date's month. */
  periods: z.array(
    z.object({ month: z.string(), start_date: z.string(), end_date: z.string(), cost: z.number() }),
  ),
  total: z.number(),
  /** total / lookback_period: what a monthly cost target is seeded from. */
  average: z.number(),
});
export type CostTargetLookback = z.infer<typeof costTargetLookbackSchema>;
