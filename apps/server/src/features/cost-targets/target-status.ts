import type { CostQuery } from '@finlens/contracts/cost-query';
import type { BurnDown, TargetPeriodStatus, TargetScope } from '@finlens/contracts/cost-targets';
import { type DailyCost, FORECAST_HISTORY_DAYS, forecastDays } from '@finlens/cost-model/forecast';
import { forecastWithBand, periodEndForecast } from '@finlens/cost-model/forecast-band';
import { addDays, utcDay } from '@finlens/cost-model/utc-calendar';
import type { CostQueryPort, CostScope } from '../../warehouse/cost-query/cost-query-port';
import { cumulativePlan, type Period, periodAt, periodBudget, type TargetCalendar } from './target-periods';

/** A target as its status needs it. */
export interface StatusTarget extends TargetCalendar {
  id: string;
  cost_type: CostQuery['cost_type'];
  scope: TargetScope;
}

interface Plannings {
  plannings: readonly { month: string; amount: number }[];
}

export interface Daily {
  days: DailyCost[];
  asOf: string | null;
  currency: string;
}

/** The target's CostQuery by day without a group-by, minus its range. */
export function scopeQuery(scope: CostScope, target: StatusTarget) {
  return {
    granularity: 'day' as const,
    dimension: null,
    cost_type: target.cost_type,
    filters: target.scope.filters,
    top_n: 1,
    ...scope,
    useRollups: true,
  };
}

/** The newest usage day of the target's scope, not after today (null without data) and its currency. */
export async function scopeAsOf(
  warehouse: CostQueryPort,
  scope: CostScope,
  target: StatusTarget,
  today: Date,
): Promise<{ asOf: string | null; currency: string }> {
  const day = utcDay(today);
  const probe = await warehouse.runCostQuery({
    ...scopeQuery(scope, target),
    start_date: day,
    end_date: day,
  });
  const asOf = probe.as_of === null ? null : probe.as_of < day ? probe.as_of : day;
  return { asOf, currency: probe.currency ?? 'USD' };
}

/**
 * Daily cost of the target's scope from the earlier of the period start and the forecast history start
 * (spec §9: 40 days) through the newest data, cut at the period's end. One CostQuery by day, no group-by.
 */
export async function dailyCostOf(
  warehouse: CostQueryPort,
  scope: CostScope,
  target: StatusTarget,
  period: Period,
  known: { asOf: string | null; currency: string },
): Promise<Daily> {
  if (known.asOf === null) return { days: [], asOf: null, currency: known.currency };
  const asOf = known.asOf < period.end ? known.asOf : period.end;
  const historyStart = addDays(asOf, 1 - FORECAST_HISTORY_DAYS);
  const from = period.start < historyStart ? period.start : historyStart;
  const answer = await warehouse.runCostQuery({
    ...scopeQuery(scope, target),
    start_date: from,
    end_date: asOf,
  });
  const costs = answer.series[0]?.costs ?? [];
  return {
    days: answer.periods.map((date, i) => ({ date, cost: costs[i] ?? 0 })),
    asOf,
    currency: known.currency,
  };
}

/** Budget, actual and forecast (with band) of one period, from the scope's daily cost. */
export function periodStatus(
  target: StatusTarget & Plannings,
  period: Period,
  daily: Daily,
): TargetPeriodStatus {
  const budget = periodBudget(target, period, target.plannings);
  const asOf = daily.asOf;
  const result =
    asOf === null ? { actual: 0, total: 0, low: 0, high: 0 } : periodEndForecast(daily.days, period, asOf);
  const status = result.actual > budget ? 'over' : result.total > budget ? 'at_risk' : 'on_track';
  return {
    period_start: period.start,
    period_end: period.end,
    budget,
    actual: result.actual,
    forecast: result.total,
    forecast_low: result.low,
    forecast_high: result.high,
    percent_used: budget === 0 ? null : (result.actual / budget) * 100,
    status,
    as_of: asOf,
  };
}

/** The period a target is in now: the one holding the newest data, else today's. */
export function currentPeriod(target: TargetCalendar, asOf: string | null, today: Date): Period | null {
  return periodAt(target, asOf ?? utcDay(today));
}

/** Cumulative actual, plan and forecast (with band) for every day of a period (/v3/burn-down-tracker/). */
export function burnDown(target: StatusTarget & Plannings, period: Period, daily: Daily): BurnDown {
  const plan = cumulativePlan(target, period, target.plannings);
  const asOf = daily.asOf;
  const byDate = new Map(daily.days.map((d) => [d.date, d.cost]));
  const from = asOf === null || asOf < period.start ? period.start : addDays(asOf, 1);
  const history = daily.days;
  const rest = forecastDays(history, from, period.end);
  const band = forecastWithBand(history, from, period.end);
  const lowShare = band.total === 0 ? 1 : band.low / band.total;
  const highShare = band.total === 0 ? 1 : band.high / band.total;
  const restByDate = new Map(rest.map((d) => [d.date, d.cost]));
  let actual = 0;
  let ahead = 0;
  const days = plan.map((planned, i) => {
    const date = addDays(period.start, i);
    if (asOf !== null && date <= asOf) {
      actual += byDate.get(date) ?? 0;
      return { date, actual, plan: planned, forecast: null, forecast_low: null, forecast_high: null };
    }
    ahead += restByDate.get(date) ?? 0;
    return {
      date,
      actual: null,
      plan: planned,
      forecast: actual + ahead,
      forecast_low: actual + ahead * lowShare,
      forecast_high: actual + ahead * highShare,
    };
  });
  return {
    target_id: target.id,
    period_start: period.start,
    period_end: period.end,
    budget: periodBudget(target, period, target.plannings),
    as_of: asOf,
    days,
  };
}
