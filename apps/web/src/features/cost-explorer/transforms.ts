import {
  type CostDimension,
  type CostQueryResult,
  type CostSeries,
  NO_VALUE_LABEL,
  OTHERS_KEY,
  OTHERS_LABEL,
} from '@finlens/contracts/cost-query';
import { chartWindow, chartWindowCount } from '@finlens/cost-model/chart-window';
import { periodLabel } from '@finlens/cost-model/period-label';
import { foldTopN } from '@finlens/cost-model/top-n';
import type { ChartData } from '../../components/Chart';

/**
 * Pure transforms of a CostQueryResult into what the Explorer draws: chart series (top N + 'Others', cut to
 * the spec §9 chart window) and grid rows (one per group, a column per period, totals).
 */

/** Groups the chart draws before the rest is summed into 'Others'. */
export const CHART_TOP_N = 10;

/** Dimensions whose values demo mode blurs (spec §4: account and resource values). */
export const DEMO_BLURRED_DIMENSIONS: ReadonlySet<CostDimension> = new Set([
  'line_item_usage_account_id',
  'line_item_resource_id',
  'resource_name',
]);

export function seriesLabel(series: Pick<CostSeries, 'key' | 'label'>): string {
  if (series.key === OTHERS_KEY) return OTHERS_LABEL;
  if (series.key === null) return NO_VALUE_LABEL;
  return series.label;
}

/** How many chart windows the answer needs (the chart pages through them, newest first). */
export function windowCount(result: CostQueryResult): number {
  return chartWindowCount(result.periods.length, result.granularity_used);
}

/**
 * The chart of window `page` (0 = newest): top CHART_TOP_N series + 'Others', the periods of that window,
 * forecast flags; `nameOf` turns a series into its legend name (demo mode hides account/resource names).
 */
export function toChartData(
  result: CostQueryResult,
  page: number,
  nameOf: (series: CostSeries, index: number) => string = seriesLabel,
): ChartData {
  const { from, to } = chartWindow(result.periods.length, result.granularity_used, page);
  return {
    categories: result.periods.slice(from, to).map((p) => periodLabel(p, result.granularity_used)),
    forecast: result.forecast.slice(from, to),
    series: foldTopN(result.series, CHART_TOP_N).map((s, index) => ({
      name: nameOf(s, index),
      values: s.costs.slice(from, to),
    })),
  };
}

export interface GridRow {
  id: string;
  label: string;
  /** Cost per period, keyed by the period start. */
  costs: Record<string, number>;
  /** Sum of the actual (not forecast) periods. */
  total: number;
  /** Sum of the forecast periods. */
  forecast: number;
  isTotal?: boolean;
}

/** One row per group, costs per period, its actual total and forecast; the pinned total row sums them. */
export function toGridRows(result: CostQueryResult): { rows: GridRow[]; totalRow: GridRow } {
  const rows = result.series.map((s, index): GridRow => {
    const costs: Record<string, number> = {};
    let total = 0;
    let forecast = 0;
    result.periods.forEach((period, i) => {
      const cost = s.costs[i] ?? 0;
      costs[period] = cost;
      if (result.forecast[i]) forecast += cost;
      else total += cost;
    });
    return { id: `${index}:${s.key ?? '\u0000'}`, label: seriesLabel(s), costs, total, forecast };
  });
  const totalCosts: Record<string, number> = {};
  for (const period of result.periods) {
    totalCosts[period] = rows.reduce((sum, row) => sum + (row.costs[period] ?? 0), 0);
  }
  const totalRow: GridRow = {
    id: 'total',
    label: 'Total',
    costs: totalCosts,
    total: rows.reduce((sum, row) => sum + row.total, 0),
    forecast: rows.reduce((sum, row) => sum + row.forecast, 0),
    isTotal: true,
  };
  return { rows, totalRow };
}
