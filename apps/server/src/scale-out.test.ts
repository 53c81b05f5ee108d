import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOUD_ACCOUNT_PATHS, type ImportRun } from '@finlens/contracts/cloud-accounts';
import { type DemoCur2Result, generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finlensHere } from './cli-run.test-helper';
import { DEMO_EMAIL, ensureDemoAccount } from './commands/demo-account';
import { type AppDatabase, openAppDatabase } from './db/client';
import { migrate } from './db/migrate';
import type { AppTables } from './db/tables';
import { createClusterDatabase, type TestDatabaseUrl } from './db/test-database-url';
import { POLL_SOURCE_JOB } from './ingest/sources/poll-source-job';
import { S3RVER_KEYS, startTestS3, type TestS3 } from './ingest/sources/test-s3rver';
import { createArgon2Hasher } from './platform/auth/password-hasher';
import { TEST_OUTBOUND_ALLOW } from './platform/outbound/test-outbound';
import { openClickHouseCostStore } from './warehouse/clickhouse/clickhouse-cost-store';
import { useTestClickHouse } from './warehouse/clickhouse/test-clickhouse';

/**
 * Issue 9 item 5: several `finlens start` processes against one PostgreSQL and one ClickHouse share the
 * sessions and the durable jobs — each import job runs once, whichever process claims it, and a job held by
 * a process that died is taken over by another once its lease has run out.
 */
const launcher = fileURLToPath(new URL('../bin/finlens.cjs', import.meta.url));
const BUCKET = 'finlens-scale-out';
const PASSWORD = 'Str0ng!Finpass9';
const SECRET_KEY = 'scale-out-test-secret-key-0123456789abcdefghij';
const ACCOUNTS = ['acct-a', 'acct-b', 'acct-c'];
const clickHouse = useTestClickHouse();

let root = '';
/** The servers' app database: one of its own on the run's test PostgreSQL. */
let postgres: TestDatabaseUrl | null = null;
let s3: TestS3 | null = null;
const exports = new Map<string, DemoCur2Result>();
const processes: ServerProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'finlens-scale-out-'));
  postgres = await createClusterDatabase({ migrated: true });
  if (postgres === null) return;
  s3 = await startTestS3(BUCKET);
  // One small CUR 2.0 delivery per account (its own prefix and seed); the last one is larger so that a
  // process can be caught in the middle of importing it.
  for (const [index, prefix] of [...ACCOUNTS, 'acct-slow'].entries()) {
    const outDir = join(root, 'exports', prefix);
    const rows = prefix === 'acct-slow' ? 40_000 : 15_000;
    const result = await generateDemoCur2({
      seed: 100 + index,
      endMonth: '2026-10',
      months: 1,
      rows,
      outDir,
      format: 'csv.gz',
      bucket: BUCKET,
      prefix,
    });
    exports.set(prefix, result);
    await uploadTree(s3, outDir, prefix);
  }
}, 240_000);

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  await s3?.stop();
  await postgres?.drop();
  await rm(root, { recursive: true, force: true });
});

interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url,
    CLICKHOUSE_URL: clickHouse.url ?? undefined,
    SECRET_KEY,
    DEMO_ON_FIRST_START: 'false',
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    // The loopback S3 server is the billing sources' endpoint.
    OUTBOUND_ALLOW: TEST_OUTBOUND_ALLOW,
  };
}

/** `finlens start` in its own process and DATA_DIR, on a free loopback port. */
async function startProcess(name: string): Promise<ServerProcess> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: '0' };
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [launcher, 'start', '--no-build'], {
    env: { ...env, ...baseEnv(join(root, name)) },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Finlens listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`server ${name} exited (${code}) before listening:\n${output}`)),
    );
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const server: ServerProcess = {
    url,
    pid: child.pid as number,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  processes.push(server);
  return server;
}

/** The export's files under `prefix`, where its manifests say they are. */
async function uploadTree(target: TestS3, dir: string, prefix: string): Promise<void> {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    await target.put(`${prefix}/${relative(dir, path)}`, await readFile(path));
  }
}

/** A browser-like session: cookies kept, the CSRF header sent on unsafe methods. */
function session() {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async call(base: string, path: string, init: { method?: string; body?: unknown; csrf?: boolean } = {}) {
      const method = init.method ?? 'GET';
      const headers: Record<string, string> = {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (method !== 'GET' && init.csrf !== false) headers['x-csrftoken'] = cookies.get('csrftoken') ?? '';
      const response = await fetch(new URL(path, base), {
        method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = (pair as string).split('=');
        cookies.set((name as string).trim(), value.join('='));
      }
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
  };
}

function accountSettings(prefix: string, endpoint: string) {
  return {
    cloud_type: 'aws',
    account_id: '123456789012',
    bucket: BUCKET,
    prefix,
    region: 'us-east-1',
    endpoint,
    keys: { access_key_id: S3RVER_KEYS.accessKeyId, secret_access_key: S3RVER_KEYS.secretAccessKey },
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The project's unblended total as `finlens query` reads it from ClickHouse (in this process: no server start to test). */
async function queriedTotal(project: string): Promise<number> {
  const result = await finlensHere(
    ['query', '--from', '2026-10-01', '--to', '2026-10-31', '--project', project, '--format', 'json'],
    baseEnv(join(root, 'cli')),
  );
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { total: number }).total;
}

function expectedUnblended(prefix: string): number {
  const result = exports.get(prefix);
  if (result === undefined) throw new Error(`no export generated for ${prefix}`);
  return result.expected.totals.unblended;
}

describe('two server processes on one PostgreSQL and one ClickHouse', () => {
  it('share sessions and CSRF, run each import job once, and take over the job of a killed process', async (context) => {
    if (postgres === null || clickHouse.url === null || s3 === null) {
      return context.skip('PostgreSQL or ClickHouse is not installed');
    }
    const endpoint = s3.endpoint;
    await mkdir(join(root, 'cli'), { recursive: true });
    const db: AppDatabase = await openAppDatabase({ dataDir: join(root, 'cli'), databaseUrl: postgres.url });
    try {
      // What `finlens demo` leaves for the servers, made here: the migrated app database with the demo user and
      // client, the warehouse's tables. Then A and B start side by side.
      await Promise.all([
        migrate(db.db).then(() =>
          ensureDemoAccount({ db: db.db, hasher: createArgon2Hasher(), password: PASSWORD }),
        ),
        initWarehouse(clickHouse.url),
      ]);
      const [a, b] = await Promise.all([startProcess('a'), startProcess('b')]);
      // Sessions and CSRF: signed in through A, the same cookies work on B; B still checks the CSRF token.
      const user = session();
      await user.call(a.url, '/api/public-config'); // the csrftoken cookie, as the SPA gets it
      const signIn = await user.call(a.url, '/rest-auth/login/', {
        method: 'POST',
        body: { email: DEMO_EMAIL, password: PASSWORD },
      });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
      const me = await user.call(b.url, '/c/current/user/');
      expect(me.status).toBe(200);
      expect(JSON.stringify(me.body)).toContain(DEMO_EMAIL);
      const forged = await user.call(b.url, CLOUD_ACCOUNT_PATHS.accounts, {
        method: 'POST',
        body: { name: 'Forged', settings: accountSettings('acct-a', endpoint) },
        csrf: false,
      });
      expect(forged.status).toBe(403);

      // Accounts added alternately through A and B; every account is asked to import on both processes.
      const ids = new Map<string, string>();
      for (const [index, prefix] of [...ACCOUNTS, 'acct-slow'].entries()) {
        const created = await user.call(index % 2 === 0 ? a.url : b.url, CLOUD_ACCOUNT_PATHS.accounts, {
          method: 'POST',
          body: { name: prefix, settings: accountSettings(prefix, endpoint) },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        ids.set(prefix, (created.body as { id: string }).id);
      }
      const claimedBy = new Set<string>();
      const watch = watchClaims(db.db, claimedBy);
      for (const prefix of ACCOUNTS) {
        for (const server of [a, b]) {
          const queued = await user.call(
            server.url,
            CLOUD_ACCOUNT_PATHS.importNow(ids.get(prefix) as string),
            {
              method: 'POST',
            },
          );
          expect(queued.status, JSON.stringify(queued.body)).toBe(202);
        }
      }
      await waitFor('the import jobs to finish', async () => {
        const open = await db.db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', POLL_SOURCE_JOB)
          .where('status', 'in', ['queued', 'running'])
          .execute();
        return open.length === 0 ? true : null;
      });
      watch.stop();
      const jobs = await db.db.selectFrom('jobs').selectAll().where('kind', '=', POLL_SOURCE_JOB).execute();
      expect(jobs.map((job) => [job.status, job.attempts])).toEqual(jobs.map(() => ['succeeded', 1]));
      expect(jobs).toHaveLength(ACCOUNTS.length * 2);
      // Both processes claimed jobs.
      const pids = [...claimedBy].map((worker) => Number(worker.split(':')[1]));
      expect(new Set(pids), `a=${a.pid} b=${b.pid}`).toEqual(new Set([a.pid, b.pid]));
      for (const prefix of ACCOUNTS) {
        const runs = await user.call(a.url, CLOUD_ACCOUNT_PATHS.imports(ids.get(prefix) as string));
        const succeeded = (runs.body as ImportRun[]).filter((run) => run.status === 'succeeded');
        expect(succeeded, prefix).toHaveLength(1);
        expect(await queriedTotal(prefix)).toBeCloseTo(expectedUnblended(prefix), 6);
      }

      // Take-over: with B stopped, A claims the slow account's import; A dies in the middle of it.
      await b.stop();
      const slowId = ids.get('acct-slow') as string;
      expect((await user.call(a.url, CLOUD_ACCOUNT_PATHS.importNow(slowId), { method: 'POST' })).status).toBe(
        202,
      );
      const held = await waitFor('A to claim the slow import', () =>
        db.db
          .selectFrom('jobs')
          .selectAll()
          .where('kind', '=', POLL_SOURCE_JOB)
          .where('status', '=', 'running')
          .executeTakeFirst()
          .then((job) => job ?? null),
      );
      expect(Number(held.locked_by?.split(':')[1])).toBe(a.pid);
      await a.kill();
      // The lease (minutes by default) runs out: moved into the past instead of waiting for it.
      await db.db
        .updateTable('jobs')
        .set({ locked_until: new Date(Date.now() - 1_000) })
        .where('id', '=', held.id)
        .execute();
      const c = await startProcess('c');
      const finished = await waitFor('the taken-over job to finish', () =>
        db.db
          .selectFrom('jobs')
          .selectAll()
          .where('id', '=', held.id)
          .where('status', 'in', ['succeeded', 'failed', 'dead'])
          .executeTakeFirst()
          .then((job) => job ?? null),
      );
      expect([finished.status, finished.attempts]).toEqual(['succeeded', 2]);
      const runs = await user.call(c.url, CLOUD_ACCOUNT_PATHS.imports(slowId));
      expect((runs.body as ImportRun[]).filter((run) => run.status === 'succeeded')).toHaveLength(1);
      // The period is whole: the dead process's half-done import left nothing behind.
      expect(await queriedTotal('acct-slow')).toBeCloseTo(expectedUnblended('acct-slow'), 6);
    } finally {
      await db.close();
    }
  }, 600_000);
});

/** The ClickHouse warehouse's tables, as the first command or server on it makes them. */
async function initWarehouse(url: string): Promise<void> {
  const store = await openClickHouseCostStore({ url });
  try {
    await store.init();
  } finally {
    await store.close();
  }
}

/** Records which workers hold running jobs, sampled every 50 ms (a finished job forgets its worker). */
function watchClaims(db: Kysely<AppTables>, into: Set<string>): { stop(): void } {
  const timer = setInterval(() => {
    db.selectFrom('jobs')
      .select('locked_by')
      .where('status', '=', 'running')
      .execute()
      .then(
        (rows) => {
          for (const row of rows) if (row.locked_by) into.add(row.locked_by);
        },
        () => {},
      );
  }, 50);
  return { stop: () => clearInterval(timer) };
}
