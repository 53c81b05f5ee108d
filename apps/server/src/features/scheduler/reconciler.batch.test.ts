import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTables } from '../../db/tables';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import {
  type ActionAnswer,
  type CloudAction,
  CloudActionError,
} from '../../integrations/cloud/cloud-actions';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import { parseScenario } from '../../integrations/cloud/simulated/scenario-file';
import { manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../../integrations/cloud/simulated/simulated-cloud';
import { createSchedulerRepo } from './scheduler.repo';
import { inventoryOf, NO_LISTS, reconcilerOver, scheduleValues } from './scheduler.test-helper';

const ACC = '123456789012';
const TICK = 60_000;
const STOP_AT = Date.parse('2026-03-02T22:00:00Z'); // Monday 22:00 UTC: office hours want everything stopped
/** 2,001 instances in us-east-1 and two in eu-west-1. */
const INSTANCES = Array.from({ length: 2_003 }, (_, i) => ({
  kind: 'ec2-instance' as const,
  id: `i-${i.toString(16).padStart(17, '0')}`,
  accountId: ACC,
  region: i < 2_001 ? 'us-east-1' : 'eu-west-1',
  instanceType: 't3.small',
  state: 'running',
  tags: { 'finlens:scheduler': 'dev' },
}));
const REFUSED = INSTANCES[1_234]?.id as string;
const ACCOUNT = { accountId: ACC, credentials: { kind: 'server-identity' } } as const;

/**
 * The simulated cloud of `instances` at the stop's minute, its EC2 calls recorded (`wrap` may answer them
 * instead), and a reconciler of the project over it.
 */
function arrange(
  db: Kysely<AppTables>,
  projectId: string,
  instances: typeof INSTANCES,
  wrap: (cloud: CloudPort, actions: readonly CloudAction[]) => Promise<ActionAnswer[]> = (cloud, actions) =>
    cloud.actMany(ACCOUNT, actions),
) {
  const clock = manualClock(new Date(STOP_AT));
  const cloud = createSimulatedCloud({
    scenario: parseScenario({
      version: 1,
      start: '2026-03-01T00:00:00Z',
      regions: [{ name: 'us-east-1' }, { name: 'eu-west-1' }],
      accounts: [{ accountId: ACC }],
      resources: instances,
    }),
    clock,
  });
  const calls: CloudAction[][] = [];
  const port: CloudPort = {
    ...cloud,
    act: () => Promise.reject(new Error('an instance went alone, not in a batch')),
    actMany(_account, actions) {
      calls.push([...actions]);
      return wrap(cloud, actions);
    },
  };
  const reconciler = reconcilerOver({
    db,
    schedules: createSchedulerRepo({ db }),
    inventory: inventoryOf(instances, projectId),
    port,
    accountId: ACC,
    now: clock.now,
    tickMs: TICK,
  });
  return { clock, calls, reconciler };
}

describe('a boundary tick over thousands of instances', () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('reconciler-batch');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stops them in calls of at most 1,000 with a few queries, a refused instance alone failing and retried', async () => {
    let queries = 0;
    const db = database.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const { clientId, projectId } = await insertClientAndProject(database.db, 'C', { name: 'P' });
    await createSchedulerRepo({ db }).insert(
      scheduleValues(clientId, projectId, { name: 'dev', tag_value: 'dev' }),
      null,
    );
    let refuse = true;
    // EC2 refuses one instance of a batch once (IncorrectInstanceState); the others' stops stand.
    const { clock, calls, reconciler } = arrange(db, projectId, INSTANCES, async (cloud, actions) => {
      const answers: ActionAnswer[] = await cloud.actMany(
        ACCOUNT,
        actions.filter((a) => !(refuse && a.resource.id === REFUSED)),
      );
      return actions.map((a) =>
        refuse && a.resource.id === REFUSED
          ? {
              ok: false,
              error: new CloudActionError('invalid-state', `IncorrectInstanceState: ${a.resource.id}`),
            }
          : (answers.shift() as ActionAnswer),
      );
    });

    queries = 0;
    const report = await reconciler.tick();
    expect(report).toMatchObject({ resources: 2_003, acted: 2_002, failed: 1 });
    // Chunks of 1,000 claims sorted by region, each chunk's actions a call per region.
    expect(calls.map((c) => [c[0]?.region, c.length])).toEqual([
      ['eu-west-1', 2],
      ['us-east-1', 998],
      ['us-east-1', 1_000],
      ['us-east-1', 3],
    ]);
    expect(calls.every((c) => c.every((a) => a.region === c[0]?.region))).toBe(true);
    // Schedules, overrides, the log read, the failures read, a claim and an outcome write per chunk of 1,000
    // (three), the one-offs due: not one query per instance.
    expect(queries).toBe(11);

    const log = await database.db.selectFrom('scheduler_actions').selectAll().execute();
    expect(log.filter((r) => r.outcome === 'succeeded' && r.state_after === 'stopping')).toHaveLength(2_002);
    const failed = log.filter((r) => r.outcome === 'failed');
    expect(failed.map((r) => [r.resource_id, r.intent_key.includes('#fail-'), r.answer])).toEqual([
      [REFUSED, true, { code: 'invalid-state', message: `IncorrectInstanceState: ${REFUSED}` }],
    ]);

    // A tick later the refused one is tried again, alone; the others are stopping and left alone.
    refuse = false;
    calls.length = 0;
    clock.set(new Date(STOP_AT + TICK));
    expect(await reconciler.tick()).toMatchObject({ acted: 1, failed: 0 });
    expect(calls.map((c) => c.map((a) => a.resource.id))).toEqual([[REFUSED]]);
  });

  it('a one-off stop of a thousand instances goes through the same batched calls, and is done', async () => {
    const { clientId, projectId } = await insertClientAndProject(database.db, 'D', { name: 'Q' });
    const db = database.db;
    const schedules = createSchedulerRepo({ db });
    // 1,001 instances in us-east-1 and two in eu-west-1, listed by id (no schedule covers them).
    const mine = INSTANCES.slice(1_000);
    const { clock, calls, reconciler } = arrange(db, projectId, mine);
    const oneOff = await schedules.insertOneOff({
      client_id: clientId,
      project_id: projectId,
      account_number: null,
      action: 'stop',
      run_at: clock.now(),
      hold_until: null,
      resources: { ...NO_LISTS, ec2: mine.map((r) => r.id) },
      created_by: null,
    });

    expect(await reconciler.tick()).toMatchObject({ acted: 1_003, failed: 0 });
    expect(calls.map((c) => [c[0]?.region, c.length])).toEqual([
      ['eu-west-1', 2],
      ['us-east-1', 998],
      ['us-east-1', 3],
    ]);
    const log = await db
      .selectFrom('scheduler_actions')
      .select(['cause', 'outcome', 'state_after'])
      .where('one_off_id', '=', oneOff.id)
      .execute();
    expect(log).toHaveLength(1_003);
    expect(
      log.every((r) => r.cause === 'one-off' && r.outcome === 'succeeded' && r.state_after === 'stopping'),
    ).toBe(true);
    const done = await db
      .selectFrom('scheduler_one_offs')
      .select('done_at')
      .where('id', '=', oneOff.id)
      .executeTakeFirstOrThrow();
    expect(done.done_at).not.toBeNull();
  });
});
