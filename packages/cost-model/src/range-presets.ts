import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import { isStartOfMonthWindow } from './spend-windows';
import { addDays, addMonths, endOfMonth, startOfMonth, utcDay } from './utc-calendar';

/**
 * Spec §9 range presets, computed in UTC from `today` (the UTC day the user's clock is on). Every range is
 * inclusive at both ends (start_date … end_date, YYYY-MM-DD). What each one means, for a FinOps reader:
 *
 * Past ranges (they end today, the newest day whose data may still be arriving):
 *   1D, 7D, 14D, 30D   the last N days including today (7D on Sun 22 Nov = Mon 16 … Sun 22 Nov).
 *   MTD                the 1st of this month … today.
 *   1M, 3M, 6M         the previous N full calendar months plus this month to date, so a monthly chart shows
 *                      N complete months and the running one (6M = 7 bars, the §9 chart window of 7 periods).
 *   1Y, 3Y             the same with 12 and 36 full months.
 *   YTD                1 January of this year … today.
 *   last 6 calendar months   the 6 full months before this one, without this month (e.g. 1 May … 31 Oct);
 *                      this is what tells it apart from 6M.
 * Forward ranges (forecast; they tile the future without gaps):
 *   Remaining This Month   today … the last day of this month (today is not complete yet).
 *   +1M, +3M, +6M, +1Y     the next 1, 3, 6 or 12 full calendar months, starting on the 1st of next month.
 */
export const PAST_PRESETS = [
  '1D',
  '7D',
  '14D',
  'MTD',
  '30D',
  '1M',
  '3M',
  '6M',
  '1Y',
  '3Y',
  'YTD',
  'last_6_calendar_months',
] as const;
export const FORWARD_PRESETS = ['remaining_this_month', '+1M', '+3M', '+6M', '+1Y'] as const;
export const RANGE_PRESETS = [...PAST_PRESETS, ...FORWARD_PRESETS] as const;

export type PastPreset = (typeof PAST_PRESETS)[number];
export type ForwardPreset = (typeof FORWARD_PRESETS)[number];
export type RangePreset = PastPreset | ForwardPreset;

/** Button labels: the spec's own names; the two spelled-out presets as the spec writes them. */
export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  '1D': '1D',
  '7D': '7D',
  '14D': '14D',
  MTD: 'MTD',
  '30D': '30D',
  '1M': '1M',
  '3M': '3M',
  '6M': '6M',
  '1Y': '1Y',
  '3Y': '3Y',
  YTD: 'YTD',
  last_6_calendar_months: 'Last 6 Calendar Months',
  remaining_this_month: 'Remaining This Month',
  '+1M': '+1M',
  '+3M': '+3M',
  '+6M': '+6M',
  '+1Y': '+1Y',
};

export interface DateRange {
  start_date: string;
  end_date: string;
}

export function isRangePreset(name: string): name is RangePreset {
  return (RANGE_PRESETS as readonly string[]).includes(name);
}

export function isForwardPreset(name: string): name is ForwardPreset {
  return (FORWARD_PRESETS as readonly string[]).includes(name);
}

const TRAILING_DAYS = { '1D': 1, '7D': 7, '14D': 14, '30D': 30 } as const;
const TRAILING_MONTHS = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '3Y': 36 } as const;
const FORWARD_MONTHS = { '+1M': 1, '+3M': 3, '+6M': 6, '+1Y': 12 } as const;

/** The inclusive UTC range of a preset on the UTC day of `today`. */
export function presetRange(preset: RangePreset, today: Date): DateRange {
  const day = utcDay(today);
  const monthStart = startOfMonth(day);
  switch (preset) {
    case '1D':
    case '7D':
    case '14D':
    case '30D':
      return { start_date: addDays(day, 1 - TRAILING_DAYS[preset]), end_date: day };
    case 'MTD':
      return { start_date: monthStart, end_date: day };
    case '1M':
    case '3M':
    case '6M':
    case '1Y':
    case '3Y':
      return { start_date: addMonths(monthStart, -TRAILING_MONTHS[preset]), end_date: day };
    case 'YTD':
      return { start_date: `${day.slice(0, 4)}-01-01`, end_date: day };
    case 'last_6_calendar_months':
      return { start_date: addMonths(monthStart, -6), end_date: addDays(monthStart, -1) };
    case 'remaining_this_month':
      return { start_date: day, end_date: endOfMonth(day) };
    case '+1M':
    case '+3M':
    case '+6M':
    case '+1Y': {
      const next = addMonths(monthStart, 1);
      return { start_date: next, end_date: addDays(addMonths(next, FORWARD_MONTHS[preset]), -1) };
    }
  }
}

/** The forward preset a range is exactly equal to on `today`, or null (a custom future range is not one). */
export function matchForwardPreset(range: DateRange, today: Date): ForwardPreset | null {
  for (const preset of FORWARD_PRESETS) {
    const candidate = presetRange(preset, today);
    if (candidate.start_date === range.start_date && candidate.end_date === range.end_date) return preset;
  }
  return null;
}

/** Text shown on the 1st and 2nd of a month that does not open a quarter (the spec gives none; ours). */
export const START_OF_MONTH_MESSAGE = 'The month has just begun: its data may not be published yet.';

export interface DataDelayNotice {
  kind: 'start_of_month' | 'quarter_start';
  message: string;
}

/**
 * Spec §9: the 1st and 2nd of a month are the window in which AWS has not yet published the new month's
 * data. On those days of January, April, July and October the spec §8 quarter-start text applies
 * ('The new quarter has begun and we are waiting for AWS to publish the data.'); null on any other day.
 */
export function dataDelayNotice(today: Date): DataDelayNotice | null {
  if (!isStartOfMonthWindow(today)) return null;
  return today.getUTCMonth() % 3 === 0
    ? { kind: 'quarter_start', message: ERROR_MESSAGES.quarterStart }
    : { kind: 'start_of_month', message: START_OF_MONTH_MESSAGE };
}
