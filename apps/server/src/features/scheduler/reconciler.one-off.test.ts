import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTables } from '../../db/tables';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { parseScenario } from '../../integrations/cloud/simulated/scenario-file';
import { manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../../integrations/cloud/simulated/simulated-cloud';
import type { ClientCaller } from '../../platform/auth/caller';
import type { InventoryEntry } from './scheduled-resources';
import { createSchedulerRepo } from './scheduler.repo';
import {
  inventoryOf,
  NO_LISTS,
  reconcilerOver,
  schedulerServiceOver,
  scheduleValues,
} from './scheduler.test-helper';

const ACC = '123456789012';
const REGION = 'us-east-1';
const NOW = Date.parse('2026-03-02T22:00:00Z'); // Monday 22:00 UTC: office hours want the group stopped
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

/** The project's office-hours schedule of asg-web, the simulated cloud of both groups at `at` and a reconciler. */
async function arrange(db: Kysely<AppTables>, label: string, at: number) {
  const { clientId, projectId } = await insertClientAndProject(db, label, { name: `P ${label}` });
  const schedules = createSchedulerRepo({ db });
  const scheduleId = await schedules.insert(
    scheduleValues(clientId, projectId, {
      name: 'office',
      resources: { ...NO_LISTS, autoscaling_groups: ['asg-web'] },
    }),
    null,
  );
  const clock = manualClock(new Date(at));
  const cloud = createSimulatedCloud({ scenario: SCENARIO, clock });
  const inventory = inventoryOf(SCENARIO.resources, projectId, 'active');
  const reconciler = reconcilerOver({
    db,
    schedules,
    inventory,
    port: cloud,
    accountId: ACC,
    now: clock.now,
  });
  /** A one-off action on a group, due now; held until `holdUntil` when given. */
  const oneOff = (action: 'start' | 'stop', id = 'asg-web', holdUntil: Date | null = null) =>
    schedules.insertOneOff({
      client_id: clientId,
      project_id: projectId,
      account_number: null,
      action,
      run_at: clock.now(),
      hold_until: holdUntil,
      resources: { ...NO_LISTS, autoscaling_groups: [id] },
      created_by: null,
    });
  return { clientId, projectId, schedules, scheduleId, clock, cloud, inventory, reconciler, oneOff };
}

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
    const { clock, cloud, reconciler, oneOff } = await arrange(db, 'C', NOW);
    const sizes = (id = 'asg-web') => {
      const r = cloud.world.find(ACC, REGION, { kind: 'autoscaling-group', id })?.resource as {
        minSize: number;
        desiredCapacity: number;
        maxSize: number;
      };
      return [r.minSize, r.desiredCapacity, r.maxSize];
    };
    await reconciler.tick();
    expect(sizes()).toEqual([0, 0, 0]); // the schedule stopped it, saving 1/2/4

    await oneOff('start');
    clock.set(new Date(NOW + 60_000));
    await reconciler.tick();
    expect(sizes()).toEqual([1, 2, 4]);
    clock.set(new Date(NOW + 120_000));
    await reconciler.tick();
    expect(sizes()).toEqual([1, 2, 4]); // the one-off holds it running until the next window starts

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

  it('a one-off stop inside the running window holds until the window ends; the schedule starts it at the next one', async () => {
    const db = database.db;
    const monday10 = Date.parse('2026-03-02T10:00:00Z'); // inside Monday's 08:00–20:00 window
    const { clientId, projectId, schedules, scheduleId, clock, cloud, inventory, reconciler, oneOff } =
      await arrange(db, 'C2', monday10);
    const desired = () => {
      const found = cloud.world.find(ACC, REGION, { kind: 'autoscaling-group', id: 'asg-web' });
      return (found?.resource as { desiredCapacity?: number } | undefined)?.desiredCapacity;
    };
    const at = async (ms: number) => {
      clock.set(new Date(ms));
      await reconciler.tick();
    };

    await at(monday10);
    expect(desired()).toBe(2); // running as the window wants: nothing to do
    await oneOff('stop');
    await at(monday10 + 60_000);
    expect(desired()).toBe(0);

    for (const later of [2, 3, 60, 9 * 60]) {
      await at(monday10 + later * 60_000);
      expect(desired(), `${later} min after the stop`).toBe(0); // the schedule does not undo it
    }

    // The details page, before the inventory is collected again: the state the port answered, and the
    // timeline's actual row stopped from the one-off on (the one-off's log row is its covering schedule's).
    const service = schedulerServiceOver({
      db,
      bill: { newestUsageDay: async () => null, resourceUsageCosts: async () => [] },
      projectId,
      inventory,
      now: clock.now,
    });
    const caller = { clientId, user: { id: 'u' } } as ClientCaller;
    const details = await service.get(caller, scheduleId);
    expect(details.scheduled_resources.map((r) => [r.resource_id, r.state])).toEqual([['asg-web', '0/0/0']]);
    const [row] = (await service.timeline(caller, scheduleId, undefined)).resources;
    expect(row?.actual.map((s) => [s.from, s.state])).toEqual([
      ['2026-03-02T00:00:00.000Z', 'unknown'],
      ['2026-03-02T10:01:00.000Z', 'stopped'],
    ]);
    expect(details.overrides).toHaveLength(1); // the hold shows beside the user's own overrides
    // Collected again after the action: the inventory's state is the newer one.
    const [entry] = inventory as [InventoryEntry];
    inventory[0] = { ...entry, state: 'seen-later', last_seen_at: new Date(monday10 + 90_000) };
    expect((await service.get(caller, scheduleId)).scheduled_resources[0]?.state).toBe('seen-later');
    inventory[0] = entry;
    const [override] = await schedules.overrides([scheduleId], new Date(monday10));
    expect(override).toMatchObject({
      resource_kind: 'autoscaling-group',
      resource_id: 'asg-web',
      running: false,
      created_by: null,
    });
    expect(new Date(override?.ends_at ?? 0).toISOString()).toBe('2026-03-02T20:00:00.000Z');

    await at(Date.parse('2026-03-02T20:01:00Z'));
    expect(desired()).toBe(0); // the window's own stop: nothing to do
    await at(Date.parse('2026-03-03T08:00:00Z'));
    expect(desired()).toBe(2); // the next window starts it with the sizes the one-off stop saved
    const log = await db
      .selectFrom('scheduler_actions')
      .select(['cause', 'outcome', 'state_after'])
      .where('project_id', '=', projectId)
      .where('outcome', '=', 'succeeded')
      .orderBy('performed_at')
      .execute();
    expect(log.map((r) => [r.cause, r.state_after])).toEqual([
      ['one-off', '0/0/0'],
      ['schedule', '1/2/4'],
    ]);
    // A one-off stop held until a chosen time: past the window's end and into the next one, then the schedule resumes.
    await at(Date.parse('2026-03-03T12:00:00Z'));
    await oneOff('stop', 'asg-web', new Date('2026-03-04T12:00:00Z'));
    await at(Date.parse('2026-03-03T12:01:00Z'));
    expect(desired()).toBe(0);
    const held = await schedules.overrides([scheduleId], new Date(Date.parse('2026-03-03T12:01:00Z')));
    expect(held.map((o) => new Date(o.ends_at).toISOString())).toContain('2026-03-04T12:00:00.000Z');
    await at(Date.parse('2026-03-04T09:00:00Z'));
    expect(desired()).toBe(0); // Wednesday's window has started, the hold has not ended
    await at(Date.parse('2026-03-04T12:01:00Z'));
    expect(desired()).toBe(2);
  });
});
