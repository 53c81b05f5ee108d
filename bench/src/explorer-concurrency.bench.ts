import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { CostQuery } from '@finlens/contracts/cost-query';
import {
  type BenchData,
  demoData,
  type Session,
  startExplorerServer,
  warehouseData,
} from './explorer-http.bench';
import {
  type ExplorerAnswer,
  type ExplorerCase,
  type MixQuestion,
  mixCases,
  questionMix,
  shiftAfter,
  topMismatches,
} from './explorer-queries';
import { ensureExplorerWarehouse, serverModule } from './explorer-warehouse';
import { positiveInteger, type SuiteOptions } from './options';
import { summarise } from './stats';

/** Issue goal: 4 clients' throughput at least 1.5 × raw DuckDB's at 4 connections on the same mix. */
const THROUGHPUT_GOAL = 1.5;
const CLIENTS = [1, 4] as const;

type Phase = {
  clients: number;
  questions: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  load: string;
  /** Questions the server refused with 429 (too many of one client's at once), then asked again. */
  refused?: number;
};

/** What the Finlens half of the bench leaves for the raw DuckDB half. */
type FinlensRun = {
  /** The five questions over their standard windows, answered by Finlens (checked against the hand SQL). */
  warmUps: { benchCase: ExplorerCase; answer: ExplorerAnswer }[];
  mixes: Map<number, MixQuestion[]>;
  phases: Phase[];
  /** The DuckDB file Finlens answered from (closed by now). */
  warehouseFile: string;
  label: string;
};

/**
 * Concurrent Explorer questions. `--warehouse=demo` (the default): the explorer-http bench's demo server (`--rows`,
 * default 200k, `--quick` 20k), asked by 1 and then 4 signed-in clients at once (each its own session) `--questions`
 * different questions (default 96, `--quick` 24: the five standard ones by day and by hour over windows ending a day
 * earlier each round, so the result cache never answers), then the same mixes as the hand-written top 10 + Others
 * SQL on raw DuckDB by 1 and 4 connections of one instance of the same warehouse file (opened once the server has
 * stopped: one process holds a DuckDB file). Prints throughput (questions/s) and latency p50/p95 of each, the ratios
 * against 1 client and against raw DuckDB at the same concurrency, and the load average during each phase. The five
 * questions are first asked once over their standard windows (warm-up) and those answers must agree with the hand
 * SQL to the cent. `--warehouse=explorer`: the explorer bench's warehouse instead (`--rows`, default 1M, `--quick`
 * 100k; 10M as the issue measures it: 13 months of the demo export imported by `finlens import`, no server or
 * simulated cloud to set up), Finlens asked in process — the warehouse store's runCostQuery with its read
 * connections, as the server's cost-explorer service calls it, without HTTP — by 1 and 4 callers at once; with
 * `--via=http`, through a server started on that warehouse instead, 1 and 4 signed-in clients of its bench admin.
 */
export async function benchExplorerConcurrency({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const warehouse = values.warehouse ?? 'demo';
  if (warehouse !== 'demo' && warehouse !== 'explorer') {
    throw new Error(`--warehouse must be demo or explorer (got ${warehouse})`);
  }
  const count = positiveInteger('questions', values.questions, quick ? 24 : 96);
  const rows =
    warehouse === 'demo'
      ? positiveInteger('rows', values.rows, quick ? 20_000 : 200_000)
      : positiveInteger('rows', values.rows, quick ? 100_000 : 1_000_000);
  const via = values.via ?? (warehouse === 'demo' ? 'http' : 'process');
  if (via !== 'http' && (via !== 'process' || warehouse === 'demo')) {
    throw new Error(`--via must be http, or process on --warehouse=explorer (got ${via})`);
  }
  const run =
    via === 'process'
      ? await inProcess(rows, count)
      : await overHttp(warehouse === 'demo' ? await demoData(rows) : await warehouseData(rows), count);
  const raw = await openRawDuckDb(run.warehouseFile, Math.max(...CLIENTS));
  const hand: Phase[] = [];
  try {
    for (const { benchCase, answer } of run.warmUps) {
      const problems = topMismatches(answer, await raw.ask(0, benchCase));
      if (problems.length > 0) {
        throw new Error(
          `explorer-concurrency: ${benchCase.name} — Finlens and the hand-written SQL disagree:\n${problems.slice(0, 20).join('\n')}`,
        );
      }
    }
    for (const clients of CLIENTS) {
      hand.push(await timePhase(clients, run.mixes.get(clients) ?? [], (c, q) => raw.ask(c, q.case)));
      console.error(`explorer-concurrency ${rows}: raw DuckDB, connections at once: ${clients}, done`);
    }
  } finally {
    raw.close();
  }
  return report(rows, run, hand);
}

/** Each number of clients' mix: disjoint windows, so no phase answers from another's cache. */
function mixesOf(asOf: string, count: number): Map<number, MixQuestion[]> {
  const mixes = new Map<number, MixQuestion[]>();
  let firstShift = 1;
  for (const clients of CLIENTS) {
    const mix = questionMix(asOf, count, firstShift);
    firstShift = shiftAfter(mix);
    mixes.set(clients, mix);
  }
  return mixes;
}

/** Finlens through HTTP: the demo server, one signed-in session per client. */
async function overHttp(data: BenchData, count: number): Promise<FinlensRun> {
  const { rows } = data;
  const server = await startExplorerServer(data, Math.max(...CLIENTS));
  const warmUps: FinlensRun['warmUps'] = [];
  const finlens: Phase[] = [];
  let refused = 0;
  let mixes = new Map<number, MixQuestion[]>();
  try {
    const ask = async (session: Session, query: CostQuery): Promise<ExplorerAnswer> => {
      const reply = await server.ask(session, query);
      if (reply.status === 429) {
        refused += 1;
        await new Promise((done) => setTimeout(done, 50));
        return ask(session, query);
      }
      if (reply.status !== 200) {
        throw new Error(`dimension_daily_cost answered ${reply.status}: ${reply.text.slice(0, 300)}`);
      }
      return JSON.parse(reply.text) as ExplorerAnswer;
    };
    const { sessions, asOf } = server;
    for (const benchCase of mixCases(asOf)) {
      warmUps.push({ benchCase, answer: await ask(sessions[0] as Session, benchCase.query) });
    }
    mixes = mixesOf(asOf, count);
    for (const clients of CLIENTS) {
      refused = 0;
      const phase = await timePhase(clients, mixes.get(clients) ?? [], (client, q) =>
        ask(sessions[client] as Session, q.case.query),
      );
      finlens.push({ ...phase, refused });
      console.error(`explorer-concurrency ${rows}: Finlens, clients at once: ${clients}, done`);
    }
  } finally {
    await server.stop();
  }
  return {
    warmUps,
    mixes,
    phases: finlens,
    warehouseFile: join(server.dataDir, 'warehouse.duckdb'),
    label: 'Finlens HTTP',
  };
}

/** The slice of the warehouse store the in-process run uses (apps/server/src/warehouse, loaded by path). */
type InProcessStore = {
  init(): Promise<string[]>;
  runCostQuery(query: Record<string, unknown>): Promise<ExplorerAnswer>;
  connection: {
    runAndReadAll(sql: string): Promise<{ getRowObjectsJson(): Record<string, unknown>[] }>;
  };
  close(): Promise<void>;
};

/**
 * Finlens in process on the explorer bench's warehouse: the store's runCostQuery (compiler, planner, rollups,
 * answer shaping, its read connections), with a data version as the server asks, by 1 and 4 callers at once.
 */
async function inProcess(rows: number, count: number): Promise<FinlensRun> {
  const warehouse = await ensureExplorerWarehouse(rows);
  const { openCostStore } = await import(serverModule('warehouse/open-cost-store.ts'));
  const store = (await openCostStore({ dataDir: warehouse.dataDir })) as InProcessStore;
  const warmUps: FinlensRun['warmUps'] = [];
  const phases: Phase[] = [];
  let mixes = new Map<number, MixQuestion[]>();
  try {
    // As the server does at start (an older warehouse gains its missing rollups here, untimed).
    await store.init();
    const [newest] = (
      await store.connection.runAndReadAll(
        "SELECT strftime(max(line_item_usage_start_date), '%Y-%m-%d') AS day FROM line_items",
      )
    ).getRowObjectsJson();
    const asOf = String(newest?.day);
    const ask = (query: CostQuery) =>
      store.runCostQuery({
        ...query,
        clientId: warehouse.clientId,
        projectIds: [warehouse.projectId],
        dataVersion: 'bench',
        useRollups: true,
      });
    for (const benchCase of mixCases(asOf)) {
      warmUps.push({ benchCase, answer: await ask(benchCase.query) });
    }
    mixes = mixesOf(asOf, count);
    for (const clients of CLIENTS) {
      phases.push(await timePhase(clients, mixes.get(clients) ?? [], (_, q) => ask(q.case.query)));
      console.error(`explorer-concurrency ${rows}: Finlens in process, callers at once: ${clients}, done`);
    }
  } finally {
    await store.close();
  }
  return {
    warmUps,
    mixes,
    phases,
    warehouseFile: join(warehouse.dataDir, 'warehouse.duckdb'),
    label: 'Finlens in process',
  };
}

/**
 * `clients` workers asking the mix's questions in order, each taking the next one not yet asked as soon as its
 * previous answer is read: throughput is questions over the wall time, latency each question's own.
 */
async function timePhase(
  clients: number,
  mix: readonly MixQuestion[],
  ask: (client: number, question: MixQuestion) => Promise<unknown>,
): Promise<Phase> {
  const before = loadavg()[0] ?? 0;
  const times: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let question = mix[next++]; question !== undefined; question = mix[next++]) {
        const at = process.hrtime.bigint();
        await ask(client, question);
        times.push(Number(process.hrtime.bigint() - at) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { p50Ms, p95Ms } = summarise(times);
  const after = loadavg()[0] ?? 0;
  return {
    clients,
    questions: times.length,
    seconds,
    perSecond: times.length / seconds,
    p50Ms,
    p95Ms,
    load: `${before.toFixed(1)} → ${after.toFixed(1)}`,
  };
}

/**
 * The warehouse file on a plain DuckDB instance (the server's memory limit, default threads) with one connection
 * per client; `ask` runs a case's hand-written top 10 + Others SQL on the client's connection and reads its rows.
 */
async function openRawDuckDb(path: string, connections: number) {
  const { CONFIG_DEFAULTS } = await import(serverModule('platform/config.ts'));
  const instance = await DuckDBInstance.create(path, {
    memory_limit: String(CONFIG_DEFAULTS.warehouseMemoryLimit),
  });
  const pool = await Promise.all(Array.from({ length: connections }, () => instance.connect()));
  const connectionOf = (client: number) => {
    const connection = pool[client];
    if (connection === undefined) throw new Error(`no connection for client ${client}`);
    return connection;
  };
  const [scope, ...others] = (
    await connectionOf(0).runAndReadAll('SELECT DISTINCT client_id, project_id FROM line_items')
  ).getRowObjectsJson();
  if (scope === undefined || others.length > 0) throw new Error('expected one project in the demo warehouse');
  return {
    ask: async (client: number, benchCase: ExplorerCase) => {
      const reader = await connectionOf(client).runAndReadAll(benchCase.handTopSql, [
        String(scope.client_id),
        String(scope.project_id),
        ...benchCase.handValues,
      ]);
      return reader.getRowObjectsJson();
    },
    close: () => {
      for (const connection of pool) connection.closeSync();
      instance.closeSync();
    },
  };
}

function report(rows: number, run: FinlensRun, hand: Phase[]): Record<string, string> {
  const finlens = run.phases;
  const at = `at ${rows.toLocaleString('en-US')} rows`;
  const figures: Record<string, string> = {};
  const line = (p: Phase, one: Phase) =>
    `${p.perSecond.toFixed(2)} questions/s (${p.questions} in ${p.seconds.toFixed(1)} s), p50 / p95 ${p.p50Ms.toFixed(0)} / ${p.p95Ms.toFixed(0)} ms; against 1: throughput ${(p.perSecond / one.perSecond).toFixed(2)} ×, p50 ${(p.p50Ms / one.p50Ms).toFixed(2)} ×, p95 ${(p.p95Ms / one.p95Ms).toFixed(2)} ×; load average ${p.load} on ${cpus().length} cores${p.refused ? `; ${p.refused} refused with 429 and asked again` : ''}`;
  for (const [name, unit, phases] of [
    [run.label, 'clients', finlens],
    ['raw DuckDB SQL', 'connections', hand],
  ] as const) {
    const one = phases[0] as Phase;
    for (const p of phases)
      figures[`${name}, ${p.clients} ${p.clients === 1 ? unit.slice(0, -1) : unit} ${at}`] = line(p, one);
  }
  finlens.forEach((p, i) => {
    const base = hand[i] as Phase;
    const ratio = p.perSecond / base.perSecond;
    const goal =
      p.clients === 4 ? `; goal ≥ ${THROUGHPUT_GOAL} × ${ratio >= THROUGHPUT_GOAL ? 'met' : 'not met'}` : '';
    figures[`${run.label} / raw DuckDB, ${p.clients} at once ${at}`] =
      `throughput ${ratio.toFixed(2)} ×, p50 ${(p.p50Ms / base.p50Ms).toFixed(2)} ×, p95 ${(p.p95Ms / base.p95Ms).toFixed(2)} ×${goal}`;
  });
  return figures;
}
