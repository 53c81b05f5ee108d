import type { CostTypeName } from '@finlens/contracts/cost-summary';
import type { BurnDown, CostTarget, TargetPeriodStatus } from '@finlens/contracts/cost-targets';
import { addDays, addMonths, periodStarts as monthStarts } from '@finlens/cost-model/utc-calendar';
import type { ChartData } from '../../components/Chart';
import { ApiError } from '../../lib/api-client';

type Status = TargetPeriodStatus['status'];

/** Status as words (never colour alone) and the MUI colour that goes with it. */
export const STATUS_VIEW: Record<Status, { text: string; color: 'success' | 'warning' | 'error' }> = {
  on_track: { text: 'On track', color: 'success' },
  at_risk: { text: 'At risk', color: 'warning' },
  over: { text: 'Over budget', color: 'error' },
};

/** 'net_amortized' → 'Discounted Amortized' (spec §3 names). */
export function costTypeLabel(name: CostTypeName): string {
  return name
    .replace(/^net_/, 'discounted_')
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const TARGET_SORTS = ['name', 'used', 'budget', 'status'] as const;
export type TargetSort = (typeof TARGET_SORTS)[number];

const STATUS_ORDER: Record<Status, number> = { over: 0, at_risk: 1, on_track: 2 };

const sortValue: Record<TargetSort, (t: CostTarget) => string | number> = {
  name: (t) => t.name.toLowerCase(),
  // Fullest first when descending; a target without a current period sorts last.
  used: (t) => t.current?.percent_used ?? -1,
  budget: (t) => t.current?.budget ?? -1,
  status: (t) => (t.current ? STATUS_ORDER[t.current.status] : 3),
};

/** The list view: targets whose name holds `search` (any case), sorted by `sort` in `direction`. */
export function visibleTargets(
  targets: CostTarget[],
  search: string,
  sort: TargetSort,
  direction: 'asc' | 'desc',
): CostTarget[] {
  const needle = search.trim().toLowerCase();
  const sign = direction === 'asc' ? 1 : -1;
  const value = sortValue[sort];
  return targets
    .filter((t) => t.name.toLowerCase().includes(needle))
    .sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return x < y ? -sign : x > y ? sign : 0;
    });
}

/** Where the forecast lands on a bar whose full width is the larger of budget and forecast, in percent. */
export function barScale(current: TargetPeriodStatus): { actual: number; forecast: number; budget: number } {
  const full = Math.max(current.budget, current.forecast, current.actual);
  if (full <= 0) return { actual: 0, forecast: 0, budget: 100 };
  const pct = (value: number) => Math.min(100, (value / full) * 100);
  return { actual: pct(current.actual), forecast: pct(current.forecast), budget: pct(current.budget) };
}

/** One problem of an uploaded plan CSV: data row n (1 = first after the header), its column and message. */
interface CsvRowError {
  row: number;
  column: string | null;
  message: string;
}

/** The row-level errors of a failed upload_csv (`rows.<n>.<column>` → messages); others as row 0. */
export function csvRowErrors(error: unknown): CsvRowError[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  return Object.entries(errors)
    .map(([field, messages]) => {
      const match = /^rows\.(\d+)(?:\.(\w+))?$/.exec(field);
      return {
        row: match ? Number(match[1]) : 0,
        column: match ? (match[2] ?? null) : field,
        message: messages.join(' '),
      };
    })
    .sort((a, b) => a.row - b.row);
}

/** The burn-down as chart lines; days after as_of are the forecast (the band drawn as its low and high). */
export function burnDownChart(burn: BurnDown): ChartData {
  // ECharts leaves NaN points out, so a line stops (actual) or starts (forecast) at as_of.
  const line = (pick: (day: BurnDown['days'][number]) => number | null) =>
    burn.days.map((day) => pick(day) ?? Number.NaN);
  return {
    categories: burn.days.map((day) => day.date),
    series: [
      { name: 'Actual', values: line((d) => d.actual) },
      { name: 'Plan', values: line((d) => d.plan) },
      { name: 'Forecast', values: line((d) => d.forecast) },
      { name: 'Forecast low', values: line((d) => d.forecast_low) },
      { name: 'Forecast high', values: line((d) => d.forecast_high) },
    ],
    forecast: burn.days.map((day) => day.forecast !== null),
  };
}

/** The YYYY-MM months a target plans for (start to end date, `defaultMonths` months without one). */
export function planMonths(
  target: Pick<CostTarget, 'start_date' | 'end_date'>,
  defaultMonths: number,
): string[] {
  const end = target.end_date ?? addDays(addMonths(target.start_date, defaultMonths), -1);
  return monthStarts(target.start_date, end, 'month').map((day) => day.slice(0, 7));
}

const PERIOD_MONTHS = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 } as const;

/** The first day (YYYY-MM-DD) of each period of a target, oldest first. */
export function periodStarts(
  target: Pick<CostTarget, 'start_date' | 'end_date' | 'period'>,
  defaultMonths: number,
) {
  const step = PERIOD_MONTHS[target.period];
  return planMonths(target, defaultMonths)
    .filter((_, index) => index % step === 0)
    .map((month) => `${month}-01`);
}

/** Members read targets, plans and alerts; changes are the admins' (the server's rule, ADR 0009). */
export const TARGET_CHANGE_REASON = 'Only admins can change cost targets, their plans and alerts.';
