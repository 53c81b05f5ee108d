import { type CostSeries, NO_VALUE_LABEL, OTHERS_KEY, OTHERS_LABEL } from '@finlens/contracts/cost-query';
import { periodStarts } from '@finlens/cost-model/utc-calendar';
import { createResultCache, seriesAnswerBytes } from '../../platform/cache/result-cache';
import { CELLS_PER_TURN, pacer, yieldToEventLoop } from '../../platform/event-loop';
import {
  CELLS_LIMIT,
  type CompiledCostQuery,
  type CompiledSql,
  compileCostQuery,
  compileDimensionKeys,
  compileDimensionValues,
  type GroupValue,
  topNOf,
} from './compile-cost-query';
import type {
  CostQueryPort,
  CostStatement,
  StatementRead,
  WarehouseCostAnswer,
  WarehouseCostQuery,
} from './cost-query-port';
import { planSource } from './plan-source';
import type { SqlDialect } from './sql-dialect';

/** Runs one statement on an engine and returns its rows as plain JSON values. */
export type ReadRows = (statement: CompiledSql) => Promise<Record<string, unknown>[]>;
/** The same, by column (name → one value per row): wide answers of many rows without an object per row. */
export type ReadColumns = (statement: CompiledSql) => Promise<Record<string, unknown[]>>;

/** ReadColumns over an engine that answers by row: its rows turned into columns. */
export function byColumn(read: ReadRows): ReadColumns {
  return async (statement) => {
    const rows = await read(statement);
    const columns: Record<string, unknown[]> = {};
    for (const name of Object.keys(rows[0] ?? {})) columns[name] = rows.map((row) => row[name]);
    return columns;
  };
}

const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** Answers the result cache keeps per warehouse (least recently used dropped first). */
const CACHED_ANSWERS = 1000;
/** Bytes those answers may hold in all: one hourly answer of 500 groups over 6 months weighs ~18 MB. */
const CACHED_BYTES = 160_000_000;

/** (period, slot, cost) cells by column: the i-th cell is (period[i], slot[i], cost[i]). */
interface Cells {
  period: unknown[];
  slot: number[];
  cost: unknown[];
}

/** Rows of (period, slot, cost) as Cells. */
const cellsOfRows = (rows: Record<string, unknown>[]): Cells => ({
  period: rows.map((row) => row.period),
  slot: rows.map((row) => Number(row.slot)),
  cost: rows.map((row) => row.cost),
});

/**
 * The engine-neutral half of the cost-query port: compile with the dialect, run, shape the answer. Answers of a
 * scope with a data version are kept (the result cache every cost screen shares: Explorer, Home, reports,
 * dashboards, targets): the same question over the same data is answered without the warehouse, and any import
 * or restatement is a new version, so a kept answer is never stale. The cells statement, which may bring back
 * thousands of rows, is read by column (`readColumns`, where the engine reads so: no object per row).
 */
export function costQueryRunner(
  dialect: SqlDialect,
  read: ReadRows,
  readColumns: ReadColumns = byColumn(read),
): CostQueryPort {
  const answers = createResultCache<WarehouseCostAnswer>({
    maxEntries: CACHED_ANSWERS,
    maxWeight: CACHED_BYTES,
    weigh: seriesAnswerBytes,
  });
  const runCostQuery = async (query: WarehouseCostQuery): Promise<WarehouseCostAnswer> => {
    if (query.dataVersion === undefined) return answerOf(query);
    // The key is the whole question (scope, names, data version, rollups allowed); a copy goes out, so a caller
    // reshaping its answer never changes the kept one.
    return copyAnswer(await answers.get(JSON.stringify(query), () => answerOf(query)));
  };

  const answerOf = async (query: WarehouseCostQuery): Promise<WarehouseCostAnswer> => {
    const periods = periodStarts(query.start_date, query.end_date, query.granularity);
    if (query.projectIds.length === 0) {
      return {
        ...(await shapeSeries(query, periods, [], cellsOfRows([]))),
        group_count: query.dimension === null ? 1 : 0,
        source: planSource(query).kind,
        reads: [],
        as_of: null,
        currency: null,
      };
    }
    const compiled = compileCostQuery(dialect, query);
    // Each statement run, with the tables the plan has it read.
    const reads: StatementRead[] = [];
    const run = (statement: CostStatement, sql: CompiledSql) => {
      reads.push(...compiled.reads(statement));
      return read(sql);
    };
    const runColumns = (statement: CostStatement, sql: CompiledSql) => {
      reads.push(...compiled.reads(statement));
      return readColumns(sql);
    };
    const [answer, facts] = await Promise.all([
      runCells(query, compiled, run, runColumns),
      scopeFactsOf(query, compiled),
    ]);
    return {
      ...(await shapeSeries(query, periods, answer.top, answer.cells)),
      group_count: answer.groupCount,
      source: compiled.source.kind,
      reads,
      ...facts,
    };
  };

  /**
   * The cells of a question: one statement fetching every (period, group) cell, ranked and folded here, when the
   * group-by has few enough values; else the ranking and then the series statement.
   */
  const runCells = async (
    query: WarehouseCostQuery,
    compiled: CompiledCostQuery,
    run: (statement: CostStatement, sql: CompiledSql) => Promise<Record<string, unknown>[]>,
    runColumns: (statement: CostStatement, sql: CompiledSql) => Promise<Record<string, unknown[]>>,
  ): Promise<{ top: GroupValue[]; cells: Cells; groupCount: number }> => {
    if (compiled.cells !== null) {
      const { period = [], grp = [], cell_cost: cost = [] } = await runColumns('cells', compiled.cells);
      if (period.length <= CELLS_LIMIT) {
        if (query.dimension === null) {
          return { top: [], cells: { period, slot: period.map(() => 1), cost }, groupCount: 1 };
        }
        return foldCells({ period, grp, cost }, topNOf(query));
      }
    }
    const ranking = compiled.ranking === null ? [] : await run('ranking', compiled.ranking);
    const top = ranking.map((r) => textOrNull(r.grp));
    const groupCount = query.dimension === null ? 1 : Number(ranking[0]?.group_count ?? 0);
    if (compiled.ranking !== null && top.length === 0) return { top, cells: cellsOfRows([]), groupCount };
    const split = compiled.othersFromTotals;
    if (split === null)
      return { top, cells: cellsOfRows(await run('series', compiled.series(top))), groupCount };
    // Only the top groups' rows are grouped; Others is what the rest of each period's total leaves.
    const [topCells, totals] = await Promise.all([
      run('top cells', split.top(top)),
      groupCount > top.length ? run('period totals', split.totals) : Promise.resolve([]),
    ]);
    const cells = cellsOfRows([...topCells, ...othersCells(topCells, totals, top.length + 1)]);
    return { top, cells, groupCount };
  };

  // The scope's facts (newest day, currency) change only with its data: read once per data version.
  const facts = createResultCache<Pick<WarehouseCostAnswer, 'as_of' | 'currency'>>({ maxEntries: 1000 });
  const scopeFactsOf = (query: WarehouseCostQuery, compiled: CompiledCostQuery) => {
    const readFacts = async () => scopeFacts(await read(compiled.scope));
    if (query.dataVersion === undefined) return readFacts();
    return facts.get(
      JSON.stringify([query.clientId, query.projectIds, query.useRollups, query.dataVersion]),
      readFacts,
    );
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

/**
 * Others per period: the period's total less the top groups' cells in it (rows (period, slot, cost) for `slot`). A
 * difference within float noise of zero (a period whose cost is all top groups') is written as 0.
 */
function othersCells(
  topCells: Record<string, unknown>[],
  totals: Record<string, unknown>[],
  slot: number,
): Record<string, unknown>[] {
  const ofTop = new Map<string, number>();
  for (const cell of topCells) {
    const period = String(cell.period);
    ofTop.set(period, (ofTop.get(period) ?? 0) + Number(cell.cost));
  }
  return totals.map((row) => {
    const total = Number(row.cost);
    const others = total - (ofTop.get(String(row.period)) ?? 0);
    return {
      period: row.period,
      slot,
      cost: Math.abs(others) <= 1e-9 * Math.max(1, Math.abs(total)) ? 0 : others,
    };
  });
}

/** Code point order, as the engines compare text (UTF-8 bytes). */
const compareText = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * Ranks the groups of (period, grp, cost) cells as the ranking statement does — by total rounded to 1e-6
 * (float noise never reorders equal totals), ties by value, no value last — and gives each cell its slot: i for
 * the i-th of the top N, N + 1 for Others.
 */
function foldCells(
  { period, grp, cost }: { period: unknown[]; grp: unknown[]; cost: unknown[] },
  topN: number,
): { top: GroupValue[]; cells: Cells; groupCount: number } {
  const groups = grp.map(textOrNull);
  const totals = new Map<GroupValue, number>();
  for (const [i, group] of groups.entries()) totals.set(group, (totals.get(group) ?? 0) + Number(cost[i]));
  const rounded = (total: number) => Math.round(total * 1e6) / 1e6;
  const ranked = [...totals.entries()].sort(([a, x], [b, y]) => {
    const byTotal = rounded(y) - rounded(x);
    if (byTotal !== 0) return byTotal;
    if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
    return compareText(a, b);
  });
  const top = ranked.slice(0, topN).map(([group]) => group);
  const slots = new Map(top.map((group, i) => [group, i + 1]));
  const slot = groups.map((group) => slots.get(group) ?? top.length + 1);
  return { top, cells: { period, slot, cost }, groupCount: totals.size };
}

/**
 * A copy of a kept answer for one caller (who may reshape it), a few thousand series cells per turn of the event
 * loop: copying the heaviest answer (≈ 2.2M cells by the hour) in one go held every other request.
 */
async function copyAnswer(answer: WarehouseCostAnswer): Promise<WarehouseCostAnswer> {
  const pace = pacer(CELLS_PER_TURN);
  const series: CostSeries[] = [];
  for (const one of answer.series) {
    series.push({ ...one, costs: one.costs.slice() });
    await pace(one.costs.length);
  }
  return { ...answer, periods: answer.periods.slice(), series };
}

/**
 * Folds (period, slot, cost) rows into zero-filled series, top groups in rank order, Others last — a few thousand
 * cells (rows read, zeros filled, costs summed) per turn of the event loop, so other requests are answered between.
 */
async function shapeSeries(
  query: WarehouseCostQuery,
  periods: string[],
  top: (string | null)[],
  cells: Cells,
): Promise<Pick<WarehouseCostAnswer, 'periods' | 'series' | 'total'>> {
  const index = new Map(periods.map((p, i) => [p, i]));
  const slots = new Map<number, CostSeries>();
  let work = 0;
  for (const [i, slot] of cells.slot.entries()) {
    let series = slots.get(slot);
    if (series === undefined) {
      series = newSeries(
        query.dimension === null ? 'total' : slot > top.length ? OTHERS_KEY : (top[slot - 1] ?? null),
        periods,
      );
      slots.set(slot, series);
      work += periods.length;
    }
    const period = String(cells.period[i]);
    const at = index.get(period);
    if (at === undefined) throw new Error(`period ${period} outside the range`);
    series.costs[at] = (series.costs[at] ?? 0) + Number(cells.cost[i]);
    if (++work >= CELLS_PER_TURN) {
      work = 0;
      await yieldToEventLoop();
    }
  }
  if (query.dimension === null && slots.size === 0) slots.set(1, totalSeries(periods));
  const series = [...slots.entries()].sort(([a], [b]) => a - b).map(([, s]) => s);
  const pace = pacer(CELLS_PER_TURN);
  for (const s of series) {
    s.total = s.costs.reduce((sum, c) => sum + c, 0);
    await pace(s.costs.length);
  }
  return { periods, series, total: series.reduce((sum, s) => sum + s.total, 0) };
}

function newSeries(key: string | null, periods: string[]): CostSeries {
  const label = key === OTHERS_KEY ? OTHERS_LABEL : key === null ? NO_VALUE_LABEL : key;
  return { key, label, costs: new Array<number>(periods.length).fill(0), total: 0 };
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
