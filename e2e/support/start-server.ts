import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
const READY_LINE = /Finlens listening on (http:\/\/\S+)/;

/** Lines of the server's output kept in memory (recentOutput). */
const KEPT_LINES = 300;

export type StartedServer = {
  url: string;
  dataDir: string;
  /** The launcher's process id (the server runs in it or its children). */
  pid: number;
  /** The last lines the server printed (stdout and stderr, before and after it was ready). */
  recentOutput: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the server through the same command as `npm start`, on a free port with a throwaway data folder
 * (removed on stop), or in `dataDir` (kept); `env` adds variables (DATABASE_URL). Everything the server prints
 * also goes to `logFile` when given; its last lines are kept in memory either way. The benchmark of Explorer over
 * HTTP starts its server here too.
 */
export async function startServer({
  env = {},
  dataDir: keptDataDir,
  port: givenPort,
  timeoutMs = 280_000,
  logFile,
}: {
  env?: Record<string, string>;
  dataDir?: string;
  /** A port the caller reserved (reservePort) and released just before; absent: a free one. */
  port?: number;
  timeoutMs?: number;
  logFile?: string;
} = {}): Promise<StartedServer> {
  const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), 'finlens-e2e-'));
  // A concrete free port rather than PORT=0, so the default PUBLIC_URL (links in emails) is right.
  const port = givenPort ?? (await freePort());
  const child = spawn(process.execPath, ['apps/server/bin/finlens.cjs', 'start'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_ON_FIRST_START: 'false',
      // The specs' webhook receivers listen on loopback, which the outbound guard refuses unless allowed.
      OUTBOUND_ALLOW: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recentOutput = keepOutput(child, logFile);
  const url = await waitForReady(child, timeoutMs, recentOutput);
  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    recentOutput,
    stop: async () => {
      await stopProcess(child);
      if (keptDataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Keeps the child's last KEPT_LINES lines (and writes everything to `logFile`); gives them as one text. */
function keepOutput(child: ChildProcess, logFile: string | undefined): () => string {
  const file = logFile === undefined ? null : createWriteStream(logFile, { flags: 'a' });
  const lines: string[] = [];
  let partial = '';
  const onData = (chunk: Buffer) => {
    file?.write(chunk);
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.once('exit', () => file?.end());
  return () => [...lines, partial].join('\n');
}

function waitForReady(child: ChildProcess, timeoutMs: number, output: () => string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not print its address within ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = READY_LINE.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolvePromise(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before it was ready:\n${output()}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** A free port held (listened on) until `release`, so nothing else takes it while the caller prepares. */
export function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || address === null) return reject(new Error('no port'));
      resolvePort({ port: address.port, release: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}
