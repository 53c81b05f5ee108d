import type { DimensionDailyCostResult } from '@finlens/contracts/cost-explorer';
import type { Granularity } from '@finlens/contracts/cost-query';

interface FixtureSeries {
  key: string | null;
  label?: string;
  costs: number[];
  /** The forecast part of each period's cost (default: the whole cost of a forecast period, else 0). */
  forecastCosts?: number[];
}

/**
 * A dimension_daily_cost answer with known totals, computed as the API does: each series' total includes
 * its forecast parts, the result's `total` is actual cost only and `forecast_total` the forecast part.
 */
export function costResult({
  periods,
  series,
  forecast = periods.map(() => false),
  granularity = 'day',
  requested = granularity,
  groupCount = series.length,
  asOf = periods.at(-1)?.slice(0, 10) ?? null,
}: {
  periods: string[];
  series: FixtureSeries[];
  forecast?: boolean[];
  granularity?: Granularity;
  requested?: Granularity;
  groupCount?: number;
  asOf?: string | null;
}): DimensionDailyCostResult {
  const sum = (costs: number[]) => costs.reduce((total, c) => total + c, 0);
  const full = series.map((s) => ({
    key: s.key,
    label: s.label ?? s.key ?? 'No value',
    costs: s.costs,
    total: sum(s.costs),
    forecast_costs: s.forecastCosts ?? s.costs.map((c, i) => (forecast[i] ? c : 0)),
  }));
  return {
    cost_type: 'unblended',
    currency: 'USD',
    start_date: periods[0]?.slice(0, 10) ?? '2026-01-01',
    end_date: periods.at(-1)?.slice(0, 10) ?? '2026-01-01',
    granularity_requested: requested,
    granularity_used: granularity,
    periods,
    forecast,
    series: full,
    total: full.reduce((total, s) => total + s.total - sum(s.forecast_costs), 0),
    forecast_total: full.reduce((total, s) => total + sum(s.forecast_costs), 0),
    allowed_granularities: ['hour', 'day', 'week', 'month'],
    group_count: groupCount,
    source: 'line_items',
    as_of: asOf,
  };
}

/** Three days of two services: AmazonEC2 60, AmazonS3 6; total 66. */
export const SMALL_RESULT = costResult({
  periods: ['2026-11-01', '2026-11-02', '2026-11-03'],
  series: [
    { key: 'AmazonEC2', costs: [10, 20, 30] },
    { key: 'AmazonS3', costs: [1, 2, 3] },
  ],
});
