/**
 * The explorer benchmark's results file and the README table made from it (pure: no I/O here).
 */
type Summary = { runs: number; p50Ms: number; p95Ms: number; maxMs: number };

/** A table one statement of a Finlens answer read (the warehouse answer's `reads`, run-cost-query.ts). */
export type StatementRead = { statement: string; table: string; days?: string };

export type ExplorerQueryResult = {
  name: string;
  description: string;
  source: 'rollup' | 'line_items';
  /** What each statement of the answer read, in the order run; absent from runs written before it was kept. */
  reads?: StatementRead[];
  groups: number;
  total: number;
  finlens: Summary;
  handSql: Summary;
  /** Finlens p50 ÷ hand-written SQL p50: below 1 is faster than the plain aggregate over line items. */
  ratio: number;
};

type LoadAverage = { '1m': number; '5m': number; '15m': number };

/** os.loadavg() as the results file keeps it. */
export function loadAverage([one, five, fifteen]: number[]): LoadAverage {
  return { '1m': one ?? 0, '5m': five ?? 0, '15m': fifteen ?? 0 };
}

export type ExplorerEngine = 'duckdb' | 'clickhouse';
const ENGINE_NAMES: Record<ExplorerEngine, string> = { duckdb: 'DuckDB', clickhouse: 'ClickHouse' };

export type ExplorerRun = {
  /** The warehouse engine; runs written before ClickHouse was benchmarked have none and were DuckDB. */
  engine: ExplorerEngine;
  /** The engine's own version text, when known (ClickHouse's `version()`). */
  server?: string;
  date: string;
  rows: number;
  /** Seconds Finlens's import of the demo export into this warehouse took (ClickHouse: imported by the bench). */
  importSeconds?: number;
  warmup: number;
  /** The load average before and after the measurements (an object: Biome keeps arrays of JSON on one line). */
  loadAverage: { before: LoadAverage; after: LoadAverage };
  queries: ExplorerQueryResult[];
};

export const README_START = '<!-- explorer-bench:start -->';
export const README_END = '<!-- explorer-bench:end -->';

const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));
const load = (l: LoadAverage) => [l['1m'], l['5m'], l['15m']].map((v) => v.toFixed(1)).join(' / ');

/**
 * Where an answer was read from, as the README's "answered from" column says it: each table its statements read, in
 * the order first read, with the statements (and their days when not the whole range) —
 * `cost_rollup_weekly_resources (ranking over full weeks) + line_items (ranking over edge days, top cells)`. A run
 * written before the statements were kept says only the planner's source (rollup or line_items).
 */
export function answeredFrom(query: Pick<ExplorerQueryResult, 'source' | 'reads'>): string {
  if (query.reads === undefined || query.reads.length === 0) return query.source;
  const byTable = new Map<string, string[]>();
  for (const read of query.reads) {
    const uses = byTable.get(read.table) ?? [];
    const use = read.days === undefined ? read.statement : `${read.statement} over ${read.days}`;
    if (!uses.includes(use)) uses.push(use);
    byTable.set(read.table, uses);
  }
  return [...byTable].map(([table, uses]) => `${table} (${uses.join(', ')})`).join(' + ');
}

/** A run as read from the results file: one without an engine ran on DuckDB. */
export function withEngine(run: Omit<ExplorerRun, 'engine'> & { engine?: ExplorerEngine }): ExplorerRun {
  return { ...run, engine: run.engine ?? 'duckdb' };
}

/** Earlier runs with this run's engine and size replaced; smallest size first, DuckDB before ClickHouse. */
export function mergeRuns(earlier: readonly ExplorerRun[], run: ExplorerRun): ExplorerRun[] {
  const order = (r: ExplorerRun) => Object.keys(ENGINE_NAMES).indexOf(r.engine);
  return [...earlier.filter((e) => e.rows !== run.rows || e.engine !== run.engine), run].sort(
    (a, b) => a.rows - b.rows || order(a) - order(b),
  );
}

/**
 * The README's Explorer table: one row per engine, size and query (the hand-written SQL runs on the same
 * engine), then when and under what load each ran — marked "under load" when the 1-minute load average
 * before or after exceeded the machine's `cores`, so those figures are not read as a quiet machine's.
 */
export function explorerReadmeTable(runs: readonly ExplorerRun[], cores: number): string {
  const lines = [
    '| engine | line items | query | answered from | p50 ms | p95 ms | hand SQL p50 ms | hand SQL p95 ms | p50 ÷ hand SQL |',
    '| ------ | ---------- | ----- | ------------- | ------ | ------ | --------------- | --------------- | -------------- |',
  ];
  for (const run of runs) {
    for (const q of run.queries) {
      lines.push(
        `| ${ENGINE_NAMES[run.engine]} | ${run.rows.toLocaleString('en-US')} | ${q.description} | ${answeredFrom(q)} | ${ms(q.finlens.p50Ms)} | ${ms(q.finlens.p95Ms)} | ${ms(q.handSql.p50Ms)} | ${ms(q.handSql.p95Ms)} | ${q.ratio.toFixed(2)} |`,
      );
    }
  }
  lines.push('');
  for (const run of runs) {
    const runsEach = run.queries[0]?.finlens.runs ?? 0;
    const busy = Math.max(run.loadAverage.before['1m'], run.loadAverage.after['1m']) > cores;
    const engine = run.server === undefined ? ENGINE_NAMES[run.engine] : run.server;
    lines.push(
      `- ${engine}, ${run.rows.toLocaleString('en-US')} line items: ${run.date.slice(0, 16).replace('T', ' ')} UTC, ${runsEach} timed runs per query after ${run.warmup} warm-up runs; load average (1 / 5 / 15 min) ${load(run.loadAverage.before)} before, ${load(run.loadAverage.after)} after${busy ? ` — under load (above the ${cores} cores): not a quiet machine's figures` : ''}.`,
    );
  }
  return lines.join('\n');
}

/** The README with the text between the explorer markers replaced; an error when the markers are missing. */
export function replaceReadmeSection(readme: string, section: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${README_START} … ${README_END} section`);
  return `${readme.slice(0, start + README_START.length)}\n${section}\n${readme.slice(end)}`;
}
