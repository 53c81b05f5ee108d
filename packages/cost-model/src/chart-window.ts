import type { Granularity } from '@finlens/contracts/cost-query';

/**
 * Spec §9 chart windows: a chart shows at most 72 hourly periods, 40 daily periods, otherwise 7 periods
 * (weeks, months, quarters). Longer answers are paged by window, the newest window first, so the chart
 * opens on the most recent data and the grid still holds every period.
 */
export const CHART_WINDOW: Record<Granularity, number> = {
  hour: 72,
  day: 40,
  week: 7,
  month: 7,
  quarter: 7,
};

/** Half-open index range [from, to) into a result's periods. */
export interface PeriodWindow {
  from: number;
  to: number;
}

/** How many chart windows `periodCount` periods need (at least one, even for an empty answer). */
export function chartWindowCount(periodCount: number, granularity: Granularity): number {
  return Math.max(1, Math.ceil(periodCount / CHART_WINDOW[granularity]));
}

/**
 * The periods window `page` shows: page 0 is the newest window (the last N periods), page 1 the N before, …;
 * the oldest window may be shorter. Pages past the oldest are clamped to it.
 */
export function chartWindow(periodCount: number, granularity: Granularity, page = 0): PeriodWindow {
  const size = CHART_WINDOW[granularity];
  const last = chartWindowCount(periodCount, granularity) - 1;
  const clamped = Math.min(Math.max(0, page), last);
  const to = periodCount - clamped * size;
  return { from: Math.max(0, to - size), to };
}
