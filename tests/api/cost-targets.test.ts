import {
  alertListSchema,
  alertSchema,
  burnDownSchema,
  costTargetListSchema,
  costTargetSchema,
  COST_TARGET_PATHS as P,
  planningHistoryListSchema,
  planningListSchema,
  planningSchema,
} from '@finlens/contracts/cost-targets';
import { dispatchPayloadSchema } from '@finlens/contracts/notifications';
import {
  addDays,
  addMonths,
  endOfMonth,
  inclusiveDays,
  startOfMonth,
} from '@finlens/cost-model/utc-calendar';
import { insertJob } from '@finlens/server/platform/jobs/job-queue';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import { useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
const now = new Date();
const day = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);
const YESTERDAY = day(-1);
/** The target starts on the first of the newest data's month, so its current period holds the data. */
const START = startOfMonth(YESTERDAY);
const DAY_OF_MONTH = Number(YESTERDAY.slice(8, 10));
const DAYS_IN_MONTH = inclusiveDays(START, endOfMonth(START));
const PREVIOUS_MONTH_DAYS = inclusiveDays(addMonths(START, -1), addDays(START, -1));
const path = (template: string, id: string) => template.replace(':id', id);

/** 70 days up to yesterday: RunInstances 10 a day, CreateBucket 5 a day. */
function usageCsv(): Buffer {
  const lines = [
    'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/Operation,lineItem/UnblendedCost,lineItem/CurrencyCode',
  ];
  for (let i = 1; i <= 70; i++) {
    lines.push(
      `Usage,${day(-i)}T00:00:00Z,RunInstances,10,USD`,
      `Usage,${day(-i)}T00:00:00Z,CreateBucket,5,USD`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

const COMPUTE = {
  name: 'Compute',
  scope: { filters: [{ dimension: 'line_item_operation', mode: 'include', values: ['RunInstances'] }] },
  period: 'MONTHLY',
  start_date: START,
  budget_type: 'top_down',
  amount: 100,
};

let a: Awaited<ReturnType<typeof clientWithBilling>>;
let b: Awaited<ReturnType<typeof clientWithBilling>>;

beforeAll(async () => {
  a = await clientWithBilling(context, 'targets-a', usageCsv());
  b = await clientWithBilling(context, 'targets-b', usageCsv());
}, 120_000);

async function createTarget(body: object = COMPUTE) {
  const created = await a.admin.session.post(P.targets, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return costTargetSchema.parse(created.body);
}

/** Enqueues a job as the scheduler would and waits until the server's worker has run it. */
async function runJob(kind: string, payload: object): Promise<void> {
  const id = await insertJob(context.server.appDb, { kind, payload }, new Date());
  for (let i = 0; i < 200; i++) {
    const job = await context.server.appDb
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('id', '=', id ?? '')
      .executeTakeFirstOrThrow();
    if (job.status === 'succeeded') return;
    if (job.status === 'failed' || job.status === 'dead')
      throw new Error(`${kind} failed: ${job.last_error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${kind} did not run`);
}

async function dispatchJobs(alertId: string) {
  return context.server.appDb
    .selectFrom('jobs')
    .select(['kind', 'payload', 'dedupe_key'])
    .where('dedupe_key', 'like', `cost-target-alert:${alertId}:%`)
    .execute();
}

describe('cost_target/', () => {
  it('creates a target and reports actual, forecast with its band and status for the current period', async () => {
    const target = await createTarget();
    expect(target).toMatchObject({ name: 'Compute', cost_type: 'unblended', end_date: null, amount: 100 });
    const current = target.current;
    expect(current).toMatchObject({
      period_start: START,
      period_end: endOfMonth(START),
      budget: 100,
      as_of: YESTERDAY,
    });
    expect(current?.actual).toBeCloseTo(10 * DAY_OF_MONTH, 6);
    // A steady 10 a day: the forecast is 10 a day and the backtest finds no error, so the band is tight.
    expect(current?.forecast).toBeCloseTo(10 * DAYS_IN_MONTH, 6);
    expect(current?.forecast_low).toBeCloseTo(10 * DAYS_IN_MONTH, 6);
    expect(current?.forecast_high).toBeCloseTo(10 * DAYS_IN_MONTH, 6);
    expect(current?.status).toBe(DAY_OF_MONTH * 10 > 100 ? 'over' : 'at_risk');
    expect(current?.percent_used).toBeCloseTo(10 * DAY_OF_MONTH, 6);

    const listed = costTargetListSchema.parse(
      (await a.admin.session.get(`${P.targets}?imply_client=true`)).body,
    );
    expect(listed.map((t) => t.id)).toContain(target.id);
  });

  it('PATCH with an id changes the target; DELETE removes it', async () => {
    const target = await createTarget();
    const patched = await a.admin.session.patch(path(P.target, target.id), {
      name: 'Compute (EU)',
      amount: 500,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(costTargetSchema.parse(patched.body)).toMatchObject({
      id: target.id,
      name: 'Compute (EU)',
      amount: 500,
    });
    expect((await a.admin.session.get(path(P.target, target.id))).body).toMatchObject({
      name: 'Compute (EU)',
    });
    expect((await a.admin.session.delete(path(P.target, target.id))).status).toBe(204);
    expect((await a.admin.session.get(path(P.target, target.id))).status).toBe(404);
  });

  it('bad input is a 400 naming the field', async () => {
    const s = a.admin.session;
    await expect400(s.post(P.targets, { ...COMPUTE, name: '' }), 'name');
    await expect400(s.post(P.targets, { ...COMPUTE, start_date: addDays(START, 1) }), 'start_date');
    await expect400(s.post(P.targets, { ...COMPUTE, amount: null }), 'amount');
    await expect400(s.post(P.targets, { ...COMPUTE, end_date: addDays(START, -1) }), 'end_date');
    await expect400(s.post(P.targets, { ...COMPUTE, period: 'WEEKLY' }), 'period');
    const target = await createTarget();
    await expect400(s.patch(path(P.target, target.id), { budget_type: 'top_down', amount: null }), 'amount');
    await expect400(
      s.post(path(P.createPlannings, target.id), { method: 'lookback', lookback_months: 0 }),
      'lookback_months',
    );
    await expect400(s.post(P.alerts, { cost_target: target.id, threshold: -1 }), 'threshold');
    await expect400(s.get(path(P.target, 'not-a-uuid')), 'id');
  });
});

describe('plannings, CSV and history', () => {
  it('creates a plan from a lookback and from a growth rate, one planning per month', async () => {
    const target = await createTarget({ ...COMPUTE, budget_type: 'bottom_up', amount: null });
    const lookback = await a.admin.session.post(path(P.createPlannings, target.id), {
      method: 'lookback',
      lookback_months: 1,
    });
    expect(lookback.status, JSON.stringify(lookback.body)).toBe(201);
    const plan = planningListSchema.parse(lookback.body);
    expect(plan).toHaveLength(12);
    expect(plan[0]?.month).toBe(START.slice(0, 7));
    for (const p of plan) expect(p.amount).toBeCloseTo(10 * PREVIOUS_MONTH_DAYS, 6);
    // bottom_up: the period's budget is its month's planning.
    expect((await a.admin.session.get(path(P.target, target.id))).body).toMatchObject({
      current: { budget: 10 * PREVIOUS_MONTH_DAYS },
    });

    const growth = await a.admin.session.post(path(P.createPlannings, target.id), {
      method: 'growth',
      growth_rate_percent: 10,
      base_amount: 1000,
    });
    expect(
      planningListSchema
        .parse(growth.body)
        .slice(0, 3)
        .map((p) => p.amount),
    ).toEqual([1000, 1100, 1210]);
  });

  it('CSV round trip; a bad row is a 400 naming row and column and nothing is applied; history says who', async () => {
    const target = await createTarget({
      ...COMPUTE,
      budget_type: 'bottom_up',
      amount: null,
      end_date: endOfMonth(addMonths(START, 2)),
    });
    const months = [0, 1, 2].map((i) => addMonths(START, i).slice(0, 7));
    const download = await a.admin.session.get(path(P.downloadCsv, target.id));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('text/csv');
    expect(download.body).toBe(`month,amount\n${months.map((m) => `${m},0`).join('\n')}\n`);

    const upload = await a.admin.session.post(path(P.uploadCsv, target.id), {
      csv: `month,amount\n${months[0]},100\n${months[1]},200.5\n${months[2]},300\n`,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(planningListSchema.parse(upload.body).map((p) => [p.month, p.amount])).toEqual([
      [months[0], 100],
      [months[1], 200.5],
      [months[2], 300],
    ]);
    const again = await a.admin.session.get(path(P.downloadCsv, target.id));
    expect(again.body).toBe(`month,amount\n${months[0]},100\n${months[1]},200.5\n${months[2]},300\n`);

    const bad = await a.admin.session.post(path(P.uploadCsv, target.id), {
      csv: `month,amount\n${months[0]},999\n${months[1]},abc\n1999-01,5\n`,
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual([
      'rows.2.amount',
      'rows.3.month',
    ]);
    expect((bad.body as { detail: string }).detail).toContain('rows.2.amount');
    const unchanged = await a.admin.session.get(`${P.plannings}?cost_target=${target.id}&imply_client=true`);
    expect(planningListSchema.parse(unchanged.body).map((p) => p.amount)).toEqual([100, 200.5, 300]);

    // Editing one month: PATCH when the planning has an id, POST for the month otherwise (same row).
    const first = planningListSchema.parse(unchanged.body)[0];
    const patched = await a.admin.session.patch(path(P.planning, first?.id ?? ''), { amount: 150 });
    expect(planningSchema.parse(patched.body)).toMatchObject({ id: first?.id, amount: 150 });
    const posted = await a.admin.session.post(P.plannings, {
      cost_target: target.id,
      month: months[0],
      amount: 175,
    });
    expect(posted.status).toBe(201);
    expect(planningSchema.parse(posted.body)).toMatchObject({ id: first?.id, amount: 175 });
    await expect400(
      a.admin.session.post(P.plannings, { cost_target: target.id, month: '1999-01', amount: 1 }),
      'month',
    );

    const history = planningHistoryListSchema.parse(
      (await a.admin.session.get(`${P.history}?cost_target=${target.id}`)).body,
    );
    const firstMonth = history.filter((h) => h.month === months[0]).map((h) => [h.source, h.before, h.after]);
    expect(firstMonth).toEqual([
      ['manual', 150, 175],
      ['manual', 100, 150],
      ['csv', null, 100],
    ]);
    expect(history.every((h) => h.changed_by?.email === a.admin.email)).toBe(true);
  });
});

describe('burn_down/', () => {
  it('gives cumulative actual, plan and forecast for each day of the period', async () => {
    const target = await createTarget();
    const got = await a.admin.session.get(`${path(P.burnDown, target.id)}?imply_client=true`);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const burn = burnDownSchema.parse(got.body);
    expect(burn.days).toHaveLength(DAYS_IN_MONTH);
    expect(burn.days[DAY_OF_MONTH - 1]).toMatchObject({ date: YESTERDAY, forecast: null });
    expect(burn.days[DAY_OF_MONTH - 1]?.actual).toBeCloseTo(10 * DAY_OF_MONTH, 6);
    expect(burn.days.at(-1)?.plan).toBeCloseTo(100, 6);
    if (DAY_OF_MONTH < DAYS_IN_MONTH) {
      expect(burn.days.at(-1)?.actual).toBeNull();
      expect(burn.days.at(-1)?.forecast).toBeCloseTo(10 * DAYS_IN_MONTH, 6);
    }
    await expect400(
      a.admin.session.get(`${path(P.burnDown, target.id)}?period_start=${addDays(START, -1)}`),
      'period_start',
    );
  });
});

describe('cost_target_alert/', () => {
  it('fires once per threshold crossing and period, enqueuing notifications.dispatch; digests wait', async () => {
    const target = await createTarget({ ...COMPUTE, name: 'Alerted' });
    const post = (body: object) => a.admin.session.post(P.alerts, { cost_target: target.id, ...body });
    const now = alertSchema.parse(
      (
        await post({
          basis: 'forecast',
          threshold_type: 'percent',
          threshold: 100,
          recipients: { user_ids: [a.admin.profile.id], emails: ['ops@example.com'] },
        })
      ).body,
    );
    const never = alertSchema.parse((await post({ threshold_type: 'amount', threshold: 1e9 })).body);
    const daily = alertSchema.parse(
      (await post({ basis: 'forecast', threshold: 90, frequency: 'daily' })).body,
    );

    // Evaluations the edits enqueued may still be running: one that missed an alert leaves the target due.
    await runJob('cost-targets.evaluate', {});
    const jobs = await dispatchJobs(now.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.kind).toBe('notifications.dispatch');
    expect(jobs[0]?.dedupe_key).toBe(`cost-target-alert:${now.id}:${START}:100`);
    const forecast = (10 * DAYS_IN_MONTH).toFixed(2);
    expect(jobs[0]?.payload).toEqual({
      clientId: a.admin.profile.client_id,
      source: 'cost_target_alert',
      sourceId: now.id,
      subject: 'Cost target "Alerted" is forecast to reach 100% of the budget',
      text: `Spend of "Alerted" for ${START} to ${endOfMonth(START)} is forecast to reach 100% of the budget: forecast ${forecast} USD against a budget of 100.00 USD.`,
      link: `/v3/burn-down-tracker/?target=${target.id}`,
      severity: 'critical',
      facts: {
        Target: 'Alerted',
        Period: `${START} to ${endOfMonth(START)}`,
        Budget: '100.00 USD',
        Actual: `${(10 * DAY_OF_MONTH).toFixed(2)} USD`,
        Forecast: `${forecast} USD`,
        Threshold: '100% of the budget (forecast)',
      },
      recipients: { userIds: [a.admin.profile.id], emails: ['ops@example.com'], channelIds: [] },
    });
    // The notifications feature's own contract accepts it.
    expect(dispatchPayloadSchema.safeParse(jobs[0]?.payload).success).toBe(true);
    expect(await dispatchJobs(never.id)).toEqual([]);
    expect(await dispatchJobs(daily.id)).toEqual([]);

    // Evaluated again (a new import would do this): the same crossing does not fire again.
    await context.server.appDb
      .updateTable('cost_targets')
      .set({ evaluated_at: null })
      .where('id', '=', target.id)
      .execute();
    await runJob('cost-targets.evaluate', {});
    expect(await dispatchJobs(now.id)).toHaveLength(1);
    const fired = await context.server.appDb
      .selectFrom('cost_target_fired_alerts')
      .select('alert_id')
      .where('alert_id', 'in', [now.id, never.id, daily.id])
      .execute();
    expect(fired.map((f) => f.alert_id).sort()).toEqual([now.id, daily.id].sort());

    // The daily digest sends the waiting crossing, once (a lone crossing keeps its own message).
    await runJob('cost-targets.digest', { frequency: 'daily' });
    await runJob('cost-targets.digest', { frequency: 'daily' });
    const dispatched = await context.server.appDb
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'notifications.dispatch')
      .execute();
    const digest = dispatched.map((j) => dispatchPayloadSchema.parse(j.payload));
    expect(digest.filter((payload) => payload.sourceId === daily.id)).toEqual([
      expect.objectContaining({
        subject: 'Cost target "Alerted" is forecast to reach 90% of the budget',
        digest: true,
      }),
    ]);
  });

  it('lists, patches, deletes alerts; sync_alert_frequencies sets one frequency on all of a target', async () => {
    const target = await createTarget();
    for (const threshold of [50, 80])
      await a.admin.session.post(P.alerts, { cost_target: target.id, threshold });
    const listed = alertListSchema.parse(
      (await a.admin.session.get(`${P.alerts}?cost_target=${target.id}`)).body,
    );
    expect(listed.map((x) => x.threshold)).toEqual([50, 80]);
    const synced = await a.admin.session.post(P.syncAlertFrequencies, {
      cost_target_id: target.id,
      frequency: 'weekly',
    });
    expect(alertListSchema.parse(synced.body).map((x) => x.frequency)).toEqual(['weekly', 'weekly']);
    const [first, second] = listed;
    const patched = await a.admin.session.patch(path(P.alert, first?.id ?? ''), {
      threshold: 60,
      basis: 'forecast',
    });
    expect(alertSchema.parse(patched.body)).toMatchObject({
      threshold: 60,
      basis: 'forecast',
      frequency: 'weekly',
    });
    expect((await a.admin.session.delete(path(P.alert, second?.id ?? ''))).status).toBe(204);
    const after = alertListSchema.parse(
      (await a.admin.session.get(`${P.alerts}?cost_target=${target.id}`)).body,
    );
    expect(after.map((x) => x.id)).toEqual([first?.id]);
  });
});

describe('OpenAPI', () => {
  it('documents every cost target call', async () => {
    const docs = (await a.admin.session.get('/api/docs')).body as { paths: Record<string, unknown> };
    for (const template of Object.values(P)) {
      expect(Object.keys(docs.paths)).toContain(template.replace(':id', '{id}'));
    }
  });
});

describe('tenant isolation', () => {
  it("another client's admin gets 404 for every call on a target and never sees it listed", async () => {
    const target = await createTarget();
    const alert = alertSchema.parse(
      (await a.admin.session.post(P.alerts, { cost_target: target.id, threshold: 50 })).body,
    );
    const s = b.admin.session;
    const id = target.id;
    for (const pending of [
      s.get(path(P.target, id)),
      s.patch(path(P.target, id), { name: 'Mine now' }),
      s.delete(path(P.target, id)),
      s.get(`${P.plannings}?cost_target=${id}`),
      s.get(`${P.history}?cost_target=${id}`),
      s.get(`${P.alerts}?cost_target=${id}`),
      s.get(path(P.burnDown, id)),
      s.get(path(P.downloadCsv, id)),
      s.post(path(P.uploadCsv, id), { csv: 'month,amount\n' }),
      s.post(P.alerts, { cost_target: id, threshold: 10 }),
      s.patch(path(P.alert, alert.id), { threshold: 1 }),
      s.delete(path(P.alert, alert.id)),
      s.post(P.syncAlertFrequencies, { cost_target_id: id, frequency: 'daily' }),
    ]) {
      expect((await pending).status).toBe(404);
    }
    const theirs = costTargetListSchema.parse((await s.get(P.targets)).body);
    expect(theirs.map((t) => t.id)).not.toContain(id);
    expect((await a.admin.session.get(path(P.target, id))).body).toMatchObject({ name: 'Compute' });
  });
});
