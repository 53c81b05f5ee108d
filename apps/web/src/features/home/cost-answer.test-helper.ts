import type { DimensionDailyCostResult } from '@finlens/contracts/cost-explorer';
import { addDays, inclusiveDays } from '@finlens/cost-model/utc-calendar';

/**
 * A dimension_daily_cost answer over every day of [start, end] for tests: each group costs `total`, spread
 * evenly over the days; nothing is forecast; data through `end`.
 */
export function dailyAnswer(
  start: string,
  end: string,
  groups: { key: string | null; label?: string; total: number }[],
): DimensionDailyCostResult {
  const days = inclusiveDays(start, end);
  const periods = Array.from({ length: days }, (_, i) => addDays(start, i));
  const series = groups.map((group) => ({
    key: group.key,
    label: group.label ?? group.key ?? 'No value',
    costs: periods.map(() => group.total / days),
    total: group.total,
    forecast_costs: periods.map(() => 0),
  }));
  return {
    cost_type: 'unblended',
    currency: 'USD',
    start_date: start,
    end_date: end,
    granularity_requested: 'day',
    granularity_used: 'day',
    periods,
    forecast: periods.map(() => false),
    series,
    total: groups.reduce((sum, group) => sum + group.total, 0),
    forecast_total: 0,
    allowed_granularities: ['day', 'week', 'month'],
    group_count: groups.length,
    source: 'rollup',
    as_of: end,
  };
}
