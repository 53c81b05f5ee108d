import type { ForecastedSeries } from '@finlens/contracts/cost-explorer';
import { type CostSeries, type Granularity, OTHERS_KEY } from '@finlens/contracts/cost-query';
import { type DailyCost, FORECAST_HISTORY_DAYS, forecastDays } from '@finlens/cost-model/forecast';
import { foldTopN } from '@finlens/cost-model/top-n';
import { addDays, hourStarts, periodEnd, periodStart } from '@finlens/cost-model/utc-calendar';
import { CELLS_PER_TURN, pacer } from '../../platform/event-loop';

/** The part of a cost answer the forecast extends. */
export interface ActualAnswer {
  periods: string[];
  series: CostSeries[];
  group_count: number;
}

export interface ForecastedAnswer {
  periods: string[];
  series: ForecastedSeries[];
  group_count: number;
  forecast: boolean[];
  forecast_total: number;
}

/** The days to forecast in a range, null when nothing lies after `asOf` (or there is no data at all). */
export function forecastSpan(
  range: { start_date: string; end_date: string },
  asOf: string | null,
): { from: string; to: string } | null {
  if (asOf === null) return null;
  const from = range.start_date > asOf ? range.start_date : addDays(asOf, 1);
  return from > range.end_date ? null : { from, to: range.end_date };
}

/** The 40 days of history the forecast learns from (spec §9), ending on as_of. */
export function historySpan(asOf: string): { start_date: string; end_date: string } {
  return { start_date: addDays(asOf, 1 - FORECAST_HISTORY_DAYS), end_date: asOf };
}

/**
 * The history cut from a by-day answer whose range covers `historySpan` (null otherwise), so the forecast
 * needs no second query. Its top N + Others stand in for the history's groups: a group the answer folded
 * into Others would have sent its forecast to Others anyway, and the forecast is linear in the shares.
 */
export function historyWithin(
  answer: ActualAnswer,
  granularity: Granularity,
  span: { start_date: string; end_date: string },
): ActualAnswer | null {
  const from = answer.periods.indexOf(span.start_date);
  const to = answer.periods.indexOf(span.end_date);
  if (granularity !== 'day' || from === -1 || to === -1) return null;
  const series = answer.series.map((s) => {
    const costs = s.costs.slice(from, to + 1);
    return { ...s, costs, total: costs.reduce((sum, c) => sum + c, 0) };
  });
  return { periods: answer.periods.slice(from, to + 1), series, group_count: answer.group_count };
}

const mapKey = (key: string | null) => JSON.stringify(key);

/** A period's first day (hour periods are YYYY-MM-DDTHH:00:00Z). */
const periodDay = (period: string) => period.slice(0, 10);

/** An answer with nothing to forecast: each series' forecast part all zeros, a few thousand cells per turn. */
export async function withoutForecast(answer: ActualAnswer): Promise<ForecastedAnswer> {
  const { periods, group_count } = answer;
  const pace = pacer(CELLS_PER_TURN);
  const series: ForecastedSeries[] = [];
  for (const one of answer.series) {
    series.push({ ...one, forecast_costs: new Array<number>(periods.length).fill(0) });
    await pace(periods.length);
  }
  return { periods, series, group_count, forecast: periods.map(() => false), forecast_total: 0 };
}

/**
 * Adds the forecast to an actual answer (design in @finlens/contracts/cost-explorer): the total forecast from
 * the summed daily history, shared out by each history group's share of the history, into the answer's
 * series (a group missing from them joins them, or 'Others' when the answer has one), re-cut to `topN`.
 * A few thousand series cells are copied, forecast or summed per turn of the event loop (by the hour an answer
 * holds up to ≈ 2.2M), so other requests are answered between.
 */
export async function withForecast(args: {
  answer: ActualAnswer;
  granularity: Granularity;
  span: { from: string; to: string };
  asOf: string;
  /** The same query by day over `historySpan(asOf)`, top N large enough to name the answer's groups. */
  history: ActualAnswer;
  topN: number;
}): Promise<ForecastedAnswer> {
  const { answer, granularity, span, asOf, history } = args;
  const pace = pacer(CELLS_PER_TURN);
  const daily = summedDaily(history);
  const days = forecastDays(daily, span.from, span.to);
  const historyTotal = history.series.reduce((sum, s) => sum + s.total, 0);
  const length = answer.periods.length;
  const merged = new Map<string, CostSeries>();
  for (const s of answer.series) {
    merged.set(mapKey(s.key), { ...s, costs: [...s.costs] });
    await pace(length);
  }
  // The forecast part of each merged series, per period (the same keys as `merged`).
  const parts = new Map<string, number[]>();
  const index = new Map(answer.periods.map((p, i) => [p, i]));
  let forecastTotal = 0;
  for (const group of history.series) {
    const share = historyTotal === 0 ? 0 : group.total / historyTotal;
    if (share === 0) continue;
    const target = targetSeries(merged, group, length);
    const key = mapKey(target.key);
    const own = parts.get(key) ?? Array.from({ length }, () => 0);
    parts.set(key, own);
    for (const day of days) {
      const cost = day.cost * share;
      forecastTotal += cost;
      for (const [period, part] of periodsOfDay(day.date, granularity)) {
        const i = index.get(period);
        if (i === undefined) continue;
        target.costs[i] = (target.costs[i] ?? 0) + cost * part;
        own[i] = (own[i] ?? 0) + cost * part;
      }
    }
    await pace(length + days.length * (granularity === 'hour' ? 24 : 1));
  }
  // Forecast costs moved the totals: recount them before the one top-N fold re-cuts the series.
  const withTotals: CostSeries[] = [];
  for (const s of merged.values()) {
    withTotals.push({ ...s, total: s.costs.reduce((sum, c) => sum + c, 0) });
    await pace(length);
  }
  const folded = foldTopN(withTotals, args.topN);
  const named = new Set(folded.filter((s) => s.key !== OTHERS_KEY).map((s) => mapKey(s.key)));
  const series: ForecastedSeries[] = [];
  for (const s of folded) {
    series.push({ ...s, forecast_costs: forecastPart(s, named, parts, length) });
    await pace(length);
  }
  return {
    periods: answer.periods,
    series,
    group_count: Math.max(answer.group_count, named.size),
    forecast: answer.periods.map((p) => periodEnd(periodDay(p), granularity) > asOf),
    forecast_total: forecastTotal,
  };
}

/** A folded series' forecast part per period: its own, or for 'Others' the parts of every series not named. */
function forecastPart(
  series: CostSeries,
  named: ReadonlySet<string>,
  parts: ReadonlyMap<string, number[]>,
  length: number,
): number[] {
  if (series.key !== OTHERS_KEY) return parts.get(mapKey(series.key)) ?? Array.from({ length }, () => 0);
  const rest = [...parts].filter(([key]) => !named.has(key)).map(([, part]) => part);
  return Array.from({ length }, (_, i) => rest.reduce((sum, part) => sum + (part[i] ?? 0), 0));
}

/** Daily totals of a by-day answer (its periods are days). */
function summedDaily(history: ActualAnswer): DailyCost[] {
  return history.periods.map((date, i) => ({
    date,
    cost: history.series.reduce((sum, s) => sum + (s.costs[i] ?? 0), 0),
  }));
}

/** The series a history group's forecast goes to: its own, else 'Others' if present, else a new one. */
function targetSeries(merged: Map<string, CostSeries>, group: CostSeries, length: number): CostSeries {
  const own = merged.get(mapKey(group.key));
  if (own !== undefined) return own;
  const others = merged.get(mapKey(OTHERS_KEY));
  if (others !== undefined) return others;
  const added = { key: group.key, label: group.label, costs: Array.from({ length }, () => 0), total: 0 };
  merged.set(mapKey(group.key), added);
  return added;
}

/** The answer periods a day's cost falls in, with the part of it each gets (an hour gets 1/24). */
function periodsOfDay(day: string, granularity: Granularity): [string, number][] {
  if (granularity !== 'hour') return [[periodStart(day, granularity), 1]];
  return hourStarts(day).map((hour) => [hour, 1 / 24]);
}
