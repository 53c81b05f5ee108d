import type { CostDistribution, ShowbackDetail } from '@finlens/contracts/showbacks';
import { UNALLOCATED_VALUE } from '@finlens/contracts/showbacks';
import { formatMoney } from '@finlens/cost-model/format';
import {
  type DateRange,
  PAST_PRESETS,
  type PastPreset,
  presetRange,
} from '@finlens/cost-model/range-presets';

/** Range presets of the showback pages: the past ones but a single day and the multi-year ones. */
const LONG_PRESETS: readonly PastPreset[] = ['1D', '1Y', '3Y'];
export const SHOWBACK_RANGES = PAST_PRESETS.filter((preset) => !LONG_PRESETS.includes(preset));
export type ShowbackRange = PastPreset;
export const GRANULARITIES = ['day', 'month'] as const;
export type ShowbackGranularity = (typeof GRANULARITIES)[number];

/** URL keys shared by every showback page (a link from one page to another keeps the range). */
export const SHOWBACK_PARAMS = { range: 'range', granularity: 'granularity', value: 'value' } as const;

/** The range preset of the URL; an unknown one is the month to date (the server's default range too). */
export function rangeFromParams(search: URLSearchParams): ShowbackRange {
  const raw = search.get(SHOWBACK_PARAMS.range);
  return SHOWBACK_RANGES.find((range) => range === raw) ?? 'MTD';
}

export function rangeDates(range: ShowbackRange, today: Date): DateRange {
  return presetRange(range, today);
}

const ALLOCATION_ROOT = '/v3/cost/showbacks-allocation-api';

/** Spec §2 showback routes, with the range kept in the query. */
export const showbackHrefs = {
  list: '/v3/cost/showbacks-api/',
  detail: (id: string, range: ShowbackRange) =>
    `/v3/cost/showbacks-detail-api/${encodeURIComponent(id)}/?range=${range}`,
  rules: (id: string, range: ShowbackRange) =>
    `${ALLOCATION_ROOT}/${encodeURIComponent(id)}/allocation-rules/?range=${range}`,
  unallocated: (id: string, range: ShowbackRange) =>
    `${ALLOCATION_ROOT}/${encodeURIComponent(id)}/unallocated-resources/?range=${range}`,
  ruleResources: (id: string, ruleId: string, range: ShowbackRange) =>
    `${ALLOCATION_ROOT}/${encodeURIComponent(id)}/allocation-rule-resources/${encodeURIComponent(ruleId)}/?range=${range}`,
  valueResources: (id: string, value: string, range: ShowbackRange) =>
    `${ALLOCATION_ROOT}/${encodeURIComponent(id)}/showback-resources/?range=${range}&value=${encodeURIComponent(value)}`,
};

/** A row of the detail grid: one showback value with its cost per period. */
export interface ValueRow {
  value: string;
  /** Cost per period, keyed by the period label. */
  periods: Record<string, number>;
  total: number;
  prev_total: number | null;
  forecast: number | null;
  /** Uploaded daily units over the range and total / units (null without units). */
  units: number | null;
  unit_cost: number | null;
}

interface SeriesAnswer {
  periods: string[];
  series: { value: string; costs: number[]; total: number }[];
}

/**
 * The grid rows: a row per series of showback_values_daily_cost (Unallocated last) with the previous-period
 * total and forecast of the detail's cost_distribution (or its unallocated entry).
 */
export function valueRows(series: SeriesAnswer, detail: ShowbackDetail): ValueRow[] {
  const entries = new Map<string, CostDistribution>(detail.cost_distribution.map((e) => [e.value, e]));
  if (detail.unallocated) entries.set(UNALLOCATED_VALUE, detail.unallocated);
  return series.series.map((s) => {
    const entry = entries.get(s.value);
    return {
      value: s.value,
      periods: Object.fromEntries(series.periods.map((period, i) => [period, s.costs[i] ?? 0])),
      total: s.total,
      prev_total: entry?.prev_total ?? null,
      forecast: entry?.forecast ?? null,
      units: entry?.units ?? null,
      unit_cost: entry?.unit_cost ?? null,
    };
  });
}

/** The total row pinned under the grid: every cost column summed (values' units differ: not summed). */
export function totalRow(rows: ValueRow[], periods: string[]): ValueRow {
  const sum = (pick: (row: ValueRow) => number | null) =>
    rows.reduce((total, row) => total + (pick(row) ?? 0), 0);
  return {
    value: 'Total',
    periods: Object.fromEntries(periods.map((period) => [period, sum((row) => row.periods[period] ?? 0)])),
    total: sum((row) => row.total),
    prev_total: sum((row) => row.prev_total),
    forecast: sum((row) => row.forecast),
    units: null,
    unit_cost: null,
  };
}

const preciseMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumSignificantDigits: 3,
});

/** A unit cost: money to the cent, or three significant digits below a cent ($0.00123 a request). */
export function formatUnitCost(value: number | null): string {
  if (value === null) return '-';
  if (value === 0 || Math.abs(value) >= 0.01) return formatMoney(value);
  return preciseMoney.format(value);
}

/** The values an admin can pick (member access, the units template): configured ones and those with cost. */
export function valueChoices(configured: readonly string[], detail: ShowbackDetail | undefined): string[] {
  return [
    ...new Set([...configured, ...(detail?.cost_distribution.map((entry) => entry.value) ?? [])]),
  ].sort();
}

/**
 * The move_before_rule target that puts the rule at `from` at index `to` of the ordered list: the rule now
 * at `to` when moving up, the one after it when moving down (null: last). Null result when nothing moves.
 */
export function moveTarget(
  ids: readonly string[],
  from: number,
  to: number,
): { rule_id: string; target_rule_id: string | null } | null {
  const ruleId = ids[from];
  if (ruleId === undefined || to < 0 || to >= ids.length || to === from) return null;
  const target = to < from ? ids[to] : ids[to + 1];
  return { rule_id: ruleId, target_rule_id: target ?? null };
}

/** The list with the item at `from` moved to `to` (the optimistic order while the move is saved). */
export function reorder<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
