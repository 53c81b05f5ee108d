import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOUD_ACCOUNT_PATHS, type CloudAccount } from '@finlens/contracts/cloud-accounts';
import { COST_EXPLORER_PATHS } from '@finlens/contracts/cost-explorer';
import { type CostQuery, costQueryToParams } from '@finlens/contracts/cost-query';
import { CSRF_COOKIE, CSRF_HEADER } from '@finlens/contracts/session';
import { startServer } from '../../e2e/support/start-server';
import { explorerCases, type MixQuestion, mixCases, questionMix } from './explorer-queries';
import {
  type BenchAccount,
  ensureExplorerWarehouse,
  ensureWarehouseAdmin,
  serverModule,
} from './explorer-warehouse';
import { positiveInteger, type SuiteOptions } from './options';
import { sample, summarise } from './stats';

const here = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = join(here, '..', '..');
const DEMO_PASSWORD = 'Bench!Explorer1';
const DEMO_EMAIL = 'demo@finlens.local';
/** Issue goal: an identical repeated question is answered through HTTP with p95 ≤ 20 ms (the result cache). */
const REPEATED_P95_GOAL_MS = 20;

/**
 * Repeated Explorer questions through HTTP: a server started as `npm start` starts it on the bench's data
 * (`benchData`: the demo organisation by default — `finlens demo --rows N --months 3`, 200k line items, 20k with
 * --quick, kept in bench/.tmp/explorer-http-<rows> — or, `--warehouse=explorer`, the explorer bench's warehouse: 1M
 * line items by default, 100k with --quick, `--rows=10000000` as the issue measures), signed in as its admin over
 * one keep-alive connection. For each of the explorer bench's six questions: the first ask, then the same question
 * `--runs` times (default 40) — answered by the result cache — and the same with If-None-Match (304, no body).
 * Latency is the client's: request sent to body read. Each line says whether the repeated p95 meets the goal
 * (≤ 20 ms), and a last line how many questions met it. Then the five questions by day and by hour `--uncached`
 * times each (default 20, `--quick` 10) over windows ending 1…N days earlier, never asked before, through HTTP and —
 * once the server has stopped — in process on the same warehouse (`timeInProcess`): each line says whether the
 * HTTP p95 is within 1.2 × the in-process p95 + 5 ms (the goal).
 */
export async function benchExplorerHttp({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const data = await benchData({ quick, values });
  const { rows } = data;
  const at = data.label;
  const runs = positiveInteger('runs', values.runs, 40);
  const uncachedRuns = positiveInteger('uncached', values.uncached, quick ? 10 : 20);
  const server = await startExplorerServer(data, 1);
  const session = server.sessions[0] as Session;
  const uncached = questionMix(server.asOf, uncachedRuns * mixCases(server.asOf).length, 1);
  const httpTimes = new Map<string, number[]>();
  const figures: Record<string, string | number> = {};
  let met = 0;
  let asked = 0;
  try {
    const ask = async (query: CostQuery, etag?: string) => {
      const reply = await server.ask(session, query, etag);
      if (reply.status !== 200 && reply.status !== 304) {
        throw new Error(`dimension_daily_cost answered ${reply.status}: ${reply.text.slice(0, 300)}`);
      }
      return reply;
    };
    for (const benchCase of explorerCases(server.asOf)) {
      const started = process.hrtime.bigint();
      const first = await ask(benchCase.query);
      const firstMs = Number(process.hrtime.bigint() - started) / 1e6;
      const repeated = summarise(await sample(() => ask(benchCase.query), runs, 1));
      const revalidated = summarise(
        await sample(
          async () => {
            const answer = await ask(benchCase.query, first.etag);
            if (answer.status !== 304)
              throw new Error(`expected 304 for a matching ETag, got ${answer.status}`);
          },
          runs,
          1,
        ),
      );
      const meets = repeated.p95Ms <= REPEATED_P95_GOAL_MS;
      asked += 1;
      if (meets) met += 1;
      const verdict = `goal p95 ≤ ${REPEATED_P95_GOAL_MS} ms ${meets ? 'met' : 'not met'}`;
      const line = `first ${firstMs.toFixed(1)} ms; repeated p50/p95 ${repeated.p50Ms.toFixed(1)} / ${repeated.p95Ms.toFixed(1)} ms (${verdict}); 304 p50/p95 ${revalidated.p50Ms.toFixed(1)} / ${revalidated.p95Ms.toFixed(1)} ms`;
      console.error(`explorer-http ${rows}: ${benchCase.name}: ${line}`);
      figures[`${benchCase.name} at ${at}`] = line;
    }
    figures[`repeated p95 ≤ ${REPEATED_P95_GOAL_MS} ms at ${at}`] = `${met} of ${asked} questions`;
    // Questions not asked before: each case over windows ending 1…N days before the data's last day.
    for (const q of uncached) {
      const started = process.hrtime.bigint();
      await ask(q.case.query);
      pushTime(httpTimes, q.case.name, Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    await server.stop();
  }
  const askedFirst = explorerCases(server.asOf).map((c) => c.query);
  const inProcessTimes = await timeInProcess(server.dataDir, askedFirst, uncached);
  let within = 0;
  for (const name of new Set(uncached.map((q) => q.case.name))) {
    const http = summarise(httpTimes.get(name) ?? []);
    const local = summarise(inProcessTimes.get(name) ?? []);
    const limit = HTTP_OVERHEAD_GOAL.factor * local.p95Ms + HTTP_OVERHEAD_GOAL.plusMs;
    const meets = http.p95Ms <= limit;
    if (meets) within += 1;
    const line = `HTTP p50/p95 ${http.p50Ms.toFixed(1)} / ${http.p95Ms.toFixed(1)} ms, in process ${local.p50Ms.toFixed(1)} / ${local.p95Ms.toFixed(1)} ms, p95 ratio ${(http.p95Ms / local.p95Ms).toFixed(2)} × (goal ≤ ${HTTP_OVERHEAD_GOAL.factor} × + ${HTTP_OVERHEAD_GOAL.plusMs} ms = ${limit.toFixed(1)} ms ${meets ? 'met' : 'not met'}; ${http.runs} questions not asked before)`;
    console.error(`explorer-http ${rows}: ${name} uncached: ${line}`);
    figures[`${name} not asked before at ${at}`] = line;
  }
  figures[
    `HTTP p95 ≤ ${HTTP_OVERHEAD_GOAL.factor} × in-process p95 + ${HTTP_OVERHEAD_GOAL.plusMs} ms at ${at}`
  ] = `${within} of ${new Set(uncached.map((q) => q.case.name)).size} questions`;
  return figures;
}

/** Issue goal: through HTTP, a question's p95 is at most 1.2 × its in-process p95 + 5 ms. */
const HTTP_OVERHEAD_GOAL = { factor: 1.2, plusMs: 5 };

function pushTime(times: Map<string, number[]>, name: string, ms: number): void {
  const list = times.get(name);
  if (list === undefined) times.set(name, [ms]);
  else list.push(ms);
}

/**
 * The same questions in process, once the server has stopped (one process holds a DuckDB file): the warehouse store's
 * runCostQuery on the demo's warehouse (compiler, planner, answer shaping — what the cost-explorer service calls),
 * with a data version as the server has. First, untimed, `askedFirst`: what the server was asked before its timed
 * questions (each case once), so DuckDB has read each case's tables on both sides (with only the mix's first two
 * questions, the other cases' first timed asks read cold columns and counted only in process). Each timed question
 * is new to the store's caches. Not timed here, and done by the server for each: the session and scope, the
 * service's granularity and forecast checks, the JSON, compression and the send.
 */
async function timeInProcess(
  dataDir: string,
  askedFirst: readonly CostQuery[],
  questions: readonly MixQuestion[],
): Promise<Map<string, number[]>> {
  const { openCostStore } = await import(serverModule('warehouse/open-cost-store.ts'));
  const store = await openCostStore({ dataDir });
  const times = new Map<string, number[]>();
  try {
    await store.init();
    const reader = await store.connection.runAndReadAll(
      'SELECT DISTINCT client_id, project_id FROM line_items',
    );
    const [scope, ...others] = reader.getRowObjectsJson() as { client_id: string; project_id: string }[];
    if (scope === undefined || others.length > 0)
      throw new Error('expected one project in the demo warehouse');
    const ask = (query: CostQuery, run: number) =>
      store.runCostQuery({
        ...query,
        clientId: String(scope.client_id),
        projectIds: [String(scope.project_id)],
        dataVersion: 'bench',
        useRollups: true,
        benchRun: run,
      });
    let run = 0;
    for (const query of askedFirst) await ask(query, --run);
    for (const q of questions) {
      const started = process.hrtime.bigint();
      await ask(q.case.query, ++run);
      pushTime(times, q.case.name, Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    await store.close();
  }
  return times;
}

export type Session = Record<string, string>;

/** An Explorer answer as read by a bench client: its status, ETag and body text. */
type ExplorerReply = { status: number; etag: string; text: string };

/** Where a bench's server runs and who signs in there. */
export type BenchData = {
  kind: 'demo' | 'explorer';
  /** The line items asked for (`--rows`). */
  rows: number;
  dataDir: string;
  account: BenchAccount;
  /** How the figures name the data: `200000 rows`, `10000000 rows of the explorer warehouse`. */
  label: string;
};

const DEMO_ACCOUNT: BenchAccount = { email: DEMO_EMAIL, password: DEMO_PASSWORD };

/** The demo organisation of `rows` line items (`ensureDemo`), signed in as its admin. */
export async function demoData(rows: number): Promise<BenchData> {
  return {
    kind: 'demo',
    rows,
    dataDir: await ensureDemo(rows),
    account: DEMO_ACCOUNT,
    label: `${rows} rows`,
  };
}

/**
 * The data the HTTP and browser benches start their server on: `--warehouse=demo` (the default) the demo organisation
 * (`--rows`, default 200k, `--quick` 20k), whose simulated cloud the server collects first; `--warehouse=explorer` the
 * explorer bench's warehouse (`ensureExplorerWarehouse`: 13 months of the demo export imported by `finlens import`,
 * `--rows` default 1M, `--quick` 100k; 10M as the issue measures it, no demo to generate), signed in as its bench
 * admin (`ensureWarehouseAdmin`).
 */
export async function benchData({ quick, values }: SuiteOptions): Promise<BenchData> {
  const warehouse = values.warehouse ?? 'demo';
  if (warehouse === 'demo') return demoData(positiveInteger('rows', values.rows, quick ? 20_000 : 200_000));
  if (warehouse !== 'explorer') throw new Error(`--warehouse must be demo or explorer (got ${warehouse})`);
  return warehouseData(positiveInteger('rows', values.rows, quick ? 100_000 : 1_000_000));
}

/** The explorer bench's warehouse of `rows` line items, signed in as its bench admin. */
export async function warehouseData(rows: number): Promise<BenchData> {
  const explorer = await ensureExplorerWarehouse(rows);
  return {
    kind: 'explorer',
    rows,
    dataDir: explorer.dataDir,
    account: await ensureWarehouseAdmin(explorer),
    label: `${rows} rows of the explorer warehouse`,
  };
}

/**
 * The server both HTTP benches of the Explorer time: started as `npm start` starts it on the bench's data folder
 * (one signed-in client here asks hundreds of times a minute), `clients` sessions of its admin, once no inventory
 * collection runs (`waitForCollection`) and the server is idle (`waitForIdle`); `asOf`, the data's last day, as the
 * Explorer itself answers it. `ask` sends a question as the web app does (`askExplorer`).
 */
export async function startExplorerServer(data: BenchData, clients: number) {
  const server = await startServer({
    dataDir: data.dataDir,
    env: { SESSION_RATE_LIMIT_PER_MINUTE: '100000' },
    timeoutMs: 300_000,
  });
  try {
    const sessions: Session[] = [];
    for (let i = 0; i < clients; i++) sessions.push(await signIn(server.url, data.account));
    const first = sessions[0] as Session;
    await waitForCollection(server.url, first);
    await waitForIdle(server.pid);
    const ask = (session: Session, query: CostQuery, etag?: string) =>
      askExplorer(server.url, session, query, etag);
    const asOf = await dataAsOf(server.url, first);
    return { dataDir: server.dataDir, sessions, ask, asOf, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Asks the Explorer's question as the web app does — GET with the CostQuery's query parameters, Brotli or gzip
 * accepted — and reads the answer; any status other than 200, 304 or 429 is an error.
 */
async function askExplorer(
  baseUrl: string,
  session: Session,
  query: CostQuery,
  etag?: string,
): Promise<ExplorerReply> {
  const params = new URLSearchParams({ ...costQueryToParams(query), imply_client: 'true' });
  const response = await fetch(`${baseUrl}${COST_EXPLORER_PATHS.dimensionDailyCost}?${params}`, {
    headers: {
      ...session,
      'accept-encoding': 'br, gzip',
      ...(etag === undefined ? {} : { 'if-none-match': etag }),
    },
  });
  const text = await response.text();
  if (response.status !== 200 && response.status !== 304 && response.status !== 429) {
    throw new Error(`dimension_daily_cost answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return { status: response.status, etag: response.headers.get('etag') ?? '', text };
}

/** The data's last day (`as_of`) as the Explorer answers it to a signed-in session. */
export async function dataAsOf(baseUrl: string, session: Session): Promise<string> {
  const probe = await askExplorer(baseUrl, session, {
    start_date: '2000-01-01',
    end_date: '2000-01-01',
    granularity: 'day',
    dimension: null,
    filters: [],
    cost_type: 'unblended',
    top_n: 10,
  });
  const asOf = (JSON.parse(probe.text) as { as_of: string | null }).as_of;
  if (asOf === null) throw new Error('the bench organisation has no billing data');
  return asOf;
}

/** The demo organisation's data folder for `rows` line items, created once (a marker file says it is complete). */
export async function ensureDemo(rows: number): Promise<string> {
  const dataDir = join(here, '..', '.tmp', `explorer-http-${rows}`);
  const marker = join(dataDir, 'BENCH_DEMO');
  if (existsSync(marker)) return dataDir;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(
      process.execPath,
      ['apps/server/bin/finlens.cjs', 'demo', '--rows', String(rows), '--months', '3'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_PASSWORD },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`finlens demo exited with ${code}`);
  writeFileSync(marker, `${rows}\n`);
  return dataDir;
}

/** The longest wait for an inventory collection to end before timing. */
const COLLECTION_WAIT_MS = 20 * 60_000;

/**
 * Waits until no cloud account's inventory collection is queued or running. The simulated cloud of the demo makes
 * weeks of hourly metrics in the server's process: timed meanwhile, a cached answer waits behind that work (p95 of
 * hundreds of ms) and the figures say little of the request path.
 */
export async function waitForCollection(baseUrl: string, session: Record<string, string>): Promise<void> {
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${baseUrl}${CLOUD_ACCOUNT_PATHS.accounts}`, { headers: session });
    if (!response.ok) throw new Error(`cloud_accounts answered ${response.status}`);
    const accounts = (await response.json()) as CloudAccount[];
    const busy = accounts.filter(
      (a) => a.inventory?.state === 'collecting' || a.inventory?.state === 'not_collected',
    );
    if (busy.length === 0) return;
    if (Date.now() - started > COLLECTION_WAIT_MS) {
      console.error(
        `explorer-http: ${busy.length} accounts still collecting after 20 minutes; timing anyway`,
      );
      return;
    }
    await new Promise((done) => setTimeout(done, 2_000));
  }
}

/** CPU share (of one core) under which the server counts as idle, over IDLE_WINDOW_MS. */
const IDLE_CPU_SHARE = 0.1;
const IDLE_WINDOW_MS = 5_000;

/**
 * Waits until the server's processes (the launcher and its children) used under a tenth of a core over 5 s, at
 * most 20 minutes. After the inventory collection the job worker still has work queued at start (the region's
 * metrics — weeks of simulated hourly points made in the server's process — and the schedules missed while the
 * server was stopped): timed meanwhile, a cached answer waits behind it (p95 near a second on a quiet machine).
 */
export async function waitForIdle(pid: number): Promise<void> {
  const started = Date.now();
  let before = cpuSeconds(pid);
  for (;;) {
    await new Promise((done) => setTimeout(done, IDLE_WINDOW_MS));
    const now = cpuSeconds(pid);
    if ((now - before) / (IDLE_WINDOW_MS / 1000) < IDLE_CPU_SHARE) return;
    if (Date.now() - started > COLLECTION_WAIT_MS) {
      console.error('explorer-http: the server was still busy after 20 minutes; timing anyway');
      return;
    }
    before = now;
  }
}

/** User + system CPU seconds of a process and its descendants (Linux /proc; 0 where it cannot be read). */
function cpuSeconds(pid: number): number {
  const ticks = 100; // USER_HZ on Linux
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) / ticks;
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
    return own + children.reduce((sum, child) => sum + cpuSeconds(child), 0);
  } catch {
    return 0;
  }
}

/** Signs in as `account`: the cookie and CSRF header every later request sends. */
export async function signIn(baseUrl: string, account: BenchAccount): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair !== undefined && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${baseUrl}/accounts/signin/`));
  const csrf = cookies.get(CSRF_COOKIE);
  if (csrf === undefined) throw new Error('the server set no CSRF cookie');
  const login = await fetch(`${baseUrl}/rest-auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(), [CSRF_HEADER]: csrf },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  keep(login);
  return { cookie: cookieHeader(), [CSRF_HEADER]: cookies.get(CSRF_COOKIE) ?? csrf };
}
