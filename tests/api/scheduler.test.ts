import { cloudAccountSchema, cloudAccountsSchema } from '@finlens/contracts/cloud-accounts';
import { INVENTORY_PATHS } from '@finlens/contracts/inventory';
import { ledgerEntriesSchema, SAVINGS_LEDGER_PATHS } from '@finlens/contracts/savings-ledger';
import {
  SCHEDULER_PATHS as P,
  scheduleActionListSchema,
  scheduleEstimateSchema,
  scheduleListSchema,
  scheduleOverrideSchema,
  scheduleSchema,
  scheduleSuggestionSchema,
  scheduleTimelineSchema,
} from '@finlens/contracts/scheduler';
import { insertJob } from '@finlens/server/platform/jobs/job-queue';
import { describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS } from './billing-client';
import { expect400 } from './expect-400';
import { signUpVerified, useServerWithMail } from './identity-fixtures';
import { until } from './until';

const context = useServerWithMail();
const ACCOUNT = AWS_TEST_SETTINGS.account_id;
const base = { accountId: ACCOUNT, region: 'us-east-1' };
const SCENARIO = {
  version: 1,
  start: new Date(Date.now() - 86_400_000).toISOString(),
  regions: [{ name: 'us-east-1' }],
  accounts: [{ accountId: ACCOUNT }],
  resources: [
    {
      ...base,
      kind: 'ec2-instance',
      id: 'i-0aaaaaaaaaaaaaaa1',
      instanceType: 't3.large',
      tags: { env: 'dev' },
    },
    {
      ...base,
      kind: 'ec2-instance',
      id: 'i-0aaaaaaaaaaaaaaa2',
      instanceType: 't3.large',
      tags: { env: 'dev' },
    },
    {
      ...base,
      kind: 'rds-instance',
      id: 'dev-db',
      instanceClass: 'db.t3.medium',
      engine: 'postgres',
      allocatedStorageGiB: 20,
    },
  ],
};

/** A verified admin with a simulated account whose inventory has been collected. */
async function collectedAccount(label: string, scenario: object = SCENARIO) {
  const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label });
  const created = await admin.session.post('/c/cloud_accounts/', {
    name: 'Dev',
    settings: AWS_TEST_SETTINGS,
  });
  const projectId = cloudAccountSchema.parse(created.body).id;
  await admin.session.request('PUT', INVENTORY_PATHS.scenario(projectId), { body: scenario });
  await admin.session.post(INVENTORY_PATHS.collectNow(projectId));
  await until(
    async () => cloudAccountsSchema.parse((await admin.session.get('/c/cloud_accounts/')).body),
    (list) => list[0]?.inventory?.last_pass?.status === 'succeeded',
  );
  return { admin, projectId };
}

/** Two weeks of hourly CPU: a dev instance busy on weekday daytime, one idle throughout, a database never measured long. */
const USAGE_SCENARIO = {
  ...SCENARIO,
  start: new Date(Date.now() - 16 * 86_400_000).toISOString(),
  resources: [
    // Diurnal at level 10 (simulated cloud): weekdays 08:00–18:59 UTC over 5 % CPU, other hours at most 3.3 %.
    { ...SCENARIO.resources[0], metrics: { profile: 'diurnal', level: 10 } },
    { ...SCENARIO.resources[1], metrics: { profile: 'idle' } },
    { ...SCENARIO.resources[2], createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString() },
  ],
};

/** Enqueues a job as the server's cron would and waits until its worker has run it. */
async function runJob(kind: string): Promise<void> {
  const id = await insertJob(context.server.appDb, { kind, payload: {} }, new Date());
  const job = await until(
    () =>
      context.server.appDb
        .selectFrom('jobs')
        .select(['status', 'last_error'])
        .where('id', '=', id ?? '')
        .executeTakeFirstOrThrow(),
    (j) => ['succeeded', 'failed', 'dead'].includes(j.status),
  );
  expect(job.status, `${kind}: ${job.last_error}`).toBe('succeeded');
}

describe('resource scheduler', () => {
  it('saves a schedule with the spec defaults, lists and edits it, and refuses bad input naming the field', async () => {
    const { admin, projectId } = await collectedAccount('scheduler');
    const s = admin.session;
    const created = await s.post(P.schedules, {
      schedule_name: 'Dev office hours',
      project: projectId,
      resources: { ec2: ['i-0aaaaaaaaaaaaaaa1'], rds: ['dev-db'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const schedule = scheduleSchema.parse(created.body);
    expect(schedule).toMatchObject({
      time_zone: 'America/Los_Angeles',
      form: { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '08:00', end: '20:00' },
      hibernate: false,
      enforced: false,
      scheduled_by_tag_key: 'finlens:scheduler',
      scheduled_by_tag_value: null,
    });
    expect(schedule.positions).toHaveLength(60);
    expect(schedule.actions.map((a) => [a.action, a.position])).toContainEqual(['start', 8]);
    expect(schedule.scheduled_resources.map((r) => r.resource_id).sort()).toEqual([
      'dev-db',
      'i-0aaaaaaaaaaaaaaa1',
    ]);
    expect(schedule.next_action).not.toBeNull();

    // The pre-flight estimate answers before saving (no bill imported here: no window, nothing saved).
    const estimate = await s.post(P.estimate, {
      schedule_name: 'x',
      project: projectId,
      resources: { ec2: ['i-0aaaaaaaaaaaaaaa2'] },
    });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(scheduleEstimateSchema.parse(estimate.body)).toMatchObject({
      window: null,
      stopped_hours_per_week: 108,
      resources: [{ resource_id: 'i-0aaaaaaaaaaaaaaa2', estimated_saving_30d: 0 }],
      total_saving_30d: 0,
    });

    // Tag matching adds the other dev instance; positions replace the form (Sunday night into Monday).
    const edited = await s.request('PATCH', P.schedule(schedule.id), {
      body: {
        schedule_name: 'Dev nights',
        project: projectId,
        positions: [166, 167, 0, 1],
        scheduled_by_tag_key: 'env',
        scheduled_by_tag_value: 'dev',
        time_zone: 'Asia/Kathmandu',
        holiday_country: 'DE',
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = scheduleSchema.parse(edited.body);
    expect(after.positions).toEqual([0, 1, 166, 167]);
    // Germany's public holidays (date-holidays) in the coming year, kept stopped.
    expect(after.holiday_country).toBe('DE');
    expect(after.public_holidays.length).toBeGreaterThan(5);
    expect(after.public_holidays.every((d) => d >= new Date().toISOString().slice(0, 10))).toBe(true);
    expect(after.scheduled_resources.map((r) => [r.resource_id, r.matched_by]).sort()).toEqual([
      ['i-0aaaaaaaaaaaaaaa1', 'tag'],
      ['i-0aaaaaaaaaaaaaaa2', 'tag'],
    ]);
    expect(scheduleListSchema.parse((await s.get(P.schedules)).body).results).toMatchObject([
      { id: schedule.id, estimated_monthly_saving: null },
    ]);

    // The details page's week, Monday 00:00 to Monday 00:00 in Kathmandu (UTC+05:45), desired vs actual.
    const timeline = await s.get(`${P.timeline(schedule.id)}?week=2026-11-26`);
    expect(timeline.status, JSON.stringify(timeline.body)).toBe(200);
    const week = scheduleTimelineSchema.parse(timeline.body);
    expect([week.from, week.to]).toEqual(['2026-11-22T18:15:00.000Z', '2026-11-29T18:15:00.000Z']);
    expect(week.resources.map((r) => r.resource_id).sort()).toEqual([
      'i-0aaaaaaaaaaaaaaa1',
      'i-0aaaaaaaaaaaaaaa2',
    ]);
    for (const r of week.resources) {
      expect(r.desired.filter((d) => d.state === 'running').map((d) => [d.from, d.to])).toEqual([
        ['2026-11-22T18:15:00.000Z', '2026-11-22T20:15:00.000Z'],
        ['2026-11-29T16:15:00.000Z', '2026-11-29T18:15:00.000Z'],
      ]);
    }
    await expect400(s.get(`${P.timeline(schedule.id)}?week=26-11-2026`), 'week');

    const body = { schedule_name: 'Bad', project: projectId };
    await expect400(
      s.post(P.schedules, {
        ...body,
        windows: [
          { days: ['monday'], start: '08:00', end: '20:00' },
          { days: ['monday'], start: '19:00', end: '22:00' },
        ],
      }),
      'windows.1.days',
    );
    await expect400(s.post(P.schedules, { ...body, positions: [] }), 'positions');
    await expect400(s.post(P.schedules, { ...body, positions: [12, 168] }), 'positions.1');
    await expect400(s.post(P.schedules, { ...body, positions: [-1] }), 'positions.0');
    await expect400(s.post(P.schedules, { ...body, time_zone: 'America/Springfield' }), 'time_zone');
    await expect400(s.post(P.schedules, { ...body, days: [] }), 'days');
    await expect400(s.post(P.schedules, { ...body, holiday_country: 'XX' }), 'holiday_country');
    await expect400(s.post(P.schedules, { ...body, holiday_country: 'france' }), 'holiday_country');
    await expect400(
      s.post(P.schedules, { ...body, resources: { ec2: ['i-0notours000000000'] } }),
      'resources.ec2.0',
    );
    // A resource already in an enabled schedule.
    await expect400(
      s.post(P.schedules, { ...body, resources: { ec2: ['i-0aaaaaaaaaaaaaaa2'] } }),
      'resources',
    );
    expect(scheduleListSchema.parse((await s.get(P.schedules)).body).results).toHaveLength(1);

    // Another client: its project is 404, our resource ids are not in its inventory, our schedule is 404.
    const other = await collectedAccount('scheduler-other');
    expect((await other.admin.session.post(P.schedules, { ...body, project: projectId })).status).toBe(404);
    await expect400(
      other.admin.session.post(P.schedules, {
        ...body,
        project: other.projectId,
        resources: { rds: ['nope-db'] },
      }),
      'resources.rds.0',
    );
    expect((await other.admin.session.get(P.schedule(schedule.id))).status).toBe(404);
    expect((await other.admin.session.request('DELETE', P.schedule(schedule.id))).status).toBe(404);

    // Overrides expire by themselves.
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const override = await s.post(P.overrides(schedule.id), { action: 'keep_running', until });
    expect(override.status, JSON.stringify(override.body)).toBe(201);
    expect(scheduleOverrideSchema.parse(override.body)).toMatchObject({
      running: true,
      resource: null,
      until,
    });
    await expect400(
      s.post(P.overrides(schedule.id), { action: 'stop', until: '2020-01-01T00:00:00Z' }),
      'until',
    );
    // The server's reconciler may already have acted (its tick runs every minute): each entry names it.
    for (const action of scheduleActionListSchema.parse((await s.get(P.actions(schedule.id))).body).results) {
      expect(action).toMatchObject({ actor: 'scheduler', cause: 'schedule', account_id: ACCOUNT });
      expect(['i-0aaaaaaaaaaaaaaa1', 'i-0aaaaaaaaaaaaaaa2']).toContain(action.resource_id);
    }

    expect((await s.request('DELETE', P.schedule(schedule.id))).status).toBe(204);
    expect((await s.get(P.schedule(schedule.id))).status).toBe(404);
  });

  it('suggests a grid from two weeks of CPU: the hours any resource was in use, in the schedule zone', async () => {
    const { admin, projectId } = await collectedAccount('suggestion', USAGE_SCENARIO);
    const s = admin.session;
    const draft = {
      project: projectId,
      resources: { ec2: ['i-0aaaaaaaaaaaaaaa1', 'i-0aaaaaaaaaaaaaaa2'], rds: ['dev-db'] },
      time_zone: 'UTC',
    };
    // The metrics are collected after the inventory: wait until the busy instance has its two weeks.
    const answer = await until(
      async () => scheduleSuggestionSchema.parse((await s.post(P.suggestion, draft)).body),
      (a) => a.resources.find((r) => r.resource_id === 'i-0aaaaaaaaaaaaaaa1')?.verdict === 'used',
      90_000,
    );
    const weekdays = [0, 1, 2, 3, 4].flatMap((d) => Array.from({ length: 11 }, (_, h) => d * 24 + 8 + h));
    expect(answer.positions).toEqual(weekdays);
    expect(answer).toMatchObject({ running_hours_per_week: 55, cpu_threshold: 5, network_threshold: null });
    expect(answer.resources.map((r) => [r.resource_id, r.verdict]).sort()).toEqual([
      ['dev-db', 'not-enough-data'],
      ['i-0aaaaaaaaaaaaaaa1', 'used'],
      ['i-0aaaaaaaaaaaaaaa2', 'idle'],
    ]);
    // The same hours read in Los Angeles (UTC−8, or −7 in summer) are 7 or 8 hours earlier in its week.
    const la = scheduleSuggestionSchema.parse(
      (await s.post(P.suggestion, { ...draft, time_zone: 'America/Los_Angeles' })).body,
    );
    expect(la.positions.length).toBeGreaterThanOrEqual(55);
    for (const p of la.positions)
      expect(
        [7, 8].some((h) => weekdays.includes((p + h) % 168)),
        `LA position ${p}`,
      ).toBe(true);

    await expect400(s.post(P.suggestion, { ...draft, time_zone: 'Mars/Olympus' }), 'time_zone');
    await expect400(s.post(P.suggestion, { ...draft, resources: { ec2: ['i-0other'] } }), 'resources.ec2.0');
    await expect400(s.post(P.suggestion, { ...draft, cpu_threshold: 120 }), 'cpu_threshold');
  }, 120_000);

  it('queues a one-off action ten minutes ahead by default', async () => {
    const { admin, projectId } = await collectedAccount('scheduler-oneoff');
    const before = Date.now();
    const created = await admin.session.post(P.oneOffs, {
      project: projectId,
      schedule: 'later',
      action: 'stop',
      resources: { ec2: ['i-0aaaaaaaaaaaaaaa1'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const runAt = Date.parse((created.body as { run_at: string }).run_at);
    expect(runAt - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(runAt - before).toBeLessThan(11 * 60_000);
    await expect400(admin.session.post(P.oneOffs, { project: projectId, action: 'stop' }), 'resources');
    const oneOff = { project: projectId, action: 'stop', resources: { ec2: ['i-0aaaaaaaaaaaaaaa1'] } };
    const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    await expect400(admin.session.post(P.oneOffs, { ...oneOff, hold_until: days(31) }), 'hold_until');
    await expect400(admin.session.post(P.oneOffs, { ...oneOff, hold_until: days(-1) }), 'hold_until');
    await expect400(admin.session.post(P.oneOffs, { ...oneOff, hold_until: 'tomorrow' }), 'hold_until');
    const until = days(2);
    const held = await admin.session.post(P.oneOffs, { ...oneOff, hold_until: until });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(Date.parse((held.body as { hold_until: string }).hold_until)).toBe(Date.parse(until));
  });

  it("a schedule's first stop becomes a ledger entry the ledger API lists: an instance's, an EKS node group's", async () => {
    // With an EKS managed node group beside the instances (the bill charges its instances, tagged with it).
    const nodegroup = {
      ...{ ...base, kind: 'eks-nodegroup', id: 'dev-eks/workers', instanceTypes: ['m5.large'] },
      ...{ minSize: 1, desiredSize: 2, maxSize: 3 },
    };
    const cluster = { ...base, kind: 'eks-cluster', id: 'dev-eks' };
    const { admin, projectId } = await collectedAccount('scheduler-ledger', {
      ...SCENARIO,
      resources: [...SCENARIO.resources, cluster, nodegroup],
    });
    const s = admin.session;
    // Running every hour of the week but this one and the next (UTC; position 0 is Monday 00:00): stop now.
    const now = new Date();
    const hour = ((now.getUTCDay() + 6) % 7) * 24 + now.getUTCHours();
    const off = new Set([hour, (hour + 1) % 168]);
    const created = await s.post(P.schedules, {
      schedule_name: 'Off this hour',
      project: projectId,
      time_zone: 'UTC',
      positions: Array.from({ length: 168 }, (_, p) => p).filter((p) => !off.has(p)),
      resources: { ec2: ['i-0aaaaaaaaaaaaaaa1'], eks_nodegroup: ['dev-eks/workers'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const schedule = scheduleSchema.parse(created.body);
    const entries = async () =>
      ledgerEntriesSchema.parse((await s.get(`${SAVINGS_LEDGER_PATHS.entries}?source=schedule`)).body)
        .results;
    expect(await entries()).toEqual([]);

    // The tick and the ledger pass, as their crons would run them: the instance stopped, the group scaled to zero.
    await runJob('scheduler.tick');
    const log = scheduleActionListSchema.parse((await s.get(P.actions(schedule.id))).body).results;
    expect(log.map((a) => [a.action, a.outcome, a.resource_id, a.state_after]).sort()).toEqual([
      ['scale', 'succeeded', 'dev-eks/workers', '0/0/0'],
      ['stop', 'succeeded', 'i-0aaaaaaaaaaaaaaa1', 'stopping'],
    ]);
    await runJob('scheduler.ledger-entries');
    const listed = await entries();
    expect(listed.map((e) => [e.resource_kind, e.resource_id, e.title]).sort()).toEqual([
      [
        'ec2-instance',
        'i-0aaaaaaaaaaaaaaa1',
        'EC2 instance i-0aaaaaaaaaaaaaaa1 stopped by the schedule "Off this hour"',
      ],
      [
        'eks-nodegroup',
        'dev-eks/workers',
        'EKS node group dev-eks/workers scaled to zero by the schedule "Off this hour"',
      ],
    ]);
    for (const entry of listed) {
      expect(entry).toMatchObject({
        source: 'schedule',
        schedule_id: schedule.id,
        state: 'applied',
        closed_at: null,
      });
      const stop = log.find((a) => a.resource_id === entry.resource_id);
      expect(Date.parse(entry.applied_at ?? '')).toBe(Date.parse(stop?.at ?? ''));
      // No bill imported: nothing estimated, nothing verified yet.
      expect(entry.estimated_monthly_saving).toBe(0);
      expect(entry.verification).toBeNull();
    }
    expect((await entries()).length).toBe(2);
  });
});
