import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clickHouseRows, ensureClickHouseWarehouse } from './explorer-clickhouse';
import {
  answerMismatches,
  clickHouseString,
  type ExplorerAnswer,
  type ExplorerCase,
  explorerCases,
  type HandCell,
  topMismatches,
} from './explorer-queries';
import {
  answeredFrom,
  type ExplorerEngine,
  type ExplorerQueryResult,
  type ExplorerRun,
  explorerReadmeTable,
  loadAverage,
  mergeRuns,
  replaceReadmeSection,
  type StatementRead,
  withEngine,
} from './explorer-report';
import { ensureExplorerWarehouse, serverModule } from './explorer-warehouse';
import { positiveInteger, type SuiteOptions } from './options';
import { updateResultsFile } from './results-file';
import { sampleInTurns, summarise } from './stats';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = join(here, '..', 'results', 'explorer.json');
const README = join(here, '..', '..', 'README.md');
const WARMUP = 2;

/** The slice of the warehouse store this bench uses (apps/server/src/warehouse, loaded by path). */
type BenchStore = {
  init(): Promise<string[]>;
  runCostQuery(
    query: Record<string, unknown>,
  ): Promise<ExplorerAnswer & Pick<ExplorerQueryResult, 'source'> & { reads: StatementRead[] }>;
  close(): Promise<void>;
};

type DuckDbStore = BenchStore & {
  connection: {
    runAndReadAll(
      sql: string,
      values?: unknown[],
    ): Promise<{ getRowObjectsJson(): Record<string, unknown>[] }>;
  };
};

/** One engine's warehouse as the timing loop sees it: the store, and the hand-written SQL on the same engine. */
type EngineUnderTest = {
  engine: ExplorerEngine;
  server?: string;
  rows: number;
  importSeconds?: number;
  scope: { clientId: string; projectId: string };
  store: BenchStore;
  newestDay(): Promise<string>;
  hand(benchCase: ExplorerCase): Promise<Record<string, unknown>[]>;
  /** The hand-written SQL the bench times: top N + Others where the engine's hand SQL has that shape. */
  handTop(benchCase: ExplorerCase): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
};

const ENGINES: readonly ExplorerEngine[] = ['duckdb', 'clickhouse'];

/**
 * Server latency of the six standard Explorer queries on a demo CUR 2.0 warehouse (1M line items; 100k with
 * --quick; `--rows=N`, `--runs=N`), through the warehouse store's runCostQuery — the compiler, the planner
 * (rollup or line items) and the answer's shaping, as the cost-explorer service calls it — beside hand-written
 * SQL over the raw line items on the same engine: a plain connection of the same DuckDB database, or
 * ClickHouse's HTTP interface (`--engine=clickhouse`: CLICKHOUSE_URL, else a local clickhouse-server). Both
 * answers must agree to the cent, else the bench fails. Writes bench/results/explorer.json and the README's
 * Explorer table.
 */
export async function benchExplorer({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const rows = positiveInteger('rows', values.rows, quick ? 100_000 : 1_000_000);
  const runs = positiveInteger('runs', values.runs, quick ? 5 : 20);
  const engine = (values.engine ?? 'duckdb') as ExplorerEngine;
  if (!ENGINES.includes(engine)) throw new Error(`--engine must be one of ${ENGINES.join(', ')}`);
  const underTest = engine === 'duckdb' ? await openDuckDb(rows) : await openClickHouse(rows);
  const { store, scope } = underTest;
  const before = loadAverage(loadavg());
  const queries: ExplorerQueryResult[] = [];
  try {
    // As the server does at start: brings a warehouse imported by an older version up to the current schema.
    await store.init();
    const asOf = await underTest.newestDay();
    for (const benchCase of explorerCases(asOf)) {
      const query = { ...benchCase.query, ...scopeOf(scope), useRollups: true };
      let run = 0;
      const finlens = () => store.runCostQuery({ ...query, benchRun: ++run });
      const hand = () => underTest.handTop(benchCase);
      const answer = await finlens();
      const cells: HandCell[] = (await underTest.hand(benchCase)).map((r) => ({
        period: String(r.period),
        grp: r.grp === null ? null : String(r.grp),
        cost: Number(r.cost),
      }));
      const problems = [...answerMismatches(answer, cells), ...topMismatches(answer, await hand())];
      if (problems.length > 0) {
        throw new Error(
          `explorer bench (${engine}): ${benchCase.name} — Finlens and the hand-written SQL disagree:\n${problems.slice(0, 20).join('\n')}`,
        );
      }
      const [finlensTimes, handTimes] = await sampleInTurns([finlens, hand], runs, WARMUP);
      const finlensSummary = summarise(finlensTimes ?? []);
      const handSummary = summarise(handTimes ?? []);
      queries.push({
        name: benchCase.name,
        description: benchCase.description,
        source: answer.source,
        reads: answer.reads,
        groups: answer.group_count,
        total: Math.round(answer.total * 100) / 100,
        finlens: finlensSummary,
        handSql: handSummary,
        ratio: finlensSummary.p50Ms / handSummary.p50Ms,
      });
      console.error(`explorer ${engine} ${rows}: ${benchCase.name} done`);
    }
  } finally {
    await underTest.close();
  }
  const run: ExplorerRun = {
    engine,
    ...(underTest.server === undefined ? {} : { server: underTest.server }),
    date: new Date().toISOString(),
    rows: underTest.rows,
    ...(underTest.importSeconds === undefined ? {} : { importSeconds: underTest.importSeconds }),
    warmup: WARMUP,
    loadAverage: { before, after: loadAverage(loadavg()) },
    queries,
  };
  // Replaces an earlier run of the same engine and size.
  const all = updateResultsFile<ExplorerRun>(RESULTS_FILE, (earlier) =>
    mergeRuns(earlier.map(withEngine), run),
  );
  writeFileSync(
    README,
    replaceReadmeSection(readFileSync(README, 'utf8'), explorerReadmeTable(all, cpus().length)),
  );
  return Object.fromEntries(
    queries.map((q) => [
      `${engine} ${run.rows.toLocaleString('en-US')} rows: ${q.description} (${answeredFrom(q)}) p50 / p95 ms, hand SQL p50 / p95 ms, ratio`,
      `${q.finlens.p50Ms.toFixed(1)} / ${q.finlens.p95Ms.toFixed(1)}, ${q.handSql.p50Ms.toFixed(1)} / ${q.handSql.p95Ms.toFixed(1)}, ${q.ratio.toFixed(2)}`,
    ]),
  );
}

// With a data version, as the server reads it (cost-scope.ts): the bench's warehouse does not change while it runs,
// so the scope's facts are read once, as on the server. Each timed run asks under its own `benchRun` so that the
// answer cache (which keys on the whole question) never answers: these figures are of questions not asked before.
const scopeOf = (scope: { clientId: string; projectId: string }) => ({
  clientId: scope.clientId,
  projectIds: [scope.projectId],
  dataVersion: 'bench',
});

/** The DuckDB warehouse (DATA_DIR/warehouse.duckdb); the hand-written SQL runs on the store's own connection. */
async function openDuckDb(rows: number): Promise<EngineUnderTest> {
  const warehouse = await ensureExplorerWarehouse(rows);
  const { openCostStore } = await import(serverModule('warehouse/open-cost-store.ts'));
  const store = (await openCostStore({ dataDir: warehouse.dataDir })) as DuckDbStore;
  const read = async (sql: string, params: unknown[]) =>
    (await store.connection.runAndReadAll(sql, params)).getRowObjectsJson();
  const scope = { clientId: warehouse.clientId, projectId: warehouse.projectId };
  return {
    engine: 'duckdb',
    rows: warehouse.rows,
    scope,
    store,
    newestDay: async () => {
      const [row] = await read(
        "SELECT strftime(max(line_item_usage_start_date), '%Y-%m-%d') AS day FROM line_items",
        [],
      );
      return String(row?.day);
    },
    hand: (benchCase) => read(benchCase.handSql, [scope.clientId, scope.projectId, ...benchCase.handValues]),
    handTop: (benchCase) =>
      read(benchCase.handTopSql, [scope.clientId, scope.projectId, ...benchCase.handValues]),
    close: () => store.close(),
  };
}

/** The ClickHouse warehouse; the hand-written SQL goes to the same server over its HTTP interface. */
async function openClickHouse(rows: number): Promise<EngineUnderTest> {
  const { warehouse, clickHouse } = await ensureClickHouseWarehouse(rows);
  const { url } = clickHouse;
  try {
    const { openCostStore } = await import(serverModule('warehouse/open-cost-store.ts'));
    const store = (await openCostStore({ dataDir: warehouse.dataDir, clickhouseUrl: url })) as BenchStore;
    const scope = { clientId: warehouse.clientId, projectId: warehouse.projectId };
    const [version] = await clickHouseRows(url, 'SELECT version() AS v');
    return {
      engine: 'clickhouse',
      server: `ClickHouse ${String(version?.v)}`,
      rows: warehouse.rows,
      importSeconds: Math.round(warehouse.importSeconds * 10) / 10,
      scope,
      store,
      newestDay: async () => {
        const [row] = await clickHouseRows(
          url,
          `SELECT formatDateTime(max(line_item_usage_start_date), '%Y-%m-%d') AS day FROM line_items WHERE project_id = ${clickHouseString(scope.projectId)}`,
        );
        return String(row?.day);
      },
      hand: (benchCase) => clickHouseRows(url, benchCase.clickHouseSql(scope)),
      // ClickHouse 18.16 has no CTEs: its hand SQL stays the every-cell aggregate.
      handTop: (benchCase) => clickHouseRows(url, benchCase.clickHouseSql(scope)),
      close: async () => {
        await store.close();
        await clickHouse.stop();
      },
    };
  } catch (error) {
    await clickHouse.stop();
    throw error;
  }
}
