import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTables } from '../../db/tables';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import {
  ACCOUNT_ID,
  CONTRACT_IDS,
  CONTRACT_NOW,
  CONTRACT_SCENARIO,
} from '../../integrations/cloud/contract-world.test-helper';
import { parseScenario } from '../../integrations/cloud/simulated/scenario-file';
import { type ManualClock, manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../../integrations/cloud/simulated/simulated-cloud';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobWorker } from '../../platform/jobs/job-worker';
import { createCollectionTargets } from './collection-targets';
import { createCollectionTargetsRepo } from './collection-targets.repo';
import { inventoryCollectionFor, inventoryJobHandlers } from './inventory.jobs';
import { createInventoryRepo } from './inventory.repo';
import { REGION_KIND } from './inventory-collection.service';

const silent = { info() {}, warn() {}, error() {} };
const noAws = new Proxy({} as CloudPort, {
  get: () => () => Promise.reject(new Error('AWS must not be called for a simulated project')),
});

async function addProject(db: Kysely<AppTables>, cloudAccountId: string | null = null) {
  const { projectId } = await insertClientAndProject(db, 'Acme', { cloud_account_id: cloudAccountId });
  return projectId;
}

describe('inventory collection jobs', () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('inventory-jobs');
  });
  afterAll(async () => {
    await database?.close();
  });

  const secretBox = createSecretBox('x'.repeat(32));
  const setup = (simClock: ManualClock = manualClock(CONTRACT_NOW)) => {
    const db = database.db;
    const collection = inventoryCollectionFor({ db, secretBox, aws: noAws, simClock });
    const worker = () =>
      createJobWorker({
        queue: createJobQueue({ db }),
        handlers: inventoryJobHandlers(collection),
        logger: silent,
      });
    return { db, collection, worker, repo: createInventoryRepo({ db }) };
  };
  const drain = async (worker: { runNext(): Promise<unknown> }) => {
    while ((await worker.runNext()) !== null);
  };
  const runs = (db: Kysely<AppTables>, projectId: string, passId: string) =>
    db
      .selectFrom('collection_runs')
      .select(['region', 'status', 'resource_count'])
      .where('project_id', '=', projectId)
      .where('pass_id', '=', passId)
      .orderBy('region')
      .execute();

  it('collects every enabled region of a simulated project, a job per region', async () => {
    const { db, collection, worker, repo } = setup();
    const projectId = await addProject(db);
    await repo.saveScenario(projectId, CONTRACT_SCENARIO);
    await collection.enqueuePass(projectId, 'now-1');
    await drain(worker());
    // af-south-1 needs opting in and the account has not: not collected. eu-west-1 denies RDS.
    expect(await runs(db, projectId, 'now-1')).toEqual([
      { region: 'ap-east-1', status: 'succeeded', resource_count: 0 },
      { region: 'eu-west-1', status: 'partial', resource_count: 1 },
      { region: 'us-east-1', status: 'succeeded', resource_count: 16 },
    ]);
  });

  it('finishes the unfinished regions after a restart mid-collection, without duplicates', async () => {
    const { db, collection, worker, repo } = setup();
    const projectId = await addProject(db);
    await repo.saveScenario(projectId, CONTRACT_SCENARIO);
    await collection.enqueuePass(projectId, 'now-1');
    const first = worker();
    await first.runNext(); // the pass: three region jobs queued
    await first.runNext(); // one region done
    // The process dies holding the next region job, after it started its run.
    const queue = createJobQueue({ db });
    const held = await queue.claim({ workerId: 'dead', kinds: [REGION_KIND], leaseMs: 1 });
    if (held === null) throw new Error('a region job should be queued');
    const { passId, region } = held.payload as { passId: string; region: string };
    const run = await repo.openRun({ projectId, passId, accountId: '111111111111', region });
    await repo.markRunning(run.id, new Date());
    await new Promise((resolve) => setTimeout(resolve, 5));
    // A new process: the pass enqueued again changes nothing; the expired job and the rest run once.
    await collection.enqueuePass(projectId, 'now-1');
    await drain(worker());
    expect((await runs(db, projectId, 'now-1')).map((r) => r.status)).toEqual([
      'succeeded',
      'partial',
      'succeeded',
    ]);
    const changes = await db
      .selectFrom('inventory_changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(Number(changes.n)).toBe(17);
    const resources = await db
      .selectFrom('inventory_resources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(Number(resources.n)).toBe(17);
  });

  it('records an account-wide refusal once and leaves projects without credentials alone', async () => {
    const { db, collection, worker, repo } = setup();
    const denied = await addProject(db);
    await repo.saveScenario(denied, {
      ...CONTRACT_SCENARIO,
      faults: [{ accountId: '111111111111', service: 'sts', code: 'AccessDenied' }],
    });
    const awaiting = await addProject(db, '222222222222');
    expect(await collection.enqueueAll('daily:1')).toBeGreaterThanOrEqual(1);
    await collection.enqueuePass(awaiting, 'daily:1');
    await drain(worker());
    expect(await runs(db, denied, 'daily:1')).toEqual([{ region: '*', status: 'failed', resource_count: 0 }]);
    expect(await runs(db, awaiting, 'daily:1')).toEqual([]);
  });

  it('collects an account the operator marked (SERVER_IDENTITY_ACCOUNTS) with the server identity, through the port built for it only', async () => {
    const db = database.db;
    const marked = await addProject(db, ACCOUNT_ID);
    const unmarked = await addProject(db, ACCOUNT_ID);
    // A stand-in for the AWS adapter built with allowServerIdentity, recording the accounts it signs in to.
    const signIns: unknown[] = [];
    const simulated = createSimulatedCloud({
      scenario: parseScenario(CONTRACT_SCENARIO),
      clock: manualClock(CONTRACT_NOW),
    });
    const port = new Proxy(simulated, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (account: { credentials: unknown }, ...rest: unknown[]) => {
          signIns.push(account.credentials);
          return value.call(target, account, ...rest);
        };
      },
    });
    const collection = inventoryCollectionFor({
      db,
      secretBox,
      aws: noAws,
      serverIdentity: { accounts: new Set([marked]), port },
    });
    const worker = createJobWorker({
      queue: createJobQueue({ db }),
      handlers: inventoryJobHandlers(collection),
      logger: silent,
    });
    await collection.enqueueAll('daily:marked');
    await drain(worker);
    expect((await runs(db, marked, 'daily:marked')).map((run) => run.region)).toContain('us-east-1');
    expect(await runs(db, unmarked, 'daily:marked')).toEqual([]);
    expect(signIns.length).toBeGreaterThan(0);
    expect(new Set(signIns.map((credentials) => JSON.stringify(credentials)))).toEqual(
      new Set([JSON.stringify({ kind: 'server-identity' })]),
    );
  });

  it('collects every account of a simulated project that names none, a run per account and region', async () => {
    const { db, collection, worker, repo } = setup();
    const projectId = await addProject(db);
    const other = '222222222222';
    const web = CONTRACT_SCENARIO.resources[0];
    await repo.saveScenario(projectId, {
      ...CONTRACT_SCENARIO,
      regions: [{ name: 'us-east-1' }],
      accounts: [{ accountId: ACCOUNT_ID }, { accountId: other }],
      resources: [...CONTRACT_SCENARIO.resources, { ...web, accountId: other }],
    });
    await collection.enqueuePass(projectId, 'all-1');
    await drain(worker());
    const perAccount = await db
      .selectFrom('collection_runs')
      .select(['account_id', 'region', 'status', 'resource_count'])
      .where('project_id', '=', projectId)
      .orderBy('account_id')
      .execute();
    expect(perAccount).toEqual([
      { account_id: ACCOUNT_ID, region: 'us-east-1', status: 'succeeded', resource_count: 16 },
      { account_id: other, region: 'us-east-1', status: 'succeeded', resource_count: 1 },
    ]);
  });

  it('keeps the simulated cloud’s state between jobs: an instance stopped after one pass lists as stopped, its CPU at zero, in the next', async () => {
    const clock = manualClock(CONTRACT_NOW);
    const { db, collection, worker, repo } = setup(clock);
    const projectId = await addProject(db);
    await repo.saveScenario(projectId, CONTRACT_SCENARIO);
    await collection.enqueuePass(projectId, 'before');
    await drain(worker());
    const stateOf = async () =>
      (
        await db
          .selectFrom('inventory_resources')
          .select('state')
          .where('project_id', '=', projectId)
          .where('resource_id', '=', CONTRACT_IDS.web)
          .executeTakeFirstOrThrow()
      ).state;
    expect(await stateOf()).toBe('running');

    // An action through the port of one job (as the scheduler will take it) …
    const targets = () =>
      createCollectionTargets({
        repo: createCollectionTargetsRepo({ db }),
        secretBox,
        aws: noAws,
        simClock: clock,
      });
    const acting = await targets().resolve(projectId, null);
    if (acting?.kind !== 'simulated') throw new Error('the project should be simulated');
    const account = acting.accounts[0] as (typeof acting.accounts)[number];
    const ref = { kind: 'ec2-instance', id: CONTRACT_IDS.web } as const;
    await acting.port.act(account, { type: 'stop', region: 'us-east-1', resource: ref });
    clock.advance(3 * 3_600_000);

    // … is seen by the next pass, whose cloud is built again from the scenario and the kept actions.
    await collection.enqueuePass(projectId, 'after');
    await drain(worker());
    expect(await stateOf()).toBe('stopped');
    const change = await db
      .selectFrom('inventory_changes')
      .innerJoin('collection_runs', 'collection_runs.id', 'inventory_changes.run_id')
      .select(['change', 'fields'])
      .where('collection_runs.pass_id', '=', 'after')
      .where('inventory_changes.project_id', '=', projectId)
      .where('inventory_changes.resource_id', '=', CONTRACT_IDS.web)
      .executeTakeFirstOrThrow();
    // … with the time it stopped, as EC2's StateTransitionReason gives it.
    expect(change).toMatchObject({
      change: 'changed',
      fields: [
        { field: 'state', after: 'stopped' },
        { field: 'stateTransitionAt', before: null, after: expect.any(String) },
      ],
    });

    const reading = await targets().resolve(projectId, null);
    if (reading?.kind !== 'simulated') throw new Error('the project should be simulated');
    const { series } = await reading.port.getMetrics(account, 'us-east-1', {
      queries: [{ id: 'cpu', metric: 'cpu-utilization', resource: ref, stat: 'Average' }],
      start: new Date(CONTRACT_NOW.getTime() - 2 * 3_600_000),
      end: clock.now(),
      periodSeconds: 3600,
    });
    const values = series[0]?.points.map((p) => Math.round(p.value)) ?? [];
    expect(values.slice(0, 2).every((v) => v > 0)).toBe(true);
    expect(values.slice(-2)).toEqual([0, 0]);
  });
});
