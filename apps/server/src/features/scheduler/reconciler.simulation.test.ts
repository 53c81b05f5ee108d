import { nextChange } from '@finlens/cost-model/scheduler/desired-state';
import { dayTimeFormToWindows, WEEK_PRESETS } from '@finlens/cost-model/scheduler/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createReconciler, type Reconciler } from './reconciler';
import { createReconcilerRepo, STALE_CLAIM_MS } from './reconciler.repo';
import type { InventoryEntry } from './scheduled-resources';
import { createSchedulerRepo, type ScheduleValues } from './scheduler.repo';
import { scheduleState } from './scheduler.service';
import type { ActionRow } from './scheduler.tables';
import { NO_LISTS, scheduleValues } from './scheduler.test-helper';

// Issue 22 item 7: thirty days of two server processes reconciling against a simulated cloud on a simulated
// clock, with faults injected, checked against the schedules' own change times (cost-model).

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const TICK = 15 * MIN;
const ACC = '123456789012';
const REGION = 'us-east-1';
const at = (iso: string) => Date.parse(iso);
const START = at('2026-03-02T08:00:00Z'); // Monday 00:00 in Los Angeles; DST starts on 8 March
const END = START + 30 * DAY;

const SCENARIO = parseScenario({
  version: 1,
  start: '2026-03-01T00:00:00Z',
  transitionSeconds: 120,
  regions: [{ name: REGION }],
  accounts: [{ accountId: ACC }],
  resources: [
    { kind: 'ec2-instance', id: 'i-0office', accountId: ACC, region: REGION, instanceType: 'm5.large' },
    {
      kind: 'ec2-instance',
      id: 'i-0nights',
      accountId: ACC,
      region: REGION,
      instanceType: 'm5.large',
      hibernationEnabled: true,
    },
    {
      kind: 'rds-instance',
      id: 'db-weekly',
      accountId: ACC,
      region: REGION,
      instanceClass: 'db.t3.medium',
      engine: 'postgres',
      allocatedStorageGiB: 20,
    },
    {
      kind: 'autoscaling-group',
      id: 'asg-web',
      accountId: ACC,
      region: REGION,
      minSize: 1,
      desiredCapacity: 2,
      maxSize: 4,
    },
  ],
});

const INVENTORY: InventoryEntry[] = SCENARIO.resources.map((r) => ({
  project_id: '',
  account_id: ACC,
  region: REGION,
  kind: r.kind,
  resource_id: r.id,
  name: null,
  state: 'running',
  tags: {},
}));

/** Fault windows: throttled acts, one API error, a hung act (process killed), server down (no ticks). */
const THROTTLE = [at('2026-03-10T15:00:00Z'), at('2026-03-10T15:20:00Z')] as const;
const API_ERROR_AT = at('2026-03-18T15:00:00Z');
const KILLED_AT = at('2026-03-17T03:00:00Z');
const DOWN = [at('2026-03-20T14:00:00Z'), at('2026-03-20T18:00:00Z')] as const;
const KEEP_RUNNING = [at('2026-03-05T03:00:00Z'), at('2026-03-05T06:00:00Z')] as const;
const STOP_NOW = [at('2026-03-12T17:00:00Z'), at('2026-03-12T20:00:00Z')] as const;
const USER_START_AT = at('2026-03-12T18:00:00Z');
const RDS_RESTART_AT = at('2026-03-09T09:15:00Z');

describe('the reconciler over thirty simulated days', () => {
  let database: MigratedTestDatabase;

  beforeAll(async () => {
    database = await openMigratedTestDatabase('scheduler');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('acts on every change within a tick, once, never inside an override, through faults', async () => {
    const db = database.db;
    const { clientId, projectId } = await insertClientAndProject(db, 'Sim', { name: 'Sim' });
    const inventory = INVENTORY.map((r) => ({ ...r, project_id: projectId }));
    const schedules = createSchedulerRepo({ db });
    const base = (values: Partial<ScheduleValues>) =>
      scheduleValues(clientId, projectId, { time_zone: 'America/Los_Angeles', ...values });
    const office = await schedules.insert(
      base({
        name: 'office',
        enforced: true,
        resources: { ...NO_LISTS, ec2: ['i-0office'], autoscaling_groups: ['asg-web'] },
      }),
      null,
    );
    await schedules.insert(
      base({
        name: 'nights',
        time_zone: 'Asia/Kathmandu',
        windows: WEEK_PRESETS['nights-off'],
        hibernate: true,
        resources: { ...NO_LISTS, ec2: ['i-0nights'] },
      }),
      null,
    );
    await schedules.insert(
      base({
        name: 'weekly db',
        time_zone: 'UTC',
        windows: dayTimeFormToWindows([{ days: ['monday'], start: '08:00', end: '09:00' }]).windows,
        holidays: ['2026-03-09', '2026-03-16'],
        resources: { ...NO_LISTS, rds: ['db-weekly'] },
      }),
      null,
    );
    const overrides = [
      { running: true, from: KEEP_RUNNING[0], until: KEEP_RUNNING[1] },
      { running: false, from: STOP_NOW[0], until: STOP_NOW[1] },
    ];
    for (const o of overrides) {
      await schedules.insertOverride({
        schedule_id: office,
        resource_kind: o.from === KEEP_RUNNING[0] ? 'ec2-instance' : null,
        resource_id: o.from === KEEP_RUNNING[0] ? 'i-0office' : null,
        running: o.running,
        starts_at: new Date(o.from),
        ends_at: new Date(o.until),
        created_by: null,
      });
    }

    const clock = manualClock(new Date(START));
    const cloud = createSimulatedCloud({ scenario: SCENARIO, clock });
    const account = { accountId: ACC, credentials: { kind: 'server-identity' } } as const;
    const succeeded: { at: number; action: CloudAction }[] = [];
    let apiErrorUsed = false;
    /** The cloud as one process sees it; `hang` makes its next act never answer (the process is killed). */
    const portFor = (state: { hang: boolean }): CloudPort => {
      /** The fault an action meets now, if any: throttling for all, the API error for one action only. */
      const fault = (now: number) => {
        if (now >= THROTTLE[0] && now < THROTTLE[1])
          return new CloudActionError('failed', 'ThrottlingException: Rate exceeded');
        if (now >= API_ERROR_AT && !apiErrorUsed) {
          apiErrorUsed = true;
          return new CloudActionError('failed', 'InternalError: We encountered an internal error.');
        }
        return null;
      };
      return {
        ...cloud,
        async act(acct, action) {
          const now = clock.now().getTime();
          if (state.hang) return new Promise(() => {});
          const refused = fault(now);
          if (refused) throw refused;
          const result = await cloud.act(acct, action);
          succeeded.push({ at: now, action });
          return result;
        },
        // A batch meets faults per action, as a partial failure: the others' answers stand.
        async actMany(acct, actions) {
          const now = clock.now().getTime();
          if (state.hang) return new Promise(() => {});
          const answers: ActionAnswer[] = [];
          for (const action of actions) {
            const refused = fault(now);
            if (refused) {
              answers.push({ ok: false, error: refused });
              continue;
            }
            const [answer] = await cloud.actMany(acct, [action]);
            if (answer?.ok) succeeded.push({ at: now, action });
            if (answer) answers.push(answer);
          }
          return answers;
        },
      };
    };
    const notices: string[] = [];
    const processFor = (state: { hang: boolean }): Reconciler =>
      createReconciler({
        schedules,
        repo: createReconcilerRepo({ db }),
        inventory: { resources: async () => inventory },
        targets: { resolve: async () => ({ port: portFor(state), accounts: [account] }) },
        notify: async (payload, key) => {
          notices.push(`${key} ${payload.subject}`);
        },
        now: clock.now,
        tickMs: TICK,
      });
    let a = processFor({ hang: false });
    const b = processFor({ hang: false });

    for (let t = START; t < END; t += TICK) {
      clock.set(new Date(t));
      if (t >= DOWN[0] && t < DOWN[1]) continue;
      if (t === USER_START_AT)
        await cloud.act(account, {
          type: 'start',
          region: REGION,
          resource: { kind: 'ec2-instance', id: 'i-0office' },
        });
      if (t === RDS_RESTART_AT) {
        // What AWS does to an RDS instance stopped for seven days.
        const entry = cloud.world.find(ACC, REGION, { kind: 'rds-instance', id: 'db-weekly' });
        (entry?.resource as { state: string }).state = 'available';
      }
      if (t === KILLED_AT) {
        // Process A claims the stop and dies in the call; B alone runs until A restarts.
        void processFor({ hang: true }).tick();
        await new Promise((resolve) => setTimeout(resolve, 50));
        a = processFor({ hang: false });
        continue;
      }
      await Promise.all([a.tick(), b.tick()]);
    }

    const log = await db.selectFrom('scheduler_actions').selectAll().orderBy('performed_at').execute();
    const done = log.filter((r) => r.outcome === 'succeeded');

    // Every action the cloud performed for the scheduler is in the log, and nothing else is.
    expect(done.length).toBe(succeeded.length);

    // Zero duplicates: a resource never gets the same action twice without the opposite one between.
    const byResource = new Map<string, string[]>();
    // Starts nobody asked the scheduler for: the user's, and AWS's after seven days.
    const outside = [
      { at: USER_START_AT, action: { type: 'start', resource: { id: 'i-0office' } } },
      { at: RDS_RESTART_AT, action: { type: 'start', resource: { id: 'db-weekly' } } },
    ] as const;
    for (const s of [...outside, ...succeeded].sort((x, y) => x.at - y.at)) {
      const list = byResource.get(s.action.resource.id) ?? [];
      list.push(
        s.action.type === 'hibernate'
          ? 'stop'
          : s.action.type === 'scale'
            ? s.action.desiredSize > 0
              ? 'start'
              : 'stop'
            : s.action.type,
      );
      byResource.set(s.action.resource.id, list);
    }
    for (const [id, list] of byResource) {
      for (let i = 1; i < list.length; i++)
        expect(`${id} ${list[i - 1]}→${list[i]}`).not.toMatch(/(start→start|stop→stop)$/);
    }

    // Every change of every schedule in the thirty days was acted on within one tick (faults: their bound).
    const rows = await schedules.enabledSchedules();
    const overrideRows = await schedules.overrides(
      rows.map((r) => r.id),
      new Date(0),
    );
    const allowed = (c: number) => {
      if (c >= DOWN[0] && c < DOWN[1]) return DOWN[1] - c + TICK;
      if (c >= THROTTLE[0] && c < THROTTLE[1]) return HOUR;
      if (c === KILLED_AT) return STALE_CLAIM_MS + 2 * TICK;
      if (c === API_ERROR_AT) return 2 * TICK;
      return TICK;
    };
    let checked = 0;
    for (const row of rows) {
      for (const r of inventory.filter((e) => JSON.stringify(row.resources).includes(`"${e.resource_id}"`))) {
        const state = scheduleState(row, overrideRows, r);
        for (
          let next = nextChange(state, START);
          next && next.at < END - TICK;
          next = nextChange(state, next.at)
        ) {
          // After a user's start inside the stop override, the override's end finds it running already.
          if (r.resource_id === 'i-0office' && next.at === STOP_NOW[1]) continue;
          const acted = done.find(
            (d) =>
              d.resource_id === r.resource_id &&
              d.intent_key.includes(`|${next?.at}|`) &&
              (d.cause === 'schedule' || d.cause === 'override'),
          );
          expect(acted, `${row.name} ${r.resource_id} ${new Date(next.at).toISOString()}`).toBeDefined();
          const delay = new Date((acted as ActionRow).performed_at).getTime() - next.at;
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay, `${r.resource_id} ${new Date(next.at).toISOString()}`).toBeLessThanOrEqual(
            allowed(next.at),
          );
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);

    // DST: the Monday after the change starts at 08:00 PDT = 15:00 UTC (it was 16:00 UTC the week before).
    const officeStarts = done
      .filter((d) => d.resource_id === 'i-0office' && d.action === 'start')
      .map((d) => new Date(d.performed_at).toISOString());
    expect(officeStarts).toContain('2026-03-02T16:00:00.000Z');
    expect(officeStarts).toContain('2026-03-09T15:00:00.000Z');

    // No action on i-0office inside its overrides but the override's own stop; the user's start stood.
    const inside = done.filter(
      (d) =>
        d.resource_id === 'i-0office' &&
        overrides.some(
          (o) => new Date(d.performed_at).getTime() > o.from && new Date(d.performed_at).getTime() < o.until,
        ),
    );
    expect(inside).toEqual([]);
    expect(
      log.some(
        (d) =>
          d.resource_id === 'i-0office' &&
          d.outcome === 'drift' &&
          new Date(d.performed_at).getTime() === USER_START_AT + TICK,
      ),
    ).toBe(true);

    // The RDS instance AWS started after seven days was stopped again at the next tick, and said so.
    const restop = done.find((d) => d.cause === 'rds-auto-restart');
    expect(restop && new Date(restop.performed_at).getTime()).toBe(RDS_RESTART_AT);
    expect(notices.some((n) => n.includes('started by AWS after seven days'))).toBe(true);

    // Throttled and failed attempts are logged, then retried with back-off.
    expect(log.filter((r) => r.outcome === 'throttled').length).toBeGreaterThan(0);
    // The killed process's claims (its tick's chunk of new changes, claimed together) were each taken over and done.
    const lost = log.filter((r) => r.outcome === 'failed' && r.intent_key.includes('#lost-'));
    expect(lost.length).toBeGreaterThan(0);
    for (const l of lost) {
      const key = l.intent_key.split('#lost-')[0];
      expect(new Date(l.performed_at).getTime(), key).toBe(KILLED_AT);
      expect(log.filter((r) => r.intent_key === key && r.outcome === 'succeeded').length, key).toBe(1);
    }
  }, 600_000);
});
