import { scheduleInputSchema } from '@finlens/contracts/scheduler';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { addDays } from '@finlens/cost-model/utc-calendar';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { tempWarehouse } from '../../ingest/import-file.test-helper';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { savingsLedgerFor } from '../savings-ledger/savings-ledger.jobs';
import { monthlySaving } from './schedule-estimate';
import { createScheduleLedger } from './schedule-ledger';
import { createScheduleLedgerRepo, unledgeredStopsQuery } from './schedule-ledger.repo';
import { createSchedulerRepo } from './scheduler.repo';
import {
  insertBillLines,
  NO_LISTS,
  schedulerServiceOver,
  scheduleValues,
  type TestBillLine,
} from './scheduler.test-helper';

const ACCOUNT = '111122223333';
const REGION = 'us-east-1';
/** Monday: the schedule (office hours, Monday–Friday 08:00–20:00 UTC) first stops the instance at 20:00. */
const STOPPED_ON = '2026-11-09';
const BILLED_THROUGH = '2026-11-16';
/** Office hours stop a resource 108 of 168 hours: at $0.10 an hour, over 30 days, as a month. */
const ESTIMATE = ((0.1 * 720 * 108) / 168) * (DAYS_PER_MONTH / 30);

type Part = 'before stop' | 'from stop';
const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
/** The bill's days of `part` (the 30 before the stop, or the stop day and the 7 after), with their offset. */
const daysOf = (part: Part) => {
  const [first, last] = part === 'before stop' ? [-30, -1] : [0, 7];
  return Array.from({ length: last - first + 1 }, (_, k) => ({
    i: first + k,
    day: addDays(STOPPED_ON, first + k),
  }));
};
const line = (day: string, resourceId: string, usageType: string, cost: number): TestBillLine => ({
  ...{ day, service: 'AmazonEC2', account: ACCOUNT, region: REGION, resourceId, usageType, cost },
});

/**
 * The bill of i-0abc at $0.10 an hour of m5.large: 24 running hours a day ($2.40) for the 30 days before the
 * stop; the stop day ran 08:00–20:00 ($1.20, a partial day the verification leaves out); after it, weekdays
 * ran 12 hours ($1.20) and the weekend none. Its EBS volume ($0.50 a day) bills under its own id throughout.
 */
function instanceBill(part: Part): TestBillLine[] {
  return daysOf(part).flatMap(({ i, day }) => {
    const cost = i < 0 ? 2.4 : isWeekend(day) ? 0 : 1.2;
    const volume = line(day, 'vol-0abc', 'EBS:VolumeUsage.gp3', 0.5);
    return cost > 0 ? [line(day, 'i-0abc', 'USE1-BoxUsage:m5.large', cost), volume] : [volume];
  });
}

/**
 * The bill of a group (Auto Scaling group or EKS node group): AWS charges its instances, tagged with the group
 * (`tags`), never the group. Before the stop i-0w1 and i-0w2 ran all day at $0.05 an hour ($1.20 a day each:
 * $2.40 the group, the EC2 case's rate); on the stop day each ran 08:00–20:00 ($0.60); each weekday after it
 * the group launched two new instances for 12 hours ($0.60 each), none at weekends. A same-named group's
 * instance in another account ($5 a day) is not this group's.
 */
function groupBill(tags: Record<string, string>) {
  return (part: Part): TestBillLine[] =>
    daysOf(part).flatMap(({ i, day }) => {
      const ids = i <= 0 ? ['i-0w1', 'i-0w2'] : isWeekend(day) ? [] : [`i-0n${i}a`, `i-0n${i}b`];
      const usage = 'USE1-BoxUsage:m5.large';
      return [
        ...ids.map((id) => ({ ...line(day, id, usage, i < 0 ? 1.2 : 0.6), tags })),
        { ...line(day, 'i-0else', usage, 5), account: '444455556666', tags },
      ];
    });
}

let database: MigratedTestDatabase;
const warehouse = tempWarehouse('finlens-schedule-ledger-');

beforeAll(async () => {
  database = await openMigratedTestDatabase('schedule-ledger');
});
afterAll(async () => {
  await database?.close();
});

/**
 * A schedule "Nights" of office hours over one resource: the bill of the 30 days before its first stop loaded,
 * the pre-flight saving the editor shows read from it, then the bill from the stop on loaded. Gives the
 * scheduler service, the ledger pass and the savings ledger over the shared databases, on a clock the case moves.
 */
async function ledgerCase(
  label: string,
  resource: { kind: string; list: keyof typeof NO_LISTS; id: string },
  bill: (part: Part) => TestBillLine[],
) {
  const db = database.db;
  const store = warehouse.store;
  const { clientId, projectId } = await insertClientAndProject(db, label, { name: 'P' });
  await insertBillLines(store, clientId, projectId, bill('before stop'));
  const schedules = createSchedulerRepo({ db });
  const resources = { ...NO_LISTS, [resource.list]: [resource.id] };
  const scheduleId = await schedules.insert(
    scheduleValues(clientId, projectId, { name: 'Nights', resources }),
    null,
  );
  const caller = testCaller(clientId, { role: 'admin' });
  const clock = { now: new Date(`${STOPPED_ON}T12:00:00Z`) };
  const entry = { project_id: projectId, account_id: ACCOUNT, region: REGION, kind: resource.kind };
  const service = schedulerServiceOver({
    db,
    bill: store,
    projectId,
    inventory: [{ ...entry, resource_id: resource.id, name: null, state: 'stopped', tags: {} }],
    now: () => clock.now,
  });
  // The pre-flight estimate the editor shows before the schedule starts: the 30 billed days before it.
  const draft = await service.get(caller, scheduleId);
  const preflight = monthlySaving(
    await service.estimate(
      caller,
      scheduleInputSchema.parse({
        ...{ schedule_name: draft.schedule_name, project: projectId, time_zone: 'UTC' },
        ...{ positions: draft.positions, resources },
      }),
    ),
  );
  await insertBillLines(store, clientId, projectId, bill('from stop'));
  /** An action of the schedule in its log. */
  const logAction = (a: {
    id?: string;
    action: string;
    at: string;
    before: string;
    after: string;
    outcome?: string;
  }) =>
    db
      .insertInto('scheduler_actions')
      .values({
        ...{ schedule_id: scheduleId, one_off_id: null, project_id: projectId, account_id: ACCOUNT },
        ...{ region: REGION, kind: resource.kind, resource_id: a.id ?? resource.id, action: a.action },
        ...{ cause: 'schedule', actor: 'scheduler', intent_key: `${a.id ?? resource.id}|${a.at}|${a.after}` },
        ...{ performed_at: a.at, state_before: a.before, state_after: a.after },
        ...{ outcome: a.outcome ?? 'succeeded', answer: '{}' },
      })
      .execute();
  const ledger = createScheduleLedger({
    repo: createScheduleLedgerRepo({ db }),
    schedules,
    bill: store,
    now: () => clock.now,
  });
  const savings = savingsLedgerFor({
    db,
    warehouse: store,
    resolve: async () => null,
    findRecommendation: async () => null,
  });
  return {
    db,
    clientId,
    projectId,
    scheduleId,
    caller,
    clock,
    service,
    preflight,
    logAction,
    ledger,
    savings,
  };
}

describe("a schedule's realised saving in the verified-savings ledger", () => {
  it('records the first stop with its estimate, verifies it from the bill, shows it and closes it', async () => {
    const c = await ledgerCase('Sched', { kind: 'ec2-instance', list: 'ec2', id: 'i-0abc' }, instanceBill);
    const { db, caller, clock, scheduleId, service, savings } = c;
    const stop = (at: string) => c.logAction({ action: 'stop', at, before: 'running', after: 'stopped' });
    await stop(`${STOPPED_ON}T20:00:30Z`);
    await stop(`${addDays(STOPPED_ON, 1)}T20:00:30Z`); // the second stop makes no second entry
    const failed = { id: 'i-0fail', action: 'stop', before: 'running', after: 'stopped', outcome: 'failed' };
    await c.logAction({ ...failed, at: `${STOPPED_ON}T20:00:30Z` }); // a failed stop makes none
    await c.logAction({
      action: 'start',
      at: `${STOPPED_ON}T08:00:30Z`,
      before: 'stopped',
      after: 'running',
    }); // nor does a start

    clock.now = new Date(`${addDays(STOPPED_ON, 2)}T06:00:00Z`);
    expect(await c.ledger.recordStops()).toBe(1);
    expect(await c.ledger.recordStops()).toBe(0);

    // Estimate over the 30 billed days before the stop: $72 of running hours / 720 h = $0.10 an hour; office
    // hours stop it 108 of 168 hours a week, 720 × 108/168 = 462.857 h in 30 days: $46.2857, × 30.4375/30 a
    // month. The volume keeps billing and saves nothing.
    const [entry] = await db
      .selectFrom('savings_ledger_entries')
      .selectAll()
      .where('client_id', '=', c.clientId)
      .execute();
    expect(entry).toMatchObject({
      source: 'schedule',
      recommendation_id: null,
      schedule_id: scheduleId,
      resource_id: 'i-0abc',
      resource_kind: 'ec2-instance',
      state: 'applied',
      closed_at: null,
    });
    expect(entry?.applied_at).toEqual(new Date(`${STOPPED_ON}T20:00:30Z`));
    expect(c.preflight).toBeCloseTo(ESTIMATE, 9);
    expect(entry?.estimated_monthly_saving).toBeCloseTo(ESTIMATE, 9);
    expect(entry?.current_monthly_cost).toBeCloseTo(2.4 * DAYS_PER_MONTH, 9);

    // The after-import verification, billed through the Sunday after: 14 days before at $2.40; the 7 days
    // after (Tue–Fri at $1.20, Sat–Sun $0, Mon $1.20) cost $6.00, $0.857143 a day. Realised (2.40 − 6/7) ×
    // 30.4375 = 0.1 × 24 × 108/168 × 30.4375 — the estimate, as the workload did not change.
    clock.now = new Date(`${addDays(BILLED_THROUGH, 1)}T06:00:00Z`);
    expect(await savings.verify.verifyAll(c.clientId)).toBe(1);
    const listed = await savings.service.list(caller, { source: 'schedule' });
    expect(listed.results).toHaveLength(1);
    const [verified] = listed.results;
    expect(verified).toMatchObject({ source: 'schedule', schedule_id: scheduleId, state: 'verified' });
    expect(verified?.available_actions).toEqual([]);
    expect(verified?.verification).toMatchObject({ before_days: 14, after_days: 7 });
    expect(verified?.verification?.rate_before).toBeCloseTo(2.4, 9);
    expect(verified?.verification?.rate_after).toBeCloseTo(6 / 7, 9);
    // Realised from the bill = the pre-flight estimate shown before the schedule started.
    expect(verified?.verification?.realised_monthly_saving).toBeCloseTo(c.preflight ?? Number.NaN, 9);
    expect((await savings.service.list(caller, { source: 'recommendation' })).results).toEqual([]);
    const csv = await savings.service.exportCsv(caller, {});
    expect(csv.split('\n')[1]).toMatch(new RegExp(`^schedule,,${scheduleId},resource_schedule,`));

    // The scheduler list's realised column; removing the instance from the schedule closes its entry.
    const shown = await service.get(caller, scheduleId);
    expect(shown.realised_monthly_saving).toBeCloseTo(ESTIMATE, 9);
    expect(shown.realised_to_date).toBeCloseTo(verified?.verification?.realised_to_date ?? Number.NaN, 9);
    await service.update(
      caller,
      scheduleId,
      scheduleInputSchema.parse({
        schedule_name: shown.schedule_name,
        project: c.projectId,
        time_zone: 'UTC',
        positions: shown.positions,
        resources: NO_LISTS,
      }),
    );
    const closed = (await savings.service.list(caller, {})).results[0];
    expect(closed?.closed_at).toBe(clock.now.toISOString());
    expect((await service.get(caller, scheduleId)).realised_monthly_saving).toBeNull();
    const totals = await savings.service.totals(caller, { group_by: 'month' });
    expect(totals.realised_monthly_saving).toBe(0); // it saves no more each month …
    expect(totals.realised_to_date).toBeCloseTo(verified?.verification?.realised_to_date ?? 0, 9); // … what it saved stays
    expect(await savings.verify.verifyAll(c.clientId)).toBe(0); // and the bill no longer judges it

    // Scheduled again and stopped again: the same entry opens from the new stop.
    const again = addDays(BILLED_THROUGH, 1);
    await stop(`${again}T20:00:30Z`);
    clock.now = new Date(`${again}T21:00:00Z`);
    expect(await c.ledger.recordStops()).toBe(1);
    const reopened = (await savings.service.list(caller, {})).results;
    expect(reopened).toHaveLength(1);
    expect(reopened[0]).toMatchObject({ closed_at: null, state: 'applied', verification: null });
    expect(reopened[0]?.applied_at).toBe(`${again}T20:00:30.000Z`);
    const trail = await db
      .selectFrom('savings_ledger_events')
      .select('action')
      .where('entry_id', '=', entry?.id ?? '')
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(trail.map((t) => t.action).sort()).toEqual(['close', 'schedule_stop', 'schedule_stop', 'verify']);
  });

  // The bill charges a group's instances, tagged with it: an Auto Scaling group by aws:autoscaling:groupName,
  // an EKS managed node group by eks:nodegroup-name with its cluster's name (packages/cost-model group-members).
  it.each([
    {
      group: { kind: 'autoscaling-group', list: 'autoscaling_groups', id: 'web-asg' } as const,
      tags: { aws_autoscaling_group_name: 'web-asg' } as Record<string, string>,
      title: 'Auto Scaling group web-asg scaled to zero by the schedule "Nights"',
    },
    {
      group: { kind: 'eks-nodegroup', list: 'eks_nodegroup', id: 'dev-eks/workers' } as const,
      tags: { user_eks_nodegroup_name: 'workers', aws_eks_cluster_name: 'dev-eks' },
      title: 'EKS node group dev-eks/workers scaled to zero by the schedule "Nights"',
    },
  ])(
    "records a group's first scale to zero, priced and verified from its instances' lines: $group.kind",
    async ({ group, tags, title }) => {
      const c = await ledgerCase(`Sched ${group.kind}`, group, groupBill(tags));
      // A group stops by scaling to zero (the log's sizes min/desired/max after it are 0/0/0).
      const scale = (at: string, before: string, after: string, outcome = 'succeeded') =>
        c.logAction({ action: 'scale', at, before, after, outcome });
      await scale(`${STOPPED_ON}T08:00:30Z`, '0/0/0', '1/2/4'); // scaling back up is no stop
      await scale(`${STOPPED_ON}T19:00:30Z`, '1/2/4', '0/0/0', 'failed'); // nor is a failed scale
      await scale(`${STOPPED_ON}T20:00:30Z`, '1/2/4', '0/0/0');
      await scale(`${addDays(STOPPED_ON, 1)}T20:00:30Z`, '1/2/4', '0/0/0'); // the second makes no second entry

      c.clock.now = new Date(`${addDays(STOPPED_ON, 2)}T06:00:00Z`);
      expect(await c.ledger.recordStops()).toBe(1);

      // The group's instances i-0w1 and i-0w2 cost $72 over the 30 days before the stop (the other account's
      // same-named group is left out): $0.10 an hour, stopped 108 of 168 hours, as the EC2 case.
      const entry = await c.db
        .selectFrom('savings_ledger_entries')
        .selectAll()
        .where('client_id', '=', c.clientId)
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({
        schedule_id: c.scheduleId,
        resource_id: group.id,
        resource_kind: group.kind,
        state: 'applied',
        title,
      });
      expect(entry.applied_at).toEqual(new Date(`${STOPPED_ON}T20:00:30Z`));
      expect(c.preflight).toBeCloseTo(ESTIMATE, 9);
      expect(entry.estimated_monthly_saving).toBeCloseTo(ESTIMATE, 9);
      expect(entry.current_monthly_cost).toBeCloseTo(2.4 * DAYS_PER_MONTH, 9);

      // Verified from the instances tagged with the group, the new ones it launched after the stop included:
      // 14 days before at $2.40; the 7 after cost 4 weekdays × $1.20 + $0 + $0 + Monday's $1.20.
      c.clock.now = new Date(`${addDays(BILLED_THROUGH, 1)}T06:00:00Z`);
      expect(await c.savings.verify.verifyAll(c.clientId)).toBe(1);
      const [verified] = (await c.savings.service.list(c.caller, { source: 'schedule' })).results;
      expect(verified).toMatchObject({ state: 'verified', verification: { before_days: 14, after_days: 7 } });
      expect(verified?.verification?.rate_before).toBeCloseTo(2.4, 9);
      expect(verified?.verification?.rate_after).toBeCloseTo(6 / 7, 9);
      expect(verified?.verification?.realised_monthly_saving).toBeCloseTo(c.preflight ?? Number.NaN, 9);
      expect((await c.service.get(c.caller, c.scheduleId)).realised_monthly_saving).toBeCloseTo(ESTIMATE, 9);
    },
  );

  it('reads the action log from its start time through the performed_at index', async () => {
    // Every 15 minutes over a log that keeps growing: the pass must read only the last days. Inside a transaction
    // rolled back, with sequential scans priced out and the (schedule_id, performed_at) index gone, the plan can
    // only avoid reading the whole table through an index that serves the query's performed_at bound.
    const plan = await database.db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      try {
        await sql`set local enable_seqscan = off`.execute(conn);
        await sql`drop index scheduler_actions_schedule`.execute(conn);
        return await unledgeredStopsQuery(conn, new Date('2026-11-20T00:00:00Z')).explain();
      } finally {
        await sql`rollback`.execute(conn);
      }
    });
    const text = plan.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toMatch(/(Scan using|Index Scan on) scheduler_actions_performed_at\b/);
    expect(text).not.toMatch(/Seq Scan on scheduler_actions/);
  });
});
