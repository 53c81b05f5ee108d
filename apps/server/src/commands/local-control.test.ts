import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOKEN_KEY_HEADER } from '@finlens/contracts/session';
import { billingDataset } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finlens, finlensHere } from '../cli-run.test-helper';
import { seedPglite } from '../db/test-app-database';
import { createApiKeysRepo } from '../features/api-keys/api-keys.repo';
import { createAuthRepo } from '../features/auth/auth.repo';
import { type RunningServer, startServer } from '../main';
import { generateApiKey } from '../platform/auth/api-key-auth';
import { loadConfig } from '../platform/load-config';
import { whileWarehouseHeld } from './held-warehouse.test-helper';
import { runFilePath, writeRunFile } from './run-file';

const dataset = billingDataset('aws-cur-legacy-csv-anonymized');
const file = join(dataset.dir, dataset.files[0] as string);
const totals = dataset.reference.figures as unknown as { totals: Record<'unblended', string> };
const importArgs = ['import', file, '--client', 'Acme', '--project', 'Prod'];
const queryArgs = (format: string) => [
  'query',
  '--from',
  '2023-11-01',
  '--to',
  '2023-11-30',
  '--client',
  'Acme',
  '--granularity',
  'month',
  '--group-by',
  'line_item_line_item_type',
  '--format',
  format,
];

let root: string;
/** DATA_DIR of the running server, and of a server-less run of the same commands to compare with. */
let served: string;
let alone: string;
let server: RunningServer;
const cli = (args: string[], dataDir: string, env: Record<string, string> = {}) =>
  finlens(args, { DATA_DIR: dataDir, ...env });
/** A query in this process: the hand-off is HTTP either way; the imports and the demo stay processes. */
const query = (args: string[], dataDir: string) => finlensHere(args, { DATA_DIR: dataDir });

async function startOn(dataDir: string): Promise<RunningServer> {
  const webDistDir = join(root, 'web-dist');
  await mkdir(webDistDir, { recursive: true });
  await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>test</title>');
  await seedPglite(dataDir);
  const config = await loadConfig({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DEMO_ON_FIRST_START: 'false',
    },
    cwd: root,
  });
  return startServer({ config, webDistDir, handleSignals: false });
}

async function runFile(dataDir: string) {
  return JSON.parse(await readFile(runFilePath(dataDir), 'utf8')) as {
    pid: number;
    url: string;
    token: string;
  };
}

function post(path: string, headers: Record<string, string>, body: unknown = {}, signal?: AbortSignal) {
  return fetch(new URL(path, server.url), {
    method: 'POST',
    ...(signal ? { signal } : {}),
    headers: { 'content-type': 'application/json', cookie: 'csrftoken=c', 'x-csrftoken': 'c', ...headers },
    body: JSON.stringify(body),
  });
}

/** A PID that belonged to a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 999_999;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'finlens-local-control-'));
  served = join(root, 'served');
  alone = join(root, 'alone');
  server = await startOn(served);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

describe('finlens import / query / demo while a server runs on the same data folder', () => {
  it('writes DATA_DIR/run/server.json (0600) with its PID, loopback URL and a token', async () => {
    const content = await runFile(served);
    expect(content.pid).toBe(process.pid);
    expect(content.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(content.token.length).toBeGreaterThanOrEqual(32);
    expect((await stat(runFilePath(served))).mode & 0o777).toBe(0o600);
  });

  it('hands the import and the query to the server: the same output as without a server, REFERENCE.json totals', async () => {
    const [viaServer, withoutServer] = await Promise.all([cli(importArgs, served), cli(importArgs, alone)]);
    expect(viaServer.code, viaServer.stderr).toBe(0);
    expect(withoutServer.code, withoutServer.stderr).toBe(0);
    expect(viaServer.stderr).toMatch(/Handing the import to the running Finlens server \(PID \d+\)/);
    expect(viaServer.stderr).toMatch(/Importing: replacing billing periods/);
    expect(withoutServer.stderr).not.toMatch(/Handing/);
    expect(viaServer.stdout).toBe(withoutServer.stdout);
    expect(viaServer.stdout).toMatch(/Imported 1281 rows from 1 file/);

    const outputs: Record<string, string> = {};
    for (const format of ['json', 'table']) {
      const [queried, reference] = await Promise.all([
        query(queryArgs(format), served),
        query(queryArgs(format), alone),
      ]);
      expect(queried.code, queried.stderr).toBe(0);
      expect(reference.code, reference.stderr).toBe(0);
      expect(queried.stderr).toMatch(/Handing the query to the running Finlens server/);
      expect(queried.stdout).toBe(reference.stdout);
      outputs[format] = queried.stdout;
    }
    const json = JSON.parse(outputs.json ?? '') as { total: number };
    expect(json.total).toBeCloseTo(Number(totals.totals.unblended), 6);
  }, 300_000);

  it('reports the server-side error with the exit code the command has alone', async () => {
    const args = ['query', '--from', '2023-11-01', '--to', '2023-11-30', '--client', 'Nobody'];
    const [viaServer, withoutServer] = await Promise.all([query(args, served), query(args, alone)]);
    expect(viaServer.code).toBe(2);
    expect(withoutServer.code).toBe(2);
    expect(withoutServer.stderr).toBe('No client named "Nobody"; clients: "Acme"\n');
    expect(viaServer.stderr.split('\n').slice(1).join('\n')).toBe(withoutServer.stderr);

    const missing = ['import', join(root, 'no-such-file.csv')];
    const [missingViaServer, missingAlone] = await Promise.all([cli(missing, served), cli(missing, alone)]);
    expect(missingViaServer.code).toBe(1);
    expect(missingAlone.code).toBe(1);
    expect(missingAlone.stderr).toMatch(/^finlens: .*no-such-file\.csv/m);
    expect(missingViaServer.stderr).toContain(missingAlone.stderr);
  }, 240_000);

  it('runs finlens demo in the server, into the demo user’s client', async () => {
    const demo = await cli(['demo', '--rows', '2000', '--months', '1', '--end-month', '2026-01'], served, {
      DEMO_PASSWORD: 'Sunny!Harbour42',
    });
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stderr).toMatch(/Handing the demo to the running Finlens server/);
    expect(demo.stdout).toMatch(
      /Demo client "Finlens Demo", project "Demo organisation": \d+ rows in 1 billing periods/,
    );
    expect(demo.stdout).toMatch(/Password: the value of DEMO_PASSWORD\./);
    const user = await server.appDb
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo@finlens.local');
    expect(await user.executeTakeFirst()).toBeDefined();
    // The server's job worker collects the demo project's simulated cloud.
    const inventory = () =>
      server.appDb
        .selectFrom('inventory_resources')
        .innerJoin('projects', 'projects.id', 'inventory_resources.project_id')
        .select('inventory_resources.resource_id')
        .where('projects.name', '=', 'Demo organisation')
        .execute();
    await expect
      .poll(async () => (await inventory()).length, { timeout: 90_000, interval: 500 })
      .toBeGreaterThan(10);
    const demoQuery = await query(
      ['query', '--from', '2026-01-01', '--to', '2026-01-31', '--client', 'Finlens Demo', '--format', 'json'],
      served,
    );
    expect(demoQuery.code, demoQuery.stderr).toBe(0);
    expect((JSON.parse(demoQuery.stdout) as { total: number }).total).toBeGreaterThan(0);
  }, 300_000);
});

describe('local-control routes', () => {
  it('refuse a missing or wrong token (401), a session-less API key (401) and proxied requests (403)', async () => {
    const { token } = await runFile(served);
    const body = {
      from: '2023-11-01',
      to: '2023-11-30',
      granularity: 'day',
      costType: 'unblended',
      format: 'json',
    };
    expect((await post('/api/local/query', {}, body)).status).toBe(401);
    expect((await post('/api/local/query', { authorization: `Bearer ${token}x` }, body)).status).toBe(401);
    expect((await post('/api/local/query', { authorization: token }, body)).status).toBe(401);

    const { userId, clientId } = await createAuthRepo({ db: server.appDb }).createUserWithClient({
      email: 'key-holder@example.com',
      passwordHash: 'x',
      firstName: 'Key',
      lastName: 'Holder',
      companyName: 'Keys Ltd',
    });
    await createAuthRepo({ db: server.appDb }).setEmailVerified(userId);
    const apiKey = generateApiKey();
    await createApiKeysRepo({ db: server.appDb }).create({ clientId, userId, name: 'k', ...apiKey });
    const keyOnly = await post('/api/local/import', { [TOKEN_KEY_HEADER]: apiKey.key }, body);
    expect(keyOnly.status).toBe(401);
    expect(await keyOnly.json()).toEqual({ detail: 'The local-control token of this server is required.' });

    const proxied = await post(
      '/api/local/query',
      { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
      body,
    );
    expect(proxied.status).toBe(403);

    const ok = await post(
      '/api/local/query',
      { authorization: `Bearer ${token}` },
      { ...body, client: 'Acme' },
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const events = (await ok.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(events.map((e) => e.type)).toEqual(['stdout', 'done']);
  });

  it('finish an import whose caller went away, and keep serving', async () => {
    const { token } = await runFile(served);
    const aborted = new AbortController();
    const response = await post(
      '/api/local/import',
      { authorization: `Bearer ${token}` },
      { path: file, clientName: 'Acme', projectName: 'Abandoned', format: 'auto', env: {} },
      aborted.signal,
    );
    expect(response.status).toBe(200);
    aborted.abort();
    const runs = () =>
      server.appDb
        .selectFrom('import_runs')
        .innerJoin('projects', 'projects.id', 'import_runs.project_id')
        .select('import_runs.status')
        .where('projects.name', '=', 'Abandoned')
        .execute();
    await expect.poll(runs, { timeout: 60_000, interval: 200 }).toEqual([{ status: 'succeeded' }]);
    expect((await fetch(new URL('/api/health', server.url))).status).toBe(200);
  }, 90_000);

  it('answer 400 naming the field for a bad body', async () => {
    const { token } = await runFile(served);
    const bad = await post('/api/local/import', { authorization: `Bearer ${token}` }, { path: '' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/clientName/);
  });

  it('are not in the OpenAPI document', async () => {
    const docs = JSON.stringify(await (await fetch(new URL('/api/docs', server.url))).json());
    expect(docs).not.toContain('/api/local/');
  });
});

describe('without a live server', () => {
  it('ignores a stale run file: the warehouse is free, so the command runs in its own process', async () => {
    const dataDir = join(root, 'stale-free');
    await writeRunFile(dataDir, { pid: await deadPid(), url: 'http://127.0.0.1:9', token: 'stale' });
    const result = await query(queryArgs('json'), dataDir);
    // It ran here: nothing imported in this folder yet, and no hand-off or wait on the way.
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('No client named "Acme" (nothing imported yet)\n');
  }, 240_000);

  it('a stale run file and a held warehouse: waits, then fails clearly; so does a live PID nobody answers for', async () => {
    const dataDir = join(root, 'stale-held');
    await whileWarehouseHeld(dataDir, async () => {
      await writeRunFile(dataDir, { pid: await deadPid(), url: 'http://127.0.0.1:9', token: 'stale' });
      const stale = await cli([...importArgs, '--lock-timeout', '1'], dataDir);
      expect(stale.code).toBe(1);
      expect(stale.stderr).toMatch(/Waiting for the warehouse/);
      expect(stale.stderr).toMatch(/no running Finlens server of this data folder answers; waited 1 s/);

      // Our own PID is alive, but nothing listens on port 9 of loopback.
      await writeRunFile(dataDir, { pid: process.pid, url: 'http://127.0.0.1:9', token: 'nobody' });
      const silent = await cli([...queryArgs('json'), '--lock-timeout', '1'], dataDir);
      expect(silent.code).toBe(1);
      expect(silent.stderr).toMatch(/no running Finlens server of this data folder answers/);
    });
  }, 240_000);

  it('a server that closes removes its run file; one that starts replaces an old one', async () => {
    const dataDir = join(root, 'restart');
    await writeRunFile(dataDir, { pid: await deadPid(), url: 'http://127.0.0.1:9', token: 'old' });
    const second = await startOn(dataDir);
    try {
      expect(await runFile(dataDir)).toMatchObject({
        pid: process.pid,
        url: second.url.replace('localhost', '127.0.0.1'),
      });
    } finally {
      await second.close();
    }
    await expect(stat(runFilePath(dataDir))).rejects.toThrow(/ENOENT/);
  }, 180_000);
});
