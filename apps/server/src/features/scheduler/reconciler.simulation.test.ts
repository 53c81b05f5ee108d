import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { nextChange } from '@finlens/cost-model/scheduler/desired-state';
import { dayTimeFormToWindows, WEEK_PRESETS } from '@finlens/cost-model/scheduler/week';
import { type BillTimeline, billedShare, billTimeline } from '@finlens/fixtures/demo/bill-actions';
import { billingPeriods, daysOf } from '@finlens/fixtures/demo/calendar';
import { SKUS } from '@finlens/fixtures/demo/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { tempWarehouse } from '../../ingest/import-file.test-helper';
import {
  type ActionAnswer,
  type CloudAction,
  CloudActionError,
} from '../../integrations/cloud/cloud-actions';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import { parseScenario } from '../../integrations/cloud/simulated/scenario-file';
import { manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../../integrations/cloud/simulated/simulated-cloud';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { savingsLedgerFor } from '../savings-ledger/savings-ledger.jobs';
import type { Reconciler } from './reconciler';
import { STALE_CLAIM_MS } from './reconciler.repo';
import { scheduleLedgerFor } from './schedule-ledger';
import { createSchedulerRepo, type ScheduleValues } from './scheduler.repo';
import { scheduleState } from './scheduler.service';
import type { ActionRow } from './scheduler.tables';
import {
  insertBillLines,
  inventoryOf,
  NO_LISTS,
  reconcilerOver,
  schedulerServiceOver,
  scheduleValues,
  type TestBillLine,
} from './scheduler.test-helper';

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
/** A started instance or database is pending this long before it runs (and bills). */
const TRANSITION_S = 120;

const SCENARIO = parseScenario({
  version: 1,
  start: '2026-03-01T00:00:00Z',
  transitionSeconds: TRANSITION_S,
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
      instanceClass: 'db.r6g.large',
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

/**
 * The bill of the scheduled resources, in the demo bill's SKUs and by its rule for actions (fixtures
 * bill-actions: a stopped or hibernated instance or database bills no running hours from the stop, a started one
 * from the end of its transition; RDS storage bills on): a full day of each line costs `perDay`. The storage's
 * day is fixed (no month-length proration, which would move the rate between February and March by itself).
 */
const sku = (usage: string) => SKUS.find((k) => k.usage === usage) as (typeof SKUS)[number];
const DB_ARN = `arn:aws:rds:${REGION}:${ACC}:db:db-weekly`;
const BILLED = [
  { resourceId: 'i-0office', sku: sku('BoxUsage:m5.large'), perDay: 0.096 * 24 },
  { resourceId: 'i-0nights', sku: sku('BoxUsage:m5.large'), perDay: 0.096 * 24 },
  { resourceId: DB_ARN, sku: sku('InstanceUsage:db.r6g.large'), perDay: 0.225 * 24 },
  { resourceId: DB_ARN, sku: sku('RDS:GP3-Storage'), perDay: 0.5 },
];
const BILL_DAYS = billingPeriods('2026-03', 3).flatMap((period) => daysOf(period, 0));

/** The bill's lines from `from` to `to` (days), as `timeline`'s actions left the resources (none: running). */
function billLines(timeline: BillTimeline | null, from: string, to: string): TestBillLine[] {
  return BILL_DAYS.flatMap((day) => {
    const date = day.start.toISOString().slice(0, 10);
    if (date < from || date > to) return [];
    return BILLED.map((b) => {
      const share = timeline === null ? 1 : (billedShare(timeline, ACC, b.sku, b.resourceId, day) ?? 1);
      const usageType = `USE1-${b.sku.usage}`;
      return {
        day: date,
        service: b.sku.code,
        account: ACC,
        region: REGION,
        resourceId: b.resourceId,
        usageType,
        cost: b.perDay * share,
      };
    }).filter((line) => line.cost > 0);
  });
}

/** Fault windows: throttled acts, one API error, a hung act (process killed), server down (no ticks). */
const THROTTLE = [at('2026-03-10T15:00:00Z'), at('2026-03-10T15:20:00Z')] as const;
const API_ERROR_AT = at('2026-03-18T15:00:00Z');
const KILLED_AT = at('2026-03-17T03:00:00Z');
const DOWN = [at('2026-03-20T14:00:00Z'), at('2026-03-20T18:00:00Z')] as const;
const KEEP_RUNNING = [at('2026-03-05T03:00:00Z'), at('2026-03-05T06:00:00Z')] as const;
const STOP_NOW = [at('2026-03-12T17:00:00Z'), at('2026-03-12T20:00:00Z')] as const;
const USER_START_AT = at('2026-03-12T18:00:00Z');
/** A user stops i-0office inside its window (Tuesday 10:00 in Los Angeles): the enforced schedule puts it back. */
const USER_STOP_AT = at('2026-03-24T17:00:00Z');
const RDS_RESTART_AT = at('2026-03-09T09:15:00Z');

describe('the reconciler over thirty simulated days', () => {
  let database: MigratedTestDatabase;
  const warehouse = tempWarehouse('finlens-scheduler-sim-');

  beforeAll(async () => {
    database = await openMigratedTestDatabase('scheduler');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('acts on every change within a tick, once, never inside an override, through faults; realises the estimate', async () => {
    const db = database.db;
    const { clientId, projectId } = await insertClientAndProject(db, 'Sim', { name: 'Sim' });
    const inventory = inventoryOf(SCENARIO.resources, projectId);
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
      reconcilerOver({
        db,
        schedules,
        inventory,
        port: portFor(state),
        accountId: ACC,
        notify: async (payload, key) => {
          notices.push(`${key} ${payload.subject}`);
        },
        now: clock.now,
        tickMs: TICK,
      });
    let a = processFor({ hang: false });
    const b = processFor({ hang: false });

    // The bill of the 30 days before the schedules start, every resource running all day; the schedules'
    // estimated monthly saving in the list, read from it before the first tick (the editor's pre-flight figure).
    const bill = warehouse.store;
    await insertBillLines(bill, clientId, projectId, billLines(null, '2026-01-31', '2026-03-01'));
    const caller = testCaller(clientId, { role: 'admin' });
    const service = schedulerServiceOver({ db, bill, projectId, inventory, now: clock.now });
    const savingOf = async (pick: 'estimated_monthly_saving' | 'realised_monthly_saving') =>
      Object.fromEntries((await service.list(caller)).results.map((r) => [r.schedule_name, r[pick]]));
    const estimated = await savingOf('estimated_monthly_saving');
    // The ledger pass (every 15 minutes in the server; daily here) turns each first stop into an entry.
    const ledger = scheduleLedgerFor({ db, bill, now: clock.now });

    for (let t = START; t < END; t += TICK) {
      clock.set(new Date(t));
      if (t >= DOWN[0] && t < DOWN[1]) continue;
      for (const [when, type] of [
        [USER_START_AT, 'start'],
        [USER_STOP_AT, 'stop'],
      ] as const) {
        if (t === when)
          await cloud.act(account, {
            type,
            region: REGION,
            resource: { kind: 'ec2-instance', id: 'i-0office' },
          });
      }
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
      if ((t - START) % DAY === 0) await ledger.recordStops();
    }

    const log = await db.selectFrom('scheduler_actions').selectAll().orderBy('performed_at').execute();
    const done = log.filter((r) => r.outcome === 'succeeded');

    // Every action the cloud performed for the scheduler is in the log, and nothing else is.
    expect(done.length).toBe(succeeded.length);

    // Zero duplicates: a resource never gets the same action twice without the opposite one between.
    const byResource = new Map<string, string[]>();
    // Starts nobody asked the scheduler for: the user's, and AWS's after seven days.
    const outside = [
      { at: USER_START_AT, action: { type: 'start', resource: { kind: 'ec2-instance', id: 'i-0office' } } },
      { at: USER_STOP_AT, action: { type: 'stop', resource: { kind: 'ec2-instance', id: 'i-0office' } } },
      { at: RDS_RESTART_AT, action: { type: 'start', resource: { kind: 'rds-instance', id: 'db-weekly' } } },
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

    // Stopped by a user inside its window with no override: drift, said once, and the enforced schedule puts it
    // back at the next tick.
    const putBack = done.filter((d) => d.resource_id === 'i-0office' && d.cause === 'enforce');
    expect(putBack.map((d) => [d.action, new Date(d.performed_at).getTime()])).toEqual([
      ['start', USER_STOP_AT + TICK],
    ]);
    expect(notices.filter((n) => n.includes('i-0office was stopped inside its schedule'))).toHaveLength(1);

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

    // Realised = the pre-flight estimate. The bill of the thirty days follows what the cloud did (the
    // scheduler's actions and the user's and AWS's starts); the ledger verifies each first stop from it, its
    // recent week (25–31 March UTC, after every fault) against the 14 days before. An unchanged workload saves
    // what the estimate said, plus only the minutes each start of that week spent pending, which the bill does
    // not charge: i-0office starts 5 times (Wed–Fri, Mon, Tue 15:00 UTC), i-0nights 7 (01:15 UTC daily),
    // db-weekly once (Monday 08:00 UTC).
    const timeline = billTimeline(
      [...outside, ...succeeded].map((s) => ({ ...s, at: new Date(s.at).toISOString(), accountId: ACC })),
      TRANSITION_S,
    );
    await insertBillLines(bill, clientId, projectId, billLines(timeline, '2026-03-02', '2026-03-31'));
    const savings = savingsLedgerFor({
      db,
      warehouse: bill,
      resolve: async () => null,
      findRecommendation: async () => null,
    });
    expect(await savings.verify.verifyAll(clientId)).toBe(4); // i-0office, asg-web (not billed), i-0nights, db-weekly
    const realised = await savingOf('realised_monthly_saving');
    const month = (hourly: number, hoursAWeek: number) => ((hourly * hoursAWeek) / 7) * DAYS_PER_MONTH;
    const pending = (starts: number) => (starts * TRANSITION_S) / 3600;
    // Stopped 108 h a week by office hours, 63 by nights off, 167 by one hour on Mondays.
    expect(estimated).toEqual({
      office: expect.closeTo(month(0.096, 108), 9),
      nights: expect.closeTo(month(0.096, 63), 9),
      'weekly db': expect.closeTo(month(0.225, 167), 9),
    });
    expect(realised).toEqual({
      office: expect.closeTo((estimated.office ?? 0) + month(0.096, pending(5)), 9),
      nights: expect.closeTo((estimated.nights ?? 0) + month(0.096, pending(7)), 9),
      'weekly db': expect.closeTo((estimated['weekly db'] ?? 0) + month(0.225, pending(1)), 9),
    });
  }, 600_000);
});
