import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { CostQuery } from '@finlens/contracts/cost-query';
import { type Session, startExplorerServer } from './explorer-http.bench';
import {
  type ExplorerAnswer,
  type ExplorerCase,
  type MixQuestion,
  mixCases,
  questionMix,
  shiftAfter,
  topMismatches,
} from './explorer-queries';
import { serverModule } from './explorer-warehouse';
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

/**
 * Concurrent Explorer questions: the explorer-http bench's demo server (`--rows`, default 200k, `--quick` 20k),
 * asked by 1 and then 4 signed-in clients at once (each its own session) `--questions` different questions
 * (default 96, `--quick` 24: the five standard ones by day and by hour over windows ending a day earlier each
 * round, so the result cache never answers), then the same mixes as the hand-written top 10 + Others SQL on raw DuckDB by 1 and 4
 * connections of one instance of the same warehouse file (opened once the server has stopped: one process holds a
 * DuckDB file). Prints throughput (questions/s) and latency p50/p95 of each, the ratios against 1 client and
 * against raw DuckDB at the same concurrency, and the load average during each phase. The five questions are first
 * asked once over their standard windows (warm-up) and those answers must agree with the hand SQL to the cent.
 */
export async function benchExplorerConcurrency({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const rows = positiveInteger('rows', values.rows, quick ? 20_000 : 200_000);
  const count = positiveInteger('questions', values.questions, quick ? 24 : 96);
  const server = await startExplorerServer(rows, Math.max(...CLIENTS));
  const warmUps: { benchCase: ExplorerCase; answer: ExplorerAnswer }[] = [];
  const mixes = new Map<number, MixQuestion[]>();
  const finlens: Phase[] = [];
  let refused = 0;
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
    let firstShift = 1;
    for (const clients of CLIENTS) {
      const mix = questionMix(asOf, count, firstShift);
      firstShift = shiftAfter(mix);
      mixes.set(clients, mix);
      refused = 0;
      const phase = await timePhase(clients, mix, (client, q) =>
        ask(sessions[client] as Session, q.case.query),
      );
      finlens.push({ ...phase, refused });
      console.error(`explorer-concurrency ${rows}: Finlens, clients at once: ${clients}, done`);
    }
  } finally {
    await server.stop();
  }

  const raw = await openRawDuckDb(join(server.dataDir, 'warehouse.duckdb'), Math.max(...CLIENTS));
  const hand: Phase[] = [];
  try {
    for (const { benchCase, answer } of warmUps) {
      const problems = topMismatches(answer, await raw.ask(0, benchCase));
      if (problems.length > 0) {
        throw new Error(
          `explorer-concurrency: ${benchCase.name} — Finlens and the hand-written SQL disagree:\n${problems.slice(0, 20).join('\n')}`,
        );
      }
    }
    for (const clients of CLIENTS) {
      hand.push(await timePhase(clients, mixes.get(clients) ?? [], (c, q) => raw.ask(c, q.case)));
      console.error(`explorer-concurrency ${rows}: raw DuckDB, connections at once: ${clients}, done`);
    }
  } finally {
    raw.close();
  }
  return report(rows, finlens, hand);
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

function report(rows: number, finlens: Phase[], hand: Phase[]): Record<string, string> {
  const at = `at ${rows.toLocaleString('en-US')} rows`;
  const figures: Record<string, string> = {};
  const line = (p: Phase, one: Phase) =>
    `${p.perSecond.toFixed(2)} questions/s (${p.questions} in ${p.seconds.toFixed(1)} s), p50 / p95 ${p.p50Ms.toFixed(0)} / ${p.p95Ms.toFixed(0)} ms; against 1: throughput ${(p.perSecond / one.perSecond).toFixed(2)} ×, p50 ${(p.p50Ms / one.p50Ms).toFixed(2)} ×, p95 ${(p.p95Ms / one.p95Ms).toFixed(2)} ×; load average ${p.load} on ${cpus().length} cores${p.refused ? `; ${p.refused} refused with 429 and asked again` : ''}`;
  for (const [name, unit, phases] of [
    ['Finlens HTTP', 'clients', finlens],
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
    figures[`Finlens / raw DuckDB, ${p.clients} at once ${at}`] =
      `throughput ${ratio.toFixed(2)} ×, p50 ${(p.p50Ms / base.p50Ms).toFixed(2)} ×, p95 ${(p.p95Ms / base.p95Ms).toFixed(2)} ×${goal}`;
  });
  return figures;
}
