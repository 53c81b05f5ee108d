import { z } from 'zod';

/**
 * The pieces every cost call's parameters share, said once: a real UTC day, a range with a maximum span,
 * project ids, a page limit and the SPA's flags. Each message names what to fix; the 400 names the field.
 */

/** Years a date may fall in: no request asks the warehouse for centuries. */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/**
 * The longest range a cost question may cover: the 3Y preset plus the +1Y forward preset (spec §9), so
 * every preset fits and no request makes the warehouse scan decades.
 */
export const MAX_RANGE_DAYS = 4 * 366;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** True for a day that exists on the calendar (pure arithmetic: no Date, so never a RangeError). */
export function isRealDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function inYears(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** A UTC day written YYYY-MM-DD: a real calendar day in MIN_YEAR–MAX_YEAR. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter a date written YYYY-MM-DD.', abort: true })
  .refine(isRealDate, { message: 'Enter a real calendar date.', abort: true })
  .refine(inYears, `Enter a date from ${MIN_YEAR} to ${MAX_YEAR}.`)
  .describe(`A UTC day written YYYY-MM-DD, a real calendar day from ${MIN_YEAR} to ${MAX_YEAR}.`);

/** Inclusive days from `start` to `end` (both real YYYY-MM-DD days). */
export function inclusiveDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

interface RangeRule {
  /** Longest range in days, both ends included; absent: no limit beyond the years. */
  maxDays?: number;
}

type RangeContext = z.core.$RefinementCtx<{ start_date?: string | undefined; end_date?: string | undefined }>;

/**
 * Checks a `start_date` / `end_date` pair on an object (use in `superRefine`): both or neither, the start
 * not after the end, at most `maxDays` days. The issue names the field to change.
 */
export function checkDateRange(
  range: { start_date?: string | undefined; end_date?: string | undefined },
  ctx: RangeContext,
  rule: RangeRule = {},
): void {
  const { start_date: start, end_date: end } = range;
  if (start === undefined || end === undefined) {
    if (start !== end) {
      const missing = start === undefined ? 'start_date' : 'end_date';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'Send start_date and end_date together, or neither.',
      });
    }
    return;
  }
  if (start > end) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date is before the start date.' });
  } else if (rule.maxDays !== undefined && inclusiveDays(start, end) > rule.maxDays) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: `Choose a range of at most ${rule.maxDays} days.`,
    });
  }
}

function rangeDescriptions(rule: RangeRule) {
  const limit = rule.maxDays === undefined ? '' : ` The range covers at most ${rule.maxDays} days.`;
  return {
    start: `First day of the range (UTC, included).${limit}`,
    end: 'Last day of the range (UTC, included), not before start_date.',
  };
}

/** Required `start_date` and `end_date`, checked by `checkDateRange`; extend it with the call's other keys. */
export function dateRange(rule: RangeRule = {}) {
  const text = rangeDescriptions(rule);
  return z
    .object({ start_date: isoDate.describe(text.start), end_date: isoDate.describe(text.end) })
    .superRefine((range, ctx) => checkDateRange(range, ctx, rule));
}

/** Optional `start_date` and `end_date` (both or neither), checked by `checkDateRange`. */
export function optionalDateRange(rule: RangeRule = {}) {
  const text = rangeDescriptions(rule);
  return z
    .object({
      start_date: isoDate.optional().describe(text.start),
      end_date: isoDate.optional().describe(text.end),
    })
    .superRefine((range, ctx) => checkDateRange(range, ctx, rule));
}

/** `project_ids` in a query string: comma-separated project ids of the caller's client, read as a list. */
export const projectIdsParam = z
  .string()
  .regex(/^[^,\s]+(,[^,\s]+)*$/, 'Enter a comma-separated list of project ids.')
  .transform((text) => text.split(','))
  .optional()
  .describe("Comma-separated project ids of the caller's client (default: all of them).");

/** `project_ids` in a JSON body: a list of project ids of the caller's client. */
export const projectIdList = z.array(z.string().min(1, 'Enter a project id.'));

/** `limit`: how many rows to answer, 1 to `max`, `fallback` when absent. */
export function limitParam(fallback: number, max: number) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`How many rows to answer (1–${max}, default ${fallback}).`);
}

/** 'true' or 'false' in a query string. */
export const booleanParam = z.enum(['true', 'false']).optional();

/** The SPA's flags on cost GETs (spec §7): accepted everywhere; the client is always the caller's. */
export const spaFlags = {
  imply_client: booleanParam.describe(
    "Added by the SPA (spec §7); the client is always the caller's active one.",
  ),
  use_query_optimization: booleanParam.describe(
    "Added by the SPA (spec §7); 'false' answers from the raw line items instead of rollups where that applies.",
  ),
};
