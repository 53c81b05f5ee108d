import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passwordProblems } from '@finlens/cost-model/password-rules';
import { EXAMPLE_SCENARIO_FILE } from '@finlens/fixtures/cloud-scenarios';
import { billingDataset } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDataDir } from '../app/demo-bill';
import { finlens } from '../cli-run.test-helper';
import { itWithoutPostgresRerun, openCliAppDatabase } from '../db/test-app-database';
import { inventoryCollectionFor, inventoryJobHandlers } from '../features/inventory/inventory.jobs';
import type { CloudPort } from '../integrations/cloud/cloud-port';
import { systemClock } from '../integrations/cloud/simulated/sim-clock';
import { createArgon2Hasher } from '../platform/auth/password-hasher';
import { createSecretBox } from '../platform/crypto/secret-box';
import { createJobQueue } from '../platform/jobs/job-queue';
import { createJobWorker } from '../platform/jobs/job-worker';
import { openDuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';
import { generateDemoPassword } from './demo-account';
import { whileWarehouseHeld } from './held-warehouse.test-helper';

const PASSWORD = 'Sunny!Harbour42';
const demoArgs = ['demo', '--rows', '5000', '--months', '2', '--seed', '7', '--end-month', '2026-02'];
let dataDir: string;

function run(env: Record<string, string>, args = demoArgs, dir = dataDir) {
  return finlens(args, { DATA_DIR: dir, ...env });
}

async function appState() {
  const db = await openCliAppDatabase(dataDir);
  try {
    const users = await db.db.selectFrom('users').selectAll().execute();
    const clients = await db.db.selectFrom('clients').selectAll().execute();
    const memberships = await db.db.selectFrom('memberships').selectAll().execute();
    const projects = await db.db.selectFrom('projects').selectAll().execute();
    const clusters = await db.db
      .selectFrom('kubernetes_clusters')
      .select(['id', 'name', 'project_id', 'simulated'])
      .orderBy('name')
      .execute();
    return { users, clients, memberships, projects, clusters };
  } finally {
    await db.close();
  }
}

async function warehouseTotals() {
  const store = await openDuckDbCostStore({ path: join(dataDir, 'warehouse.duckdb') });
  try {
    const projects = await store.connection.runAndReadAll('SELECT DISTINCT project_id FROM line_items');
    const projectId = String(projects.getRowObjectsJson()[0]?.project_id);
    return await store.periodTotals({ projectId });
  } finally {
    await store.close();
  }
}

const noAws = new Proxy({} as CloudPort, {
  get: () => () => Promise.reject(new Error('the demo is simulated: AWS must not be called')),
});

/** Runs the queued inventory collection as the server's job worker would, then counts the demo's inventory. */
async function collectQueuedInventory(dir: string) {
  const db = await openCliAppDatabase(dir);
  try {
    const collection = inventoryCollectionFor({
      db: db.db,
      secretBox: createSecretBox('s'.repeat(32)),
      aws: noAws,
      simClock: systemClock,
    });
    const silent = { info() {}, warn() {}, error() {} };
    const queue = createJobQueue({ db: db.db });
    const worker = createJobWorker({ queue, handlers: inventoryJobHandlers(collection), logger: silent });
    while ((await worker.runNext()) !== null);
    const simulations = await db.db.selectFrom('cloud_simulations').selectAll().execute();
    const resources = await db.db
      .selectFrom('inventory_resources')
      .select(['account_id', 'kind', 'resource_id', 'state'])
      .execute();
    return { simulations, resources };
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'finlens-demo-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('finlens demo (CLI)', () => {
  it('creates the client, verified admin and project, imports the generator totals; a re-run is idempotent', async () => {
    const first = await run({ DEMO_PASSWORD: PASSWORD });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Sign in at http:\/\/localhost:8080\/ as demo@finlens\.local/);
    expect(first.stdout).not.toContain(PASSWORD);
    expect(first.stderr).toMatch(/Importing: /);

    const state = await appState();
    expect(state.clients.map((c) => c.name)).toEqual(['Finlens Demo']);
    const [user] = state.users;
    expect(state.users).toHaveLength(1);
    expect(user?.email).toBe('demo@finlens.local');
    expect(user?.email_verified).toBe(true);
    expect(await createArgon2Hasher().verify(user?.password_hash ?? '', PASSWORD)).toBe(true);
    expect(state.memberships).toEqual([
      expect.objectContaining({ user_id: user?.id, client_id: state.clients[0]?.id, role: 'admin' }),
    ]);
    expect(state.projects).toEqual([
      expect.objectContaining({
        name: 'Demo organisation',
        cloud_type: 'aws',
        client_id: state.clients[0]?.id,
      }),
    ]);

    const expected = JSON.parse(await readFile(join(dataDir, 'demo', 'EXPECTED.json'), 'utf8')) as {
      periods: Record<string, { totals: Record<string, number> }>;
      cloud: { resources: number; planted: { idleInstances: { id: string }[] } };
    };
    const totals = await warehouseTotals();
    expect(totals.map((p) => p.billingPeriod.slice(0, 7))).toEqual(Object.keys(expected.periods).sort());
    for (const period of totals) {
      const want = expected.periods[period.billingPeriod.slice(0, 7)]?.totals;
      expect(period.rows).toBe(want?.rows);
      for (const type of ['unblended', 'amortized'] as const) {
        expect(Math.abs(period.totals[type] - (want?.[type] ?? Number.NaN))).toBeLessThan(1e-6);
      }
    }

    // The demo project is simulated from the scenario beside the CUR; its queued collection fills the inventory.
    expect(first.stdout).toContain(`Simulated cloud: `);
    expect(first.stdout).toMatch(/in 8 accounts and 12 regions; its inventory collection is queued/);
    const cloud = await collectQueuedInventory(dataDir);
    expect(cloud.simulations.map((s) => s.project_id)).toEqual([state.projects[0]?.id]);
    expect(cloud.resources).toHaveLength(expected.cloud.resources);
    expect(new Set(cloud.resources.map((r) => r.account_id)).size).toBeGreaterThan(1);
    const idle = expected.cloud.planted.idleInstances[0]?.id;
    expect(cloud.resources.find((r) => r.resource_id === idle)).toMatchObject({ state: 'running' });
    // The bill's two EKS clusters, simulated from the scenario's kubernetes section, for the Container Scheduler.
    expect(first.stdout).toMatch(
      /Simulated Kubernetes for the Container Scheduler: prod-eks-use1 \(\d+ workloads\), staging-eks-use1 \(\d+ workloads\)\./,
    );
    const project = state.projects[0]?.id;
    expect(state.clusters.map((c) => [c.name, c.project_id, c.simulated])).toEqual([
      ['prod-eks-use1', project, true],
      ['staging-eks-use1', project, true],
    ]);

    // Without DEMO_PASSWORD the existing user keeps the old password; the data is reused, not regenerated.
    const second = await run({});
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/Password: unchanged/);
    expect(second.stderr).toMatch(/Reusing the demo data/);
    const again = await appState();
    expect(again.users).toHaveLength(1);
    expect(again.clients).toHaveLength(1);
    expect(again.projects).toHaveLength(1);
    expect(again.clusters).toEqual(state.clusters);
    expect(again.users[0]?.password_hash).toBe(user?.password_hash);
    expect(await warehouseTotals()).toEqual(totals);
  }, 180_000);

  // The PostgreSQL rerun keeps the two cases that write and read the demo's app data (the first and the
  // same-name client); the others are refused options, the warehouse lock and the command's own output.
  itWithoutPostgresRerun(
    'refuses a DEMO_PASSWORD that breaks the password rules, naming the variable, without echoing it',
    async () => {
      const result = await run({ DEMO_PASSWORD: 'alllowercase1!' });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/DEMO_PASSWORD Must contain both upper and lower case letters/);
      expect(result.stderr).not.toContain('alllowercase1!');
    },
  );

  // Its app-database writes (a user, a project, a simulation) are those of the first case.
  itWithoutPostgresRerun(
    'without DEMO_PASSWORD a new demo user gets a generated password, printed once, that signs in; --scenario loads the user’s own cloud',
    async () => {
      const dir = join(dataDir, 'generated');
      const example = EXAMPLE_SCENARIO_FILE;
      const result = await run(
        {},
        ['demo', '--rows', '2000', '--months', '1', '--end-month', '2026-01', '--scenario', example],
        dir,
      );
      expect(result.code, result.stderr).toBe(0);
      const password = /Password: (\S+) \(generated; shown only now\)/.exec(result.stdout)?.[1] ?? '';
      expect(passwordProblems(password)).toEqual([]);
      const db = await openCliAppDatabase(dir);
      try {
        const user = await db.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
        expect(await createArgon2Hasher().verify(user.password_hash ?? '', password)).toBe(true);
      } finally {
        await db.close();
      }
      const own = JSON.parse(await readFile(example, 'utf8')) as { resources: unknown[] };
      const cloud = await collectQueuedInventory(dir);
      expect(cloud.simulations.map((s) => s.scenario)).toEqual([own]);
      expect(cloud.resources.length).toBeGreaterThan(0);
    },
    120_000,
  );

  itWithoutPostgresRerun(
    'refuses a malformed --scenario before writing anything, naming the file, the path and the field',
    async () => {
      const dir = join(dataDir, 'bad-scenario');
      await mkdir(dir, { recursive: true });
      const file = join(dir, 'mine.json');
      const example = JSON.parse(await readFile(EXAMPLE_SCENARIO_FILE, 'utf8'));
      example.resources[2].metrics = { profile: 'sleepy' };
      await writeFile(file, JSON.stringify(example));
      const bad = await run({}, [...demoArgs, '--scenario', file], dir);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`--scenario ${file}: resources[2].metrics.profile: expected one of idle|`);
      example.resources[2].metrics = {};
      example.kubernetes = {
        clusters: [{ name: 'prod', workloads: [{ namespace: 'shop', kind: 'deployment' }] }],
      };
      await writeFile(file, JSON.stringify(example));
      const section = await run({}, [...demoArgs, '--scenario', file], dir);
      expect(section.code).toBe(2);
      expect(section.stderr).toContain(`--scenario ${file}: kubernetes.clusters[0].workloads[0].name: `);
      const missing = await run({}, [...demoArgs, '--scenario', join(dir, 'none.json')], dir);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain(`--scenario ${join(dir, 'none.json')}: cannot be read`);
      // Neither demo data nor a warehouse was written (the test helper seeds the app database folder).
      const written = await readdir(dir);
      expect(written).not.toContain('demo');
      expect(written).not.toContain('warehouse.duckdb');
    },
  );

  itWithoutPostgresRerun(
    'fails clearly after --lock-timeout while another process (not a server) holds the warehouse',
    async () => {
      const dir = join(dataDir, 'locked');
      await whileWarehouseHeld(dir, async () => {
        const result = await run({}, [...demoArgs, '--lock-timeout', '0'], dir);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/in use by another Finlens process/);
        expect(result.stderr).toMatch(/no running Finlens server of this data folder answers/);
      });
    },
    60_000,
  );

  it("imports into the demo user's own client, not an older client that only has the same name", async () => {
    const dir = join(dataDir, 'same-name');
    const workshop = billingDataset('aws-cur-legacy-csv-anonymized');
    const file = join(workshop.dir, workshop.files[0] as string);
    const imported = await run(
      {},
      ['import', file, '--client', 'Finlens Demo', '--project', 'Demo organisation'],
      dir,
    );
    expect(imported.code, imported.stderr).toBe(0);
    // The first case's demo data (the same options) is reused rather than generated again, when it is there.
    await cp(demoDataDir(dataDir), demoDataDir(dir), { recursive: true }).catch(() => {});
    const demo = await run({ DEMO_PASSWORD: PASSWORD }, demoArgs, dir);
    expect(demo.code, demo.stderr).toBe(0);

    const db = await openCliAppDatabase(dir);
    let projects: { id: string; client_id: string }[];
    let demoClientId: string;
    try {
      const user = await db.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      const membership = await db.db
        .selectFrom('memberships')
        .select('client_id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      demoClientId = membership.client_id;
      projects = await db.db
        .selectFrom('projects')
        .select(['id', 'client_id'])
        .orderBy('created_at')
        .execute();
    } finally {
      await db.close();
    }
    expect(projects).toHaveLength(2);
    const [older, demoProject] = projects;
    expect(older?.client_id).not.toBe(demoClientId);
    expect(demoProject?.client_id).toBe(demoClientId);
    const store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
    try {
      // The older client keeps exactly its November 2023; the demo's two months went to the demo client.
      const olderPeriods = await store.periodTotals({ projectId: older?.id ?? '' });
      expect(olderPeriods.map((p) => [p.billingPeriod.slice(0, 7), p.rows])).toEqual([['2023-11', 1281]]);
      const demoPeriods = await store.periodTotals({ projectId: demoProject?.id ?? '' });
      expect(demoPeriods.map((p) => p.billingPeriod.slice(0, 7))).toEqual(['2026-01', '2026-02']);
    } finally {
      await store.close();
    }
  }, 180_000);

  itWithoutPostgresRerun('rejects a bad --rows or --end-month naming the option', async () => {
    const rows = await run({}, ['demo', '--rows', 'many']);
    expect(rows.code).toBe(2);
    expect(rows.stderr).toMatch(/--rows must be a whole number of at least 1 \(got "many"\)/);
    const month = await run({}, ['demo', '--end-month', '2026-13']);
    expect(month.code).toBe(2);
    expect(month.stderr).toMatch(/--end-month must be YYYY-MM/);
  });

  itWithoutPostgresRerun('generates passwords that satisfy the rules', () => {
    for (let i = 0; i < 50; i++) {
      expect(
        passwordProblems(generateDemoPassword(), {
          email: 'demo@finlens.local',
          companyName: 'Finlens Demo',
        }),
      ).toEqual([]);
    }
  });
});
