import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerOn } from '../test-server.test-helper';
import { openDuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';
import { DEMO_EMAIL } from './demo-account';
import { DEMO_PROJECT_NAME } from './demo-command';
import { firstStartDemoOptions } from './first-start-demo';

const PASSWORD = 'Str0ng!Finpass9';
// A small demo: the default is 1M rows over 13 months.
const SMALL_DEMO = { rows: 20_000, months: 2, seed: 42, endMonth: '2026-10' };
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'finlens-first-start-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const start = (dataDir: string, env: Record<string, string> = {}) =>
  startServerOn({
    root,
    dataDir,
    env: { DEMO_PASSWORD: PASSWORD, ...env },
    options: { firstStartDemo: SMALL_DEMO },
  });

async function signIn(url: string) {
  const response = await fetch(new URL('/rest-auth/login/', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'csrftoken=c', 'x-csrftoken': 'c' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: PASSWORD }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function demoLineItems(dataDir: string, projectId: string): Promise<number> {
  const warehouse = await openDuckDbCostStore({ path: join(dataDir, 'warehouse.duckdb') });
  try {
    const reader = await warehouse.connection.runAndReadAll(
      'SELECT count(*)::INTEGER AS n FROM line_items WHERE project_id = $1',
      [projectId],
    );
    return Number(reader.getRowObjectsJS()[0]?.n);
  } finally {
    await warehouse.close();
  }
}

describe('demo organisation on the first start of a fresh data folder', () => {
  it('is created in the background once: its user signs in and its project has line items; a second start leaves it', async () => {
    const dataDir = join(root, 'fresh');
    const first = await start(dataDir);
    let projectId: string;
    try {
      expect(first.firstStartDemo).not.toBeNull();
      // The server answers while the demo is being made.
      expect((await fetch(new URL('/api/health', first.url))).status).toBe(200);
      const result = await first.firstStartDemo;
      expect(result?.summary.rows).toBeGreaterThan(10_000);
      const signedIn = await signIn(first.url);
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const project = await first.appDb
        .selectFrom('projects')
        .select(['id', 'name'])
        .where('name', '=', DEMO_PROJECT_NAME)
        .executeTakeFirstOrThrow();
      projectId = project.id;
      // Its simulated cloud is collected by the server's job worker: the demo organisation shows an inventory.
      const collected = () =>
        first.appDb
          .selectFrom('inventory_resources')
          .select('resource_id')
          .where('project_id', '=', project.id)
          .execute();
      await expect
        .poll(async () => (await collected()).length, { timeout: 90_000, interval: 500 })
        .toBeGreaterThan(100);
    } finally {
      await first.close();
    }
    expect(await demoLineItems(dataDir, projectId)).toBeGreaterThan(10_000);

    const second = await start(dataDir);
    try {
      expect(second.firstStartDemo).toBeNull();
      expect(await second.appDb.selectFrom('clients').select('id').execute()).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 180_000);

  it('is skipped with DEMO_ON_FIRST_START=false', async () => {
    const server = await start(join(root, 'opted-out'), { DEMO_ON_FIRST_START: 'false' });
    try {
      expect(server.firstStartDemo).toBeNull();
      expect(await server.appDb.selectFrom('clients').select('id').execute()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('uses `finlens demo`’s defaults with DEMO_ROWS line items', () => {
    expect(firstStartDemoOptions({ demoRows: 20_000 }, new Date('2026-11-22T06:00:00Z'))).toEqual({
      rows: 20_000,
      months: 13,
      seed: 42,
      endMonth: '2026-11',
      // A CUR delivered at 06:00 holds the whole of the day before, nothing later.
      usageEnd: '2026-11-22T00:00:00.000Z',
    });
  });
});
