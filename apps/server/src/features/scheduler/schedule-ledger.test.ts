import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scheduleInputSchema } from '@finlens/contracts/scheduler';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { addDays } from '@finlens/cost-model/utc-calendar';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { savingsLedgerFor } from '../savings-ledger/savings-ledger.jobs';
import { monthlySaving } from './schedule-estimate';
import { createScheduleLedger } from './schedule-ledger';
import { createScheduleLedgerRepo, unledgeredStopsQuery } from './schedule-ledger.repo';
import { createSchedulerRepo } from './scheduler.repo';
import { createSchedulerService } from './scheduler.service';
import { NO_LISTS, scheduleValues } from './scheduler.test-helper';

const ACCOUNT = '111122223333';
/** Monday: the schedule (office hours, Monday–Friday 08:00–20:00 UTC) first stops the instance at 20:00. */
const STOPPED_ON = '2026-11-09';
const BILLED_THROUGH = '2026-11-16';

/**
 * The bill of i-0abc at $0.10 an hour of m5.large: 24 running hours a day ($2.40) for the 30 days before the
 * stop; the stop day ran 08:00–20:00 ($1.20, a partial day the verification leaves out); after it, weekdays
 * ran 12 hours ($1.20) and the weekend none. Its EBS volume ($0.50 a day) bills under its own id throughout.
 */
function billRows(clientId: string, projectId: string, part: 'before stop' | 'from stop'): string[] {
  const rows: string[] = [];
  const line = (day: string, rid: string, usage: string, cost: number) =>
    `('${clientId}', '${projectId}', DATE '${day.slice(0, 8)}01', TIMESTAMP '${day} 00:00:00', 'AmazonEC2', 'Amazon Elastic Compute Cloud', '${ACCOUNT}', '${rid}', '${usage}', 'Usage', ${cost}, ${cost}, ${cost}, ${cost})`;
  const [first, last] = part === 'before stop' ? [-30, -1] : [0, 7];
  for (let i = first; i <= last; i += 1) {
    const day = addDays(STOPPED_ON, i);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const cost = i < 0 ? 2.4 : weekday === 0 || weekday === 6 ? 0 : 1.2;
    if (cost > 0) rows.push(line(day, 'i-0abc', 'USE1-BoxUsage:m5.large', cost));
    rows.push(line(day, 'vol-0abc', 'EBS:VolumeUsage.gp3', 0.5));
  }
  return rows;
}

/**
 * The bill of the Auto Scaling group web-asg: AWS charges its instances, tagged with its name
 * (aws:autoscaling:groupName), never the group. Before the stop i-0w1 and i-0w2 ran all day at $0.05 an hour
 * ($1.20 a day each: $2.40 the group, the EC2 case's rate); on the stop day each ran 08:00–20:00 ($0.60);
 * each weekday after it the group launched two new instances for 12 hours ($0.60 each), none at weekends. A
 * same-named group's instance in another account ($5 a day) is not this group's.
 */
function asgBillRows(clientId: string, projectId: string, part: 'before stop' | 'from stop'): string[] {
  const rows: string[] = [];
  const line = (day: string, account: string, rid: string, cost: number) =>
    `('${clientId}', '${projectId}', DATE '${day.slice(0, 8)}01', TIMESTAMP '${day} 00:00:00', 'AmazonEC2', '${account}', 'us-east-1', '${rid}', 'USE1-BoxUsage:m5.large', 'Usage', ${cost}, ${cost}, ${cost}, ${cost}, MAP {'aws_autoscaling_group_name': 'web-asg'})`;
  const [first, last] = part === 'before stop' ? [-30, -1] : [0, 7];
  for (let i = first; i <= last; i += 1) {
    const day = addDays(STOPPED_ON, i);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const ids =
      i <= 0 ? ['i-0w1', 'i-0w2'] : weekday === 0 || weekday === 6 ? [] : [`i-0n${i}a`, `i-0n${i}b`];
    for (const id of ids) rows.push(line(day, ACCOUNT, id, i < 0 ? 1.2 : 0.6));
    rows.push(line(day, '444455556666', 'i-0else', 5));
  }
  return rows;
}

let database: MigratedTestDatabase;
let dir: string;
let store: DuckDbCostStore;

beforeAll(async () => {
  database = await openMigratedTestDatabase('schedule-ledger');
  dir = await mkdtemp(join(tmpdir(), 'finlens-schedule-ledger-'));
  store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
  await store.init();
});
afterAll(async () => {
  await store?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The scheduler service over the shared databases, its inventory the one scheduled resource. */
function serviceOver(projectId: string, resource: { kind: string; resource_id: string }, now: () => Date) {
  const db = database.db;
  const entry = { project_id: projectId, account_id: ACCOUNT, region: 'us-east-1', ...resource };
  return createSchedulerService({
    repo: createSchedulerRepo({ db }),
    scopes: { requested: async () => ({ projectIds: [projectId] }) } as never,
    inventory: { resources: async () => [{ ...entry, name: null, state: 'stopped', tags: {} }] },
    bill: store,
    clusters: { projectsOf: async () => new Map() },
    ledger: createScheduleLedgerRepo({ db }),
    metrics: { hourlySeries: async () => [] },
    now,
  });
}

/** The pre-flight monthly saving the editor shows for the schedule's draft before it starts. */
async function preflightOf(
  service: ReturnType<typeof serviceOver>,
  caller: ReturnType<typeof testCaller>,
  scheduleId: string,
  resources: Partial<Record<keyof typeof NO_LISTS, string[]>>,
) {
  const draft = await service.get(caller, scheduleId);
  const input = { schedule_name: draft.schedule_name, project: draft.project, time_zone: 'UTC' };
  return monthlySaving(
    await service.estimate(
      caller,
      scheduleInputSchema.parse({
        ...input,
        positions: draft.positions,
        resources: { ...NO_LISTS, ...resources },
      }),
    ),
  );
}

describe("a schedule's realised saving in the verified-savings ledger", () => {
  it('records the first stop with its estimate, verifies it from the bill, shows it and closes it', async () => {
    const db = database.db;
    const { clientId, projectId } = await insertClientAndProject(db, 'Sched', { name: 'P' });
    const loadBill = (part: Parameters<typeof billRows>[2]) =>
      store.connection.run(
        `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicecode, product_servicename, line_item_usage_account_id, line_item_resource_id, line_item_usage_type, line_item_line_item_type, line_item_unblended_cost, line_item_amortized_cost, finlens_line_item_net_amortized_cost, pricing_public_on_demand_cost) VALUES ${billRows(clientId, projectId, part).join(', ')}`,
      );
    await loadBill('before stop');
    const schedules = createSchedulerRepo({ db });
    const scheduleId = await schedules.insert(
      scheduleValues(clientId, projectId, {
        name: 'Dev nights',
        resources: { ...NO_LISTS, ec2: ['i-0abc'] },
      }),
      null,
    );
    // The pre-flight estimate the editor shows before the schedule starts: the 30 billed days before it.
    const caller = testCaller(clientId, { role: 'admin' });
    const repo = createScheduleLedgerRepo({ db });
    let clock = new Date(`${STOPPED_ON}T12:00:00Z`);
    const service = serviceOver(projectId, { kind: 'ec2-instance', resource_id: 'i-0abc' }, () => clock);
    const preflight = await preflightOf(service, caller, scheduleId, { ec2: ['i-0abc'] });
    await loadBill('from stop');

    const stop = (resource_id: string, at: string, action = 'stop', outcome = 'succeeded') =>
      db
        .insertInto('scheduler_actions')
        .values({
          ...{ schedule_id: scheduleId, one_off_id: null, project_id: projectId, account_id: ACCOUNT },
          ...{ region: 'us-east-1', kind: 'ec2-instance', resource_id, action, cause: 'schedule' },
          ...{ actor: 'scheduler', intent_key: `${resource_id}|${at}|${action}`, performed_at: at },
          ...{ state_before: 'running', state_after: 'stopped', outcome, answer: '{}' },
        })
        .execute();
    await stop('i-0abc', `${STOPPED_ON}T20:00:30Z`);
    await stop('i-0abc', `${addDays(STOPPED_ON, 1)}T20:00:30Z`); // the second stop makes no second entry
    await stop('i-0fail', `${STOPPED_ON}T20:00:30Z`, 'stop', 'failed'); // a failed stop makes none
    await stop('i-0abc', `${STOPPED_ON}T08:00:30Z`, 'start'); // nor does a start

    clock = new Date(`${addDays(STOPPED_ON, 2)}T06:00:00Z`);
    const ledger = createScheduleLedger({ repo, schedules, bill: store, now: () => clock });
    expect(await ledger.recordStops()).toBe(1);
    expect(await ledger.recordStops()).toBe(0);

    // Estimate over the 30 billed days before the stop: $72 of running hours / 720 h = $0.10 an hour; office
    // hours stop it 108 of 168 hours a week, 720 × 108/168 = 462.857 h in 30 days: $46.2857, × 30.4375/30 a
    // month. The volume keeps billing and saves nothing.
    const hourly = 0.1;
    const estimate = ((hourly * 720 * 108) / 168) * (DAYS_PER_MONTH / 30);
    const [entry] = await db.selectFrom('savings_ledger_entries').selectAll().execute();
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
    expect(preflight).toBeCloseTo(estimate, 9);
    expect(entry?.estimated_monthly_saving).toBeCloseTo(estimate, 9);
    expect(entry?.current_monthly_cost).toBeCloseTo(2.4 * DAYS_PER_MONTH, 9);

    // The after-import verification, billed through the Sunday after: 14 days before at $2.40; the 7 days
    // after (Tue–Fri at $1.20, Sat–Sun $0, Mon $1.20) cost $6.00, $0.857143 a day. Realised (2.40 − 6/7) ×
    // 30.4375 = 0.1 × 24 × 108/168 × 30.4375 — the estimate, as the workload did not change.
    clock = new Date(`${addDays(BILLED_THROUGH, 1)}T06:00:00Z`);
    const savings = savingsLedgerFor({
      db,
      warehouse: store,
      resolve: async () => null,
      findRecommendation: async () => null,
    });
    expect(await savings.verify.verifyAll(clientId)).toBe(1);
    const listed = await savings.service.list(caller, { source: 'schedule' });
    expect(listed.results).toHaveLength(1);
    const [verified] = listed.results;
    expect(verified).toMatchObject({ source: 'schedule', schedule_id: scheduleId, state: 'verified' });
    expect(verified?.available_actions).toEqual([]);
    expect(verified?.verification).toMatchObject({ before_days: 14, after_days: 7 });
    expect(verified?.verification?.rate_before).toBeCloseTo(2.4, 9);
    expect(verified?.verification?.rate_after).toBeCloseTo(6 / 7, 9);
    // Realised from the bill = the pre-flight estimate shown before the schedule started.
    expect(verified?.verification?.realised_monthly_saving).toBeCloseTo(preflight ?? Number.NaN, 9);
    expect((await savings.service.list(caller, { source: 'recommendation' })).results).toEqual([]);
    const csv = await savings.service.exportCsv(caller, {});
    expect(csv.split('\n')[1]).toMatch(new RegExp(`^schedule,,${scheduleId},resource_schedule,`));

    // The scheduler list's realised column; removing the instance from the schedule closes its entry.
    const shown = await service.get(caller, scheduleId);
    expect(shown.realised_monthly_saving).toBeCloseTo(estimate, 9);
    expect(shown.realised_to_date).toBeCloseTo(verified?.verification?.realised_to_date ?? Number.NaN, 9);
    await service.update(
      caller,
      scheduleId,
      scheduleInputSchema.parse({
        schedule_name: shown.schedule_name,
        project: projectId,
        time_zone: 'UTC',
        positions: shown.positions,
        resources: NO_LISTS,
      }),
    );
    const closed = (await savings.service.list(caller, {})).results[0];
    expect(closed?.closed_at).toBe(clock.toISOString());
    expect((await service.get(caller, scheduleId)).realised_monthly_saving).toBeNull();
    const totals = await savings.service.totals(caller, { group_by: 'month' });
    expect(totals.realised_monthly_saving).toBe(0); // it saves no more each month …
    expect(totals.realised_to_date).toBeCloseTo(verified?.verification?.realised_to_date ?? 0, 9); // … what it saved stays
    expect(await savings.verify.verifyAll(clientId)).toBe(0); // and the bill no longer judges it

    // Scheduled again and stopped again: the same entry opens from the new stop.
    const again = addDays(BILLED_THROUGH, 1);
    await stop('i-0abc', `${again}T20:00:30Z`);
    clock = new Date(`${again}T21:00:00Z`);
    expect(await ledger.recordStops()).toBe(1);
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

  it("records an Auto Scaling group's first scale to zero, priced and verified from its instances' lines", async () => {
    const db = database.db;
    const { clientId, projectId } = await insertClientAndProject(db, 'Sched ASG', { name: 'P' });
    const loadBill = (part: Parameters<typeof asgBillRows>[2]) =>
      store.connection.run(
        `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicecode, line_item_usage_account_id, product_region_code, line_item_resource_id, line_item_usage_type, line_item_line_item_type, line_item_unblended_cost, line_item_amortized_cost, finlens_line_item_net_amortized_cost, pricing_public_on_demand_cost, resource_tags) VALUES ${asgBillRows(clientId, projectId, part).join(', ')}`,
      );
    await loadBill('before stop');
    const schedules = createSchedulerRepo({ db });
    const scheduleId = await schedules.insert(
      scheduleValues(clientId, projectId, {
        name: 'Web nights',
        resources: { ...NO_LISTS, autoscaling_groups: ['web-asg'] },
      }),
      null,
    );
    const caller = testCaller(clientId, { role: 'admin' });
    let clock = new Date(`${STOPPED_ON}T12:00:00Z`);
    const service = serviceOver(
      projectId,
      { kind: 'autoscaling-group', resource_id: 'web-asg' },
      () => clock,
    );
    const preflight = await preflightOf(service, caller, scheduleId, { autoscaling_groups: ['web-asg'] });
    await loadBill('from stop');

    // A group stops by scaling to zero (the log's sizes min/desired/max after it are 0/0/0).
    const scale = (at: string, before: string, after: string, outcome = 'succeeded') =>
      db
        .insertInto('scheduler_actions')
        .values({
          ...{ schedule_id: scheduleId, one_off_id: null, project_id: projectId, account_id: ACCOUNT },
          ...{ region: 'us-east-1', kind: 'autoscaling-group', resource_id: 'web-asg', action: 'scale' },
          ...{
            cause: 'schedule',
            actor: 'scheduler',
            intent_key: `web-asg|${at}|${after}`,
            performed_at: at,
          },
          ...{ state_before: before, state_after: after, outcome, answer: '{}' },
        })
        .execute();
    await scale(`${STOPPED_ON}T08:00:30Z`, '0/0/0', '1/2/4'); // scaling back up is no stop
    await scale(`${STOPPED_ON}T19:00:30Z`, '1/2/4', '0/0/0', 'failed'); // nor is a failed scale
    await scale(`${STOPPED_ON}T20:00:30Z`, '1/2/4', '0/0/0');
    await scale(`${addDays(STOPPED_ON, 1)}T20:00:30Z`, '1/2/4', '0/0/0'); // the second makes no second entry

    clock = new Date(`${addDays(STOPPED_ON, 2)}T06:00:00Z`);
    const repo = createScheduleLedgerRepo({ db });
    const ledger = createScheduleLedger({ repo, schedules, bill: store, now: () => clock });
    expect(await ledger.recordStops()).toBe(1);

    // The group's instances i-0w1 and i-0w2 cost $72 over the 30 days before the stop (the other account's
    // same-named group is left out): $0.10 an hour, stopped 108 of 168 hours, as the EC2 case.
    const estimate = ((0.1 * 720 * 108) / 168) * (DAYS_PER_MONTH / 30);
    const entry = await db
      .selectFrom('savings_ledger_entries')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      schedule_id: scheduleId,
      resource_id: 'web-asg',
      resource_kind: 'autoscaling-group',
      state: 'applied',
      title: 'Auto Scaling group web-asg scaled to zero by the schedule "Web nights"',
    });
    expect(entry.applied_at).toEqual(new Date(`${STOPPED_ON}T20:00:30Z`));
    expect(preflight).toBeCloseTo(estimate, 9);
    expect(entry.estimated_monthly_saving).toBeCloseTo(estimate, 9);
    expect(entry.current_monthly_cost).toBeCloseTo(2.4 * DAYS_PER_MONTH, 9);

    // Verified from the instances tagged with the group's name, the new ones it launched after the stop
    // included: 14 days before at $2.40; the 7 after cost 4 weekdays × $1.20 + $0 + $0 + Monday's $1.20.
    clock = new Date(`${addDays(BILLED_THROUGH, 1)}T06:00:00Z`);
    const savings = savingsLedgerFor({
      db,
      warehouse: store,
      resolve: async () => null,
      findRecommendation: async () => null,
    });
    expect(await savings.verify.verifyAll(clientId)).toBe(1);
    const [verified] = (await savings.service.list(caller, { source: 'schedule' })).results;
    expect(verified).toMatchObject({ state: 'verified', verification: { before_days: 14, after_days: 7 } });
    expect(verified?.verification?.rate_before).toBeCloseTo(2.4, 9);
    expect(verified?.verification?.rate_after).toBeCloseTo(6 / 7, 9);
    expect(verified?.verification?.realised_monthly_saving).toBeCloseTo(preflight ?? Number.NaN, 9);
    expect((await service.get(caller, scheduleId)).realised_monthly_saving).toBeCloseTo(estimate, 9);
  });

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
