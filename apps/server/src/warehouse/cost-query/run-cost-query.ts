import { type CostSeries, NO_VALUE_LABEL, OTHERS_KEY, OTHERS_LABEL } from '@finlens/contracts/cost-query';
import { periodStarts } from '@finlens/cost-model/utc-calendar';
import {
  type CompiledSql,
  compileCostQuery,
  compileDimensionKeys,
  compileDimensionValues,
} from './compile-cost-query';
import type { CostQueryPort, WarehouseCostAnswer, WarehouseCostQuery } from './cost-query-port';
import { planSource } from './plan-source';
import type { SqlDialect } from './sql-dialect';

/** Runs one statement on an engine and returns its rows as plain JSON values. */
export type ReadRows = (statement: CompiledSql) => Promise<Record<string, unknown>[]>;

const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The engine-neutral half of the cost-query port: compile with the dialect, run, shape the answer. */
export function costQueryRunner(dialect: SqlDialect, read: ReadRows): CostQueryPort {
  const runCostQuery = async (query: WarehouseCostQuery): Promise<WarehouseCostAnswer> => {
    const periods = periodStarts(query.start_date, query.end_date, query.granularity);
    if (query.projectIds.length === 0) {
      return {
        ...shapeSeries(query, periods, [], []),
        group_count: query.dimension === null ? 1 : 0,
        source: planSource(query).kind,
        as_of: null,
        currency: null,
      };
    }
    const compiled = compileCostQuery(dialect, query);
    const ranking = compiled.ranking === null ? [] : await read(compiled.ranking);
    const top = ranking.map((r) => textOrNull(r.grp));
    const cells = compiled.ranking !== null && top.length === 0 ? [] : await read(compiled.series(top));
    const scope = await read(compiled.scope);
    return {
      ...shapeSeries(query, periods, top, cells),
      group_count: query.dimension === null ? 1 : Number(ranking[0]?.group_count ?? 0),
      source: compiled.source.kind,
      ...scopeFacts(scope),
    };
  };
  return {
    runCostQuery,
    dimensionValues: async (query) => {
      if (query.projectIds.length === 0) return [];
      const rows = await read(compileDimensionValues(dialect, { ...query, useRollups: true }));
      return rows.map((r) => ({ value: textOrNull(r.value), cost: Number(r.cost) }));
    },
    dimensionKeys: async (query) => {
      if (query.projectIds.length === 0) return [];
      const rows = await read(compileDimensionKeys(dialect, { ...query, useRollups: true }));
      return rows.map((r) => String(r.k));
    },
    dailyCost: async (query) => {
      const answer = await runCostQuery({
        ...query,
        start_date: query.from,
        end_date: query.to,
        granularity: 'day',
        dimension: null,
        cost_type: query.costType,
        filters: [],
        top_n: 1,
        useRollups: true,
      });
      const costs = answer.series[0]?.costs ?? [];
      return answer.periods.map((date, i) => ({ date, cost: costs[i] ?? 0 }));
    },
  };
}

/** Folds (period, slot, cost) rows into zero-filled series, top groups in rank order, Others last. */
function shapeSeries(
  query: WarehouseCostQuery,
  periods: string[],
  top: (string | null)[],
  cells: Record<string, unknown>[],
): Pick<WarehouseCostAnswer, 'periods' | 'series' | 'total'> {
  const index = new Map(periods.map((p, i) => [p, i]));
  const slots = new Map<number, CostSeries>();
  for (const cell of cells) {
    const slot = Number(cell.slot);
    let series = slots.get(slot);
    if (series === undefined) {
      series = newSeries(
        query.dimension === null ? 'total' : slot > top.length ? OTHERS_KEY : (top[slot - 1] ?? null),
        periods,
      );
      slots.set(slot, series);
    }
    const at = index.get(String(cell.period));
    if (at === undefined) throw new Error(`period ${String(cell.period)} outside the range`);
    series.costs[at] = (series.costs[at] ?? 0) + Number(cell.cost);
  }
  if (query.dimension === null && slots.size === 0) slots.set(1, totalSeries(periods));
  const series = [...slots.entries()].sort(([a], [b]) => a - b).map(([, s]) => s);
  for (const s of series) s.total = s.costs.reduce((sum, c) => sum + c, 0);
  return { periods, series, total: series.reduce((sum, s) => sum + s.total, 0) };
}

function newSeries(key: string | null, periods: string[]): CostSeries {
  const label = key === OTHERS_KEY ? OTHERS_LABEL : key === null ? NO_VALUE_LABEL : key;
  return { key, label, costs: periods.map(() => 0), total: 0 };
}

/** The one series of a query without a group-by. */
const totalSeries = (periods: string[]): CostSeries => ({
  key: 'total',
  label: 'Total',
  costs: periods.map(() => 0),
  total: 0,
});

function scopeFacts(rows: Record<string, unknown>[]): Pick<WarehouseCostAnswer, 'as_of' | 'currency'> {
  let asOf: string | null = null;
  let currency: string | null = null;
  let weight = -1;
  for (const row of rows) {
    const day = textOrNull(row.day);
    if (day !== null && (asOf === null || day > asOf)) asOf = day;
    const code = textOrNull(row.currency);
    if (code !== null && code !== '' && Number(row.weight) > weight) {
      weight = Number(row.weight);
      currency = code;
    }
  }
  return { as_of: asOf, currency };
}
