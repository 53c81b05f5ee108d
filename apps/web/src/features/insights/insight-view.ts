import { paramsToCostQuery } from '@finlens/contracts/cost-query';
import type { Insight, InsightKind } from '@finlens/contracts/insights';
import { type DateRange, type PastPreset, presetRange } from '@finlens/cost-model/range-presets';
import { addDays, utcDay } from '@finlens/cost-model/utc-calendar';
import { EXPLORER_PATH, explorerHref } from '../cost-explorer/api/explorer-href';

const INSIGHT_TABS = ['insights', 'tags'] as const;
export type InsightTab = (typeof INSIGHT_TABS)[number];

/** Section titles, in the order the answer groups the kinds. */
export const KIND_TITLES: Record<InsightKind, string> = {
  increase: 'Biggest increases',
  decrease: 'Biggest decreases',
  new_service: 'New services',
  region_shift: 'Spend moving between regions',
  purchase_option_shift: 'Spend moving between purchase options',
};

/**
 * The range presets offered: past ones only (insights compare periods that have happened) whose ranges stay
 * within the API's 366 days.
 */
export const INSIGHT_RANGES = [
  '7D',
  '14D',
  '30D',
  'MTD',
  '1M',
  '3M',
  '6M',
  'last_6_calendar_months',
] as const satisfies readonly PastPreset[];
export type InsightRange = (typeof INSIGHT_RANGES)[number];
const DEFAULT_RANGE: InsightRange = '30D';

/** The range preset of the URL (`range`); an unknown one is the default. */
export function rangeFromParams(search: URLSearchParams): InsightRange {
  const raw = search.get('range');
  return INSIGHT_RANGES.find((range) => range === raw) ?? DEFAULT_RANGE;
}

/** The tab of the URL (`tab`); an unknown one is Cost insights. */
export function tabFromParams(search: URLSearchParams): InsightTab {
  return INSIGHT_TABS.find((tab) => tab === search.get('tab')) ?? 'insights';
}

/**
 * The dates of a preset taken as of yesterday: today is still being billed, and a partial last day would
 * read as a drop against the complete previous period.
 */
export function insightDates(range: InsightRange, today: Date): DateRange {
  const yesterday = addDays(utcDay(today), -1);
  return presetRange(range, new Date(`${yesterday}T12:00:00Z`));
}

/** The Explorer URL of an insight's view, built by the Explorer's own URL writer (custom dates, bar chart). */
export function insightExplorerHref(insight: Insight): string {
  const parsed = paramsToCostQuery(insight.explorer);
  if (!parsed.ok) return EXPLORER_PATH;
  return explorerHref({ range: null, query: parsed.query });
}
