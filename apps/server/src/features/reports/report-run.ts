import { type CostDimension, type CostQuery, TOP_N_MAX } from '@finlens/contracts/cost-query';
import { granularityUsed } from '@finlens/cost-model/granularity';
import { isRangePreset, presetRange } from '@finlens/cost-model/range-presets';
import { addDays, inclusiveDays, utcDay } from '@finlens/cost-model/utc-calendar';
import type {
  CostQueryPort,
  CostScope,
  WarehouseCostAnswer,
} from '../../warehouse/cost-query/cost-query-port';

/** A group whose cost moved most between the previous period and this one. */
export interface Mover {
  label: string;
  current: number;
  previous: number;
  change: number;
}

export interface ReportRun {
  query: CostQuery;
  answer: WarehouseCostAnswer;
  summary: {
    total: number;
    previous_total: number;
    /** total − previous_total. */
    change: number;
    /** change / previous_total; null when the previous period cost nothing. */
    change_ratio: number | null;
    previous_start: string;
    previous_end: string;
    movers_dimension: CostDimension;
    top_movers: Mover[];
  };
}

const TOP_MOVERS = 5;

/** The query a report runs today: its range preset (if any) as of `today`, the granularity the range allows. */
export function reportQuery(saved: CostQuery, rangePreset: string | null, today: Date): CostQuery {
  const range = rangePreset !== null && isRangePreset(rangePreset) ? presetRange(rangePreset, today) : saved;
  const query = { ...saved, start_date: range.start_date, end_date: range.end_date };
  // Saved reports follow the length rules only (spec §5): the user-type limits belong to the screen.
  const decision = granularityUsed(query.granularity, { ...query, internal: true, today: utcDay(today) });
  return { ...query, granularity: decision.ok ? decision.used : 'day' };
}

/**
 * Runs a report for an email: its own query (chart and grid), and the summary — the total against the
 * same number of days just before, and the groups that moved most (by the report's dimension, or by service).
 */
export async function runReport({
  warehouse,
  scope,
  query,
}: {
  warehouse: CostQueryPort;
  scope: CostScope;
  query: CostQuery;
}): Promise<ReportRun> {
  const run = (q: CostQuery) => warehouse.runCostQuery({ ...q, ...scope, useRollups: true });
  const days = inclusiveDays(query.start_date, query.end_date);
  const previous = { start_date: addDays(query.start_date, -days), end_date: addDays(query.start_date, -1) };
  const moversDimension: CostDimension = query.dimension ?? 'product_servicename';
  const byGroup = { ...query, dimension: moversDimension, granularity: 'day' as const, top_n: TOP_N_MAX };
  const [answer, current, before] = await Promise.all([
    run(query),
    run(byGroup),
    run({ ...byGroup, ...previous }),
  ]);
  const change = answer.total - before.total;
  return {
    query,
    answer,
    summary: {
      total: answer.total,
      previous_total: before.total,
      change,
      change_ratio: before.total === 0 ? null : change / before.total,
      previous_start: previous.start_date,
      previous_end: previous.end_date,
      movers_dimension: moversDimension,
      top_movers: topMovers(current, before),
    },
  };
}

function topMovers(current: WarehouseCostAnswer, before: WarehouseCostAnswer): Mover[] {
  const groups = new Map<string, Mover>();
  const entry = (key: string | null, label: string) => {
    const id = key ?? '';
    const found = groups.get(id) ?? { label, current: 0, previous: 0, change: 0 };
    groups.set(id, found);
    return found;
  };
  for (const series of current.series) entry(series.key, series.label).current += series.total;
  for (const series of before.series) entry(series.key, series.label).previous += series.total;
  return [...groups.values()]
    .map((m) => ({ ...m, change: m.current - m.previous }))
    .filter((m) => m.change !== 0)
    .sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || x.label.localeCompare(y.label))
    .slice(0, TOP_MOVERS);
}
