import {
  type CostQueryResult,
  type CostSeries,
  NO_VALUE_LABEL,
  OTHERS_KEY,
} from '@finlens/contracts/cost-query';
import { type DailyCost, forecastDays } from '@finlens/cost-model/forecast';
import { addDays, endOfMonth, inclusiveDays, startOfMonth, utcDay } from '@finlens/cost-model/utc-calendar';
import type { ChartData } from '../../components/Chart';

/** Actual daily totals of a query without a dimension (forecast periods left out). */
export function actualDays(result: CostQueryResult): DailyCost[] {
  const costs = result.series[0]?.costs ?? [];
  return result.periods.flatMap((date, i) =>
    result.forecast[i] ? [] : [{ date: date.slice(0, 10), cost: costs[i] ?? 0 }],
  );
}

interface MonthOutlook {
  /** Actual cost from the 1st through the newest day with data. */
  actual: number;
  /** The expected month total: actual plus the forecast of the remaining days. */
  total: number;
  /** The month's days with their cost: actual through `asOf`, forecast after. */
  days: { date: string; cost: number; forecast: boolean }[];
}

/**
 * The current month's spend by day and its expected total (cost-model forecast from the 40 days of
 * history). Days after the newest data are forecast; the newest data may be last month's (start of month).
 */
export function monthOutlook(history: DailyCost[], asOf: string | null, today: Date): MonthOutlook {
  const day = utcDay(today);
  const first = startOfMonth(day);
  const last = endOfMonth(day);
  const newest = asOf !== null && asOf > day ? day : asOf;
  const known = newest === null ? [] : history.filter((d) => d.date <= newest);
  const actualDaysOfMonth = known.filter((d) => d.date >= first);
  const forecastFrom = newest !== null && newest >= first ? addDays(newest, 1) : first;
  const forecast = known.length === 0 ? [] : forecastDays(known, forecastFrom, last);
  const byDate = new Map(actualDaysOfMonth.map((d) => [d.date, d.cost]));
  const forecastByDate = new Map(forecast.map((d) => [d.date, d.cost]));
  const days = Array.from({ length: inclusiveDays(first, last) }, (_, i) => {
    const date = addDays(first, i);
    const isForecast = date >= forecastFrom;
    return {
      date,
      cost: isForecast ? (forecastByDate.get(date) ?? 0) : (byDate.get(date) ?? 0),
      forecast: isForecast,
    };
  });
  const actual = actualDaysOfMonth.reduce((sum, d) => sum + d.cost, 0);
  return { actual, total: actual + forecast.reduce((sum, d) => sum + d.cost, 0), days };
}

/** The month's days as chart data: one 'Spend' series, forecast days flagged. */
export function outlookChart(outlook: MonthOutlook): ChartData {
  return {
    categories: outlook.days.map((d) => d.date.slice(5)),
    series: [{ name: 'Spend', values: outlook.days.map((d) => d.cost) }],
    forecast: outlook.days.map((d) => d.forecast),
  };
}

interface GroupTotal {
  /** The dimension's value; null for rows without one. */
  key: string | null;
  label: string;
  total: number;
  /** Share of the query's total, 0 … 1. */
  share: number;
}

/** A series' cost over the actual periods only (the API's series totals include forecast periods). */
export function actualTotal(series: CostSeries, forecast: boolean[]): number {
  return series.costs.reduce((sum, cost, i) => (forecast[i] ? sum : sum + cost), 0);
}

/** The top `count` groups of a grouped answer ('Others' left out). */
export function topGroups(result: CostQueryResult, count: number): GroupTotal[] {
  return result.series
    .filter((s) => s.key !== OTHERS_KEY)
    .slice(0, count)
    .map((s) => {
      const total = actualTotal(s, result.forecast);
      return {
        key: s.key,
        label: s.key === null ? NO_VALUE_LABEL : s.label,
        total,
        share: result.total === 0 ? 0 : total / result.total,
      };
    });
}

interface Mover {
  key: string | null;
  label: string;
  current: number;
  previous: number;
  change: number;
  /** Percent change; null when the previous period had no cost (new). */
  percent: number | null;
}

/** Groups whose cost changed most (by absolute amount) between two answers of the same dimension. */
export function biggestMovers(current: CostQueryResult, previous: CostQueryResult, count: number): Mover[] {
  const groups = new Map<string | null, Mover>();
  const entry = (key: string | null, label: string) => {
    const found = groups.get(key);
    if (found) return found;
    const created = {
      key,
      label: key === null ? NO_VALUE_LABEL : label,
      current: 0,
      previous: 0,
      change: 0,
      percent: null,
    };
    groups.set(key, created);
    return created;
  };
  for (const s of current.series) {
    if (s.key !== OTHERS_KEY) entry(s.key, s.label).current = actualTotal(s, current.forecast);
  }
  for (const s of previous.series) {
    if (s.key !== OTHERS_KEY) entry(s.key, s.label).previous = actualTotal(s, previous.forecast);
  }
  const movers = [...groups.values()].map((m) => ({
    ...m,
    change: m.current - m.previous,
    percent: m.previous === 0 ? null : ((m.current - m.previous) / Math.abs(m.previous)) * 100,
  }));
  return movers
    .filter((m) => Math.abs(m.change) >= 0.005)
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.label.localeCompare(b.label))
    .slice(0, count);
}
