import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerMismatches, type ExplorerAnswer, explorerCases, type HandCell } from './explorer-queries';
import {
  type ExplorerQueryResult,
  type ExplorerRun,
  explorerReadmeTable,
  loadAverage,
  mergeRuns,
  replaceReadmeSection,
} from './explorer-report';
import { ensureExplorerWarehouse, serverModule } from './explorer-warehouse';
import { positiveInteger, type SuiteOptions } from './options';
import { sampleInTurns, summarise } from './stats';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = join(here, '..', 'results', 'explorer.json');
const README = join(here, '..', '..', 'README.md');
const WARMUP = 2;

/** The slice of the warehouse store this bench uses (apps/server/src/warehouse, loaded by path). */
type BenchStore = {
  connection: {
    runAndReadAll(
      sql: string,
      values?: unknown[],
    ): Promise<{ getRowObjectsJson(): Record<string, unknown>[] }>;
  };
  init(): Promise<string[]>;
  runCostQuery(query: Record<string, unknown>): Promise<ExplorerAnswer & { source: 'rollup' | 'line_items' }>;
  close(): Promise<void>;
};

/**
 * Server latency of the six standard Explorer queries on a demo CUR 2.0 warehouse (1M line items; 100k with
 * --quick; `--rows=N`, `--runs=N`), through the warehouse store's runCostQuery — the compiler, the planner
 * (rollup or line items) and the answer's shaping, as the cost-explorer service calls it — beside hand-written
 * SQL over the raw line items on a plain connection of the same DuckDB database. Both answers must agree to the
 * cent, else the bench fails. Writes bench/results/explorer.json and the README's Explorer table.
 */
export async function benchExplorer({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const rows = positiveInteger('rows', values.rows, quick ? 100_000 : 1_000_000);
  const runs = positiveInteger('runs', values.runs, quick ? 5 : 20);
  const warehouse = await ensureExplorerWarehouse(rows);
  const { openCostStore } = await import(serverModule('warehouse/open-cost-store.ts'));
  const store = (await openCostStore({ dataDir: warehouse.dataDir })) as BenchStore;
  // As the server does at start: brings a warehouse imported by an older version up to the current schema.
  await store.init();
  const before = loadAverage(loadavg());
  const queries: ExplorerQueryResult[] = [];
  try {
    const newest = await store.connection.runAndReadAll(
      "SELECT strftime(max(line_item_usage_start_date), '%Y-%m-%d') AS day FROM line_items",
    );
    const asOf = String(newest.getRowObjectsJson()[0]?.day);
    for (const benchCase of explorerCases(asOf)) {
      const query = {
        ...benchCase.query,
        clientId: warehouse.clientId,
        projectIds: [warehouse.projectId],
        useRollups: true,
      };
      const finlens = () => store.runCostQuery(query);
      const hand = async () =>
        (
          await store.connection.runAndReadAll(benchCase.handSql, [
            warehouse.clientId,
            warehouse.projectId,
            ...benchCase.handValues,
          ])
        ).getRowObjectsJson();
      const answer = await finlens();
      const cells: HandCell[] = (await hand()).map((r) => ({
        period: String(r.period),
        grp: r.grp === null ? null : String(r.grp),
        cost: Number(r.cost),
      }));
      const problems = answerMismatches(answer, cells);
      if (problems.length > 0) {
        throw new Error(
          `explorer bench: ${benchCase.name} — Finlens and the hand-written SQL disagree:\n${problems.slice(0, 20).join('\n')}`,
        );
      }
      const [finlensTimes, handTimes] = await sampleInTurns([finlens, hand], runs, WARMUP);
      const finlensSummary = summarise(finlensTimes ?? []);
      const handSummary = summarise(handTimes ?? []);
      queries.push({
        name: benchCase.name,
        description: benchCase.description,
        source: answer.source,
        groups: answer.group_count,
        total: Math.round(answer.total * 100) / 100,
        finlens: finlensSummary,
        handSql: handSummary,
        ratio: finlensSummary.p50Ms / handSummary.p50Ms,
      });
      console.error(`explorer ${rows}: ${benchCase.name} done`);
    }
  } finally {
    await store.close();
  }
  const run: ExplorerRun = {
    date: new Date().toISOString(),
    rows: warehouse.rows,
    warmup: WARMUP,
    loadAverage: { before, after: loadAverage(loadavg()) },
    queries,
  };
  const all = writeResults(run);
  writeFileSync(README, replaceReadmeSection(readFileSync(README, 'utf8'), explorerReadmeTable(all)));
  return Object.fromEntries(
    queries.map((q) => [
      `${run.rows.toLocaleString('en-US')} rows: ${q.description} (${q.source}) p50 / p95 ms, hand SQL p50 / p95 ms, ratio`,
      `${q.finlens.p50Ms.toFixed(1)} / ${q.finlens.p95Ms.toFixed(1)}, ${q.handSql.p50Ms.toFixed(1)} / ${q.handSql.p95Ms.toFixed(1)}, ${q.ratio.toFixed(2)}`,
    ]),
  );
}

/** Adds this run to the results file, replacing an earlier run of the same size; returns every run kept. */
function writeResults(run: ExplorerRun): ExplorerRun[] {
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  const earlier = existsSync(RESULTS_FILE)
    ? ((JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { results?: ExplorerRun[] }).results ?? [])
    : [];
  const results = mergeRuns(earlier, run);
  const machine = {
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ machine, results }, null, 2)}\n`);
  return results;
}
