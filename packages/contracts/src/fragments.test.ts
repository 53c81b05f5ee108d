import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dateRange,
  isoDate,
  isRealDate,
  limitParam,
  MAX_RANGE_DAYS,
  optionalDateRange,
  projectIdsParam,
  spaFlags,
} from './fragments';

/** Each issue as `path: message`, so a test sees which field a 400 would name. */
function issues(result: { success: boolean; error?: z.ZodError }): string[] {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('isoDate', () => {
  it('takes real days from 2000 to 2100', () => {
    for (const day of ['2000-01-01', '2024-02-29', '2026-12-31', '2100-12-31']) {
      expect(isoDate.safeParse(day).success, day).toBe(true);
    }
  });

  it('refuses days that do not exist, with one message and no RangeError', () => {
    for (const day of ['2026-02-30', '2026-13-45', '2026-00-10', '2026-04-31', '2025-02-29', '2100-02-29']) {
      expect(issues(isoDate.safeParse(day)), day).toEqual([': Enter a real calendar date.']);
    }
  });

  it('refuses years outside 2000–2100 and text that is not YYYY-MM-DD', () => {
    expect(issues(isoDate.safeParse('9999-12-31'))).toEqual([': Enter a date from 2000 to 2100.']);
    expect(issues(isoDate.safeParse('1999-12-31'))).toEqual([': Enter a date from 2000 to 2100.']);
    for (const text of ['soon', '2026-1-01', '2026-01-01T00:00:00Z', '']) {
      expect(issues(isoDate.safeParse(text)), text).toEqual([': Enter a date written YYYY-MM-DD.']);
    }
  });

  it('isRealDate knows leap years', () => {
    expect([isRealDate('2000-02-29'), isRealDate('1900-02-29'), isRealDate('2028-02-29')]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

describe('date ranges', () => {
  const week = dateRange({ maxDays: 7 });

  it('names the field: a bad day, an end before the start, a span too long', () => {
    expect(issues(week.safeParse({ start_date: '2026-02-30', end_date: '2026-03-01' }))).toEqual([
      'start_date: Enter a real calendar date.',
    ]);
    expect(issues(week.safeParse({ start_date: '2026-03-02', end_date: '2026-03-01' }))).toEqual([
      'end_date: The end date is before the start date.',
    ]);
    expect(issues(week.safeParse({ start_date: '2026-03-01', end_date: '2026-03-08' }))).toEqual([
      'end_date: Choose a range of at most 7 days.',
    ]);
    expect(week.safeParse({ start_date: '2026-03-01', end_date: '2026-03-07' }).success).toBe(true);
    expect(issues(week.safeParse({ end_date: '2026-03-07' }))[0]).toMatch(/^start_date: /);
  });

  it('optional ranges take both ends or neither', () => {
    const range = optionalDateRange();
    expect(range.safeParse({}).success).toBe(true);
    expect(issues(range.safeParse({ start_date: '2026-03-01' }))).toEqual([
      'end_date: Send start_date and end_date together, or neither.',
    ]);
    expect(issues(range.safeParse({ end_date: '2026-03-01' }))).toEqual([
      'start_date: Send start_date and end_date together, or neither.',
    ]);
  });

  it('the default maximum fits the 3Y preset plus the +1Y forward one, and extends keep the rule', () => {
    const extended = optionalDateRange({ maxDays: MAX_RANGE_DAYS }).extend({
      cost_type: z.string().optional(),
    });
    expect(extended.safeParse({ start_date: '2023-01-01', end_date: '2026-12-31' }).success).toBe(true);
    expect(issues(extended.safeParse({ start_date: '2000-01-01', end_date: '2100-12-31' }))).toEqual([
      `end_date: Choose a range of at most ${MAX_RANGE_DAYS} days.`,
    ]);
  });
});

describe('parameters', () => {
  it('project ids, limit and the SPA flags', () => {
    const query = z.object({ project_ids: projectIdsParam, limit: limitParam(5, 50), ...spaFlags });
    expect(query.parse({})).toEqual({ limit: 5 });
    expect(query.parse({ project_ids: 'a,b', limit: '50', imply_client: 'true' })).toEqual({
      project_ids: ['a', 'b'],
      limit: 50,
      imply_client: 'true',
    });
    expect(issues(query.safeParse({ project_ids: 'a,,b' }))).toEqual([
      'project_ids: Enter a comma-separated list of project ids.',
    ]);
    expect(issues(query.safeParse({ limit: '51' }))[0]).toMatch(/^limit: /);
    expect(issues(query.safeParse({ use_query_optimization: 'maybe' }))[0]).toMatch(
      /^use_query_optimization: /,
    );
  });
});
