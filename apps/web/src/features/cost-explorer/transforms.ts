import type { DimensionDailyCostResult, ForecastedSeries } from '@finlens/contracts/cost-explorer';
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

/** A period's actual cost in a series: its cost less the forecast part (the month to date of a current month). */
const actualCost = (series: ForecastedSeries, i: number) =>
  (series.costs[i] ?? 0) - (series.forecast_costs[i] ?? 0);

/** How a period's cost is made: all actual, actual to date plus forecast (it holds as_of), or all forecast. */
export function periodKind(result: DimensionDailyCostResult, i: number): 'actual' | 'partly' | 'forecast' {
  if (!result.forecast[i]) return 'actual';
  const start = result.periods[i]?.slice(0, 10) ?? '';
  return result.as_of !== null && start <= result.as_of ? 'partly' : 'forecast';
}

/** Actual cost of every series over periods [from, to): what the answer's `total` is over all of them. */
function actualTotalOf(result: DimensionDailyCostResult, from = 0, to = result.periods.length): number {
  let total = 0;
  for (const series of result.series) for (let i = from; i < to; i++) total += actualCost(series, i);
  return total;
}

/** Actual cost drawn in chart window `page` (its accessible name says it). */
export function chartActualTotal(result: DimensionDailyCostResult, page: number): number {
  const { from, to } = chartWindow(result.periods.length, result.granularity_used, page);
  return actualTotalOf(result, from, to);
}

export interface GridRow {
  /**
   * The row's place in the answer: the grid keeps a row (its cells updated) for the same place in the next answer
   * instead of building a new one, so a new group-by, filter or range replaces the rows' values in place.
   */
  id: string;
  label: string;
  /** Cost per period (actual plus any forecast part), keyed by the period start. */
  costs: Record<string, number>;
  /** Actual cost: every period's actual part, the month to date of a partly forecast period included. */
  total: number;
  /** Forecast cost: every period's forecast part. `total + forecast` is the sum of `costs`. */
  forecast: number;
  isTotal?: boolean;
}

/**
 * One row per group, costs per period, its actual total and forecast; the pinned total row sums them, so its
 * total is the answer's `total` and its forecast the answer's `forecast_total`.
 */
export function toGridRows(result: DimensionDailyCostResult): { rows: GridRow[]; totalRow: GridRow } {
  const rows = result.series.map((s, index): GridRow => {
    const costs: Record<string, number> = {};
    let total = 0;
    let forecast = 0;
    result.periods.forEach((period, i) => {
      costs[period] = s.costs[i] ?? 0;
      total += actualCost(s, i);
      forecast += s.forecast_costs[i] ?? 0;
    });
    return { id: String(index), label: seriesLabel(s), costs, total, forecast };
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
