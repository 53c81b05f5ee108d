import { WEEK_PRESETS } from '@finlens/cost-model/scheduler/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { parseScenario } from '../../integrations/cloud/simulated/scenario-file';
import { manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../../integrations/cloud/simulated/simulated-cloud';
import { createReconciler } from './reconciler';
import { createReconcilerRepo } from './reconciler.repo';
import { createSchedulerRepo } from './scheduler.repo';

const ACC = '123456789012';
const REGION = 'us-east-1';
const NOW = Date.parse('2026-03-02T22:00:00Z'); // Monday 22:00 UTC: office hours want the group stopped
const NO_LISTS = { ec2: [], rds: [], rds_cluster: [], eks_nodegroup: [], autoscaling_groups: [] };
const SCENARIO = parseScenario({
  version: 1,
  start: '2026-03-01T00:00:00Z',
  regions: [{ name: REGION }],
  accounts: [{ accountId: ACC }],
  resources: [
    {
      kind: 'autoscaling-group',
      id: 'asg-web',
      accountId: ACC,
      region: REGION,
      minSize: 1,
      desiredCapacity: 2,
      maxSize: 4,
    },
    {
      kind: 'autoscaling-group',
      id: 'asg-batch',
      accountId: ACC,
      region: REGION,
      minSize: 2,
      desiredCapacity: 3,
      maxSize: 6,
    },
  ],
});

describe('one-off actions on an Auto Scaling group', () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('one-off');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a one-off start restores the sizes its schedule saved (or, outside any schedule, those before its stop)', async () => {
    const db = database.db;
    const { clientId, projectId } = await insertClientAndProject(db, 'C', { name: 'P' });
    const schedules = createSchedulerRepo({ db });
    await schedules.insert(
      {
        client_id: clientId,
        project_id: projectId,
        name: 'office',
        account_number: null,
        target: null,
        time_zone: 'UTC',
        windows: WEEK_PRESETS['office-hours'],
        resources: { ...NO_LISTS, autoscaling_groups: ['asg-web'] },
        hibernate: false,
        enforced: false,
        enabled: true,
        tag_key: 'finlens:scheduler',
        tag_value: null,
        holidays: [],
        holiday_country: null,
      },
      null,
    );
    const clock = manualClock(new Date(NOW));
    const cloud = createSimulatedCloud({ scenario: SCENARIO, clock });
    const account = { accountId: ACC, credentials: { kind: 'server-identity' } } as const;
    const inventory = ['asg-web', 'asg-batch'].map((id) => ({
      project_id: projectId,
      account_id: ACC,
      region: REGION,
      kind: 'autoscaling-group',
      resource_id: id,
      name: null,
      state: 'active',
      tags: {},
    }));
    const reconciler = createReconciler({
      schedules,
      repo: createReconcilerRepo({ db }),
      inventory: { resources: async () => inventory },
      targets: { resolve: async () => ({ port: cloud, accounts: [account] }) },
      notify: async () => {},
      now: clock.now,
      tickMs: 60_000,
    });
    const sizes = (id = 'asg-web') => {
      const r = cloud.world.find(ACC, REGION, { kind: 'autoscaling-group', id })?.resource as {
        minSize: number;
        desiredCapacity: number;
        maxSize: number;
      };
      return [r.minSize, r.desiredCapacity, r.maxSize];
    };
    const oneOff = (action: 'start' | 'stop', id = 'asg-web') =>
      schedules.insertOneOff({
        client_id: clientId,
        project_id: projectId,
        account_number: null,
        action,
        run_at: clock.now(),
        resources: { ...NO_LISTS, autoscaling_groups: [id] },
        created_by: null,
      });

    await reconciler.tick();
    expect(sizes()).toEqual([0, 0, 0]); // the schedule stopped it, saving 1/2/4

    await oneOff('start');
    clock.set(new Date(NOW + 60_000));
    await reconciler.tick();
    expect(sizes()).toEqual([1, 2, 4]);
    clock.set(new Date(NOW + 120_000));
    await reconciler.tick();
    expect(sizes()).toEqual([1, 2, 4]); // not enforced: the schedule reports the drift and leaves it

    await oneOff('stop');
    clock.set(new Date(NOW + 180_000));
    await reconciler.tick();
    expect(sizes()).toEqual([0, 0, 0]);

    const log = await db
      .selectFrom('scheduler_actions')
      .selectAll()
      .where('cause', '=', 'one-off')
      .orderBy('performed_at')
      .execute();
    const of = (id: string) =>
      log.filter((r) => r.resource_id === id).map((r) => [r.outcome, r.state_before, r.state_after]);
    expect(of('asg-web')).toEqual([
      ['succeeded', '0/0/0', '1/2/4'],
      ['succeeded', '1/2/4', '0/0/0'],
    ]);

    // A group no schedule covers: the one-off stop's log keeps its sizes, the one-off start restores them.
    await oneOff('stop', 'asg-batch');
    clock.set(new Date(NOW + 240_000));
    await reconciler.tick();
    expect(sizes('asg-batch')).toEqual([0, 0, 0]);
    await oneOff('start', 'asg-batch');
    clock.set(new Date(NOW + 300_000));
    await reconciler.tick();
    expect(sizes('asg-batch')).toEqual([2, 3, 6]);
    const batch = await db
      .selectFrom('scheduler_actions')
      .select(['outcome', 'state_before', 'state_after'])
      .where('resource_id', '=', 'asg-batch')
      .orderBy('performed_at')
      .execute();
    expect(batch.map((r) => [r.outcome, r.state_before, r.state_after])).toEqual([
      ['succeeded', '2/3/6', '0/0/0'],
      ['succeeded', '0/0/0', '2/3/6'],
    ]);
  });
});
