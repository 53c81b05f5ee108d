import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { acquireSharedTestPostgres, testPostgresUnavailableReason } from '@finlens/server/db/test-postgres';
import { ensureWebBuild, npmWebBuild } from '@finlens/server/platform/web-build';
import type { TestProject } from 'vitest/node';
import { browserUnavailableReason } from './chromium';
import { createDemo } from './demo-data';
import { reservePort, type StartedServer, startServer } from './start-server';
import { writeSuiteState } from './suite-ready';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Appears once the server is ready (suiteReady waits for it). */
    readyFile: string;
    /** Everything the suite's server prints (suite-ready.ts shows its end when a spec fails). */
    serverLog: string;
    browserSkipReason: string;
  }
}

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
/** The preparation runs beside the other projects' files: at a lower priority, so they keep the CPU. */
const NICE = ['nice', '-n', '10'];

let root: string | null = null;
let server: StartedServer | null = null;
let preparing: Promise<void> = Promise.resolve();
let releasePostgres: (() => Promise<void>) | null = null;

/**
 * Gives the specs the server's address and data folder at once and prepares the server in the background: a
 * global set-up blocks every project of the run until it returns, and building the web app, making the demo
 * organisation and starting the server take minutes that the other projects' files can use. Specs wait for it
 * with suiteReady().
 */
export async function setup(project: TestProject): Promise<void> {
  const reason = browserUnavailableReason();
  if (reason) {
    // Under CI a missing browser must fail the run, never pass silently.
    if (process.env.CI === 'true') throw new Error(`Browser suite cannot run under CI: ${reason}`);
    console.warn(`[e2e] skipping browser suite: ${reason}`);
    project.provide('browserSkipReason', reason);
    project.provide('baseUrl', '');
    project.provide('dataDir', '');
    project.provide('readyFile', '');
    project.provide('serverLog', '');
    return;
  }
  root = mkdtempSync(join(tmpdir(), 'finlens-e2e-'));
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  const readyFile = join(root, 'ready.json');
  const serverLog = join(root, 'server.log');
  const port = await reservePort();
  // As the server names itself (its default PUBLIC_URL, the links in its mails).
  const baseUrl = `http://localhost:${port.port}`;
  project.provide('browserSkipReason', '');
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('readyFile', readyFile);
  project.provide('serverLog', serverLog);
  preparing = (async () => {
    try {
      await ensureWebBuild({
        repoRoot: REPO_ROOT,
        distDir: join(REPO_ROOT, 'apps', 'web', 'dist'),
        log: (line) => console.error(`[e2e] ${line}`),
        runBuild: npmWebBuild(NICE),
      });
      // The demo before the server: `finlens demo` then imports in its own process; the server's job worker
      // collects the demo's inventory once it starts.
      await createDemo(dataDir, NICE);
    } finally {
      await port.release();
    }
    // The scheduler spec moves the simulated clock ahead (a test-only control) and waits for the next tick.
    // Every request logged (info), so a failing spec's print of the log's end shows what the server was doing.
    server = await startServer({
      dataDir,
      port: port.port,
      env: { TEST_CLOCK_CONTROL: 'true', SCHEDULER_TICK_SECONDS: '15', LOG_LEVEL: 'info' },
      logFile: serverLog,
    });
    if (server.url !== baseUrl) throw new Error(`the server listens on ${server.url}, not ${baseUrl}`);
  })().then(
    () => writeSuiteState(readyFile, {}),
    (error: unknown) =>
      writeSuiteState(readyFile, {
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
  // Meanwhile: the run's one PostgreSQL (the "(PostgreSQL)" projects' too), for postgres.e2e.ts's server.
  if (testPostgresUnavailableReason() === null) {
    const shared = await acquireSharedTestPostgres();
    if (shared.url !== null) {
      releasePostgres = shared.release;
      project.provide('testPostgresUrl', shared.url);
    }
  }
}

export async function teardown(): Promise<void> {
  await preparing;
  await server?.stop();
  if (root !== null) rmSync(root, { recursive: true, force: true });
  await releasePostgres?.();
}
