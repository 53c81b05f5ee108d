import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { costQuerySchema } from '@finlens/contracts/cost-query';
import { dispatchPayloadSchema } from '@finlens/contracts/notifications';
import { DEFAULT_GRID_SETTINGS } from '@finlens/contracts/reports';
import { formatMoney } from '@finlens/cost-model/format';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openAppDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import type { AppTables } from '../../db/tables';
import { seedPglite } from '../../db/test-app-database';
import { importPath, tempWarehouse } from '../../ingest/import-file.test-helper';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobSchedules } from '../../platform/jobs/job-schedules';
import { createJobWorker } from '../../platform/jobs/job-worker';
import { describeOnAppEngines, openOrSkip } from '../../platform/jobs/test-engines';
import { createMailer, type Mailer } from '../../platform/mail/mailer';
import { startTestSmtp, type TestSmtp } from '../../platform/mail/test-smtp';
import { createCostScopes } from '../../warehouse/cost-scope';
import { csvRows, pdfText, pngSize } from './report-attachments.test-helper';
import { createReportSendHandler } from './report-send.job';
import { createReportsRepo } from './reports.repo';
import { createReportsService } from './reports.service';

const logger = pino({ level: 'silent' });
// The warehouse helper stages every import under this client id.
const CLIENT = 'client';
const PROJECT = 'report-project';
const QUERY = costQuerySchema.parse({
  start_date: '2026-10-01',
  end_date: '2026-10-07',
  dimension: 'line_item_operation',
});

const warehouse = tempWarehouse('finlens-report-send-');
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const lines = ['lineItem/LineItemType,lineItem/UsageStartDate,lineItem/Operation,lineItem/UnblendedCost'];
  for (let d = 1; d <= 7; d++) {
    lines.push(
      `Usage,2026-10-0${d}T00:00:00Z,RunInstances,${d}`,
      `Usage,2026-10-0${d}T00:00:00Z,PutObject,0.5`,
    );
    lines.push(`Usage,2026-09-${23 + d}T00:00:00Z,RunInstances,1`);
  }
  const file = join(warehouse.dir, 'cur.csv');
  await writeFile(file, lines.join('\n'));
  await importPath(warehouse.store, file, PROJECT);
});
afterAll(async () => {
  await smtp?.stop();
});

let counter = 0;
/** A client (the warehouse's), a project, a user and one scheduled report mailing `recipient`. */
async function scheduledReport(db: Kysely<AppTables>, recipient: string) {
  counter += 1;
  await db
    .insertInto('clients')
    .values({ id: CLIENT, name: 'Acme' })
    .onConflict((c) => c.doNothing())
    .execute();
  await db
    .insertInto('projects')
    .values({ id: PROJECT, client_id: CLIENT, name: 'Payer' })
    .onConflict((c) => c.doNothing())
    .execute();
  const user = await db
    .insertInto('users')
    .values({
      email: `owner-${counter}-${Date.now()}@example.com`,
      password_hash: null,
      profile_picture: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('memberships').values({ client_id: CLIENT, user_id: user.id, role: 'admin' }).execute();
  const service = createReportsService({
    repo: createReportsRepo({ db }),
    scopes: createCostScopes({ db }),
    warehouse: warehouse.store,
    queue: createJobQueue({ db }),
    schedules: createJobSchedules({ db }),
  });
  const report = await service.create(
    testCaller(CLIENT, { user: { ...testCaller(CLIENT).user, id: user.id } }),
    {
      name: `Ops weekly ${counter}`,
      query: QUERY,
      range_preset: null,
      chart_type: 'stacked_bar',
      grid: DEFAULT_GRID_SETTINGS,
      visibility: 'private',
      is_hidden: false,
      schedule: {
        frequency: 'daily',
        days_of_week: [],
        day_of_month: null,
        time: '06:00',
        time_zone: 'UTC',
        recipients: { user_ids: [], emails: [recipient] },
      },
    },
  );
  // Make its slot due now.
  const slot = new Date(Date.now() - 60_000);
  await db
    .updateTable('job_schedules')
    .set({ next_run_at: slot })
    .where('name', '=', `report:${report.id}`)
    .execute();
  return { report, slot };
}

function worker(db: Kysely<AppTables>, mailer: Mailer) {
  const queue = createJobQueue({ db, backoff: { baseMs: 0, maxMs: 0 } });
  const schedules = createJobSchedules({ db });
  const handler = createReportSendHandler({
    repo: createReportsRepo({ db }),
    scopes: createCostScopes({ db }),
    warehouse: warehouse.store,
    mailer,
    queue,
    publicUrl: 'http://finlens.test',
  });
  return { queue, schedules, worker: createJobWorker({ queue, schedules, handlers: [handler], logger }) };
}

const smtpMailer = (url: string) =>
  createMailer({ smtpUrl: url, dataDir: '.', from: 'reports@finlens.test', logger });

describeOnAppEngines('report emails from the job system', (engine) => {
  it('two workers racing over one due slot send it once; a second job for the slot is skipped', async (ctx) => {
    const one = await openOrSkip(engine(), ctx);
    const two = await openOrSkip(engine(), ctx);
    const recipient = `race-${engine().kind}@partner.example`;
    const { report, slot } = await scheduledReport(one.db, recipient);
    const a = worker(one.db, smtpMailer(smtp.url));
    const b = worker(two.db, smtpMailer(smtp.url));

    const enqueued = await Promise.all([a.schedules.enqueueDue(), b.schedules.enqueueDue()]);
    expect(enqueued.reduce((x, y) => x + y, 0)).toBe(1);
    await Promise.all([a.worker.runNext(), b.worker.runNext(), a.worker.runNext(), b.worker.runNext()]);

    const mail = await smtp.next(recipient);
    expect(mail.subject).toBe(`Finlens report: ${report.name} (2026-10-01 to 2026-10-07)`);
    const answer = await warehouse.store.runCostQuery({
      ...QUERY,
      clientId: CLIENT,
      projectIds: [PROJECT],
      useRollups: true,
    });
    expect(answer.total).toBe(31.5);
    expect(mail.text).toContain(`Total: ${formatMoney(answer.total)}`);
    // The 7 days before: RunInstances 1 a day.
    expect(mail.text).toContain(`Change: ${formatMoney(31.5 - 7)}`);
    expect(mail.text).toContain('RunInstances: $7.00 → $28.00 (+$21.00)');
    expect(
      pngSize(mail.attachments.find((f) => f.contentType === 'image/png')?.content ?? Buffer.alloc(0)).width,
    ).toBe(1600);
    const rows = csvRows(
      mail.attachments.find((f) => f.contentType === 'text/csv')?.content ?? Buffer.alloc(0),
    );
    expect(rows.length - 1).toBe(answer.series.length);
    const pdf = await pdfText(
      mail.attachments.find((f) => f.contentType === 'application/pdf')?.content ?? Buffer.alloc(0),
    );
    expect(pdf).toContain('RunInstances');

    // Another job naming the same slot (e.g. a re-enqueue) finds the slot sent and mails nothing.
    await a.queue.enqueue({
      kind: 'reports.send',
      payload: { report_id: report.id, trigger: 'schedule', slot: slot.toISOString() },
    });
    await a.worker.runNext();
    const sends = await one.db
      .selectFrom('report_sends')
      .selectAll()
      .where('report_id', '=', report.id)
      .execute();
    expect(sends.map((s) => [s.status, s.attempts, s.slot.toISOString()])).toEqual([
      ['sent', 1, slot.toISOString()],
    ]);
    expect(smtp.messages.filter((m) => m.to.includes(recipient))).toHaveLength(1);
    // The channels subscribed to reports hear of the send once.
    const notices = await one.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'notifications.dispatch')
      .where('dedupe_key', 'like', 'report-notice:%')
      .execute();
    expect(notices.map((n) => n.payload)).toContainEqual(
      expect.objectContaining({
        source: 'report',
        sourceId: report.id,
        subject: `Report "${report.name}" was sent`,
      }),
    );
    const mine = notices.filter((n) => (n.payload as { sourceId: string }).sourceId === report.id);
    expect(mine).toHaveLength(1);
    // What the dispatch job will accept.
    expect(dispatchPayloadSchema.safeParse(mine[0]?.payload).success).toBe(true);
  });

  it('a send that fails (SMTP down) is logged and retried by the job queue', async (ctx) => {
    const db = (await openOrSkip(engine(), ctx)).db;
    const recipient = `retry-${engine().kind}@partner.example`;
    const { report } = await scheduledReport(db, recipient);
    // Nothing listens on port 9: the first attempt cannot connect.
    let target = smtpMailer('smtp://127.0.0.1:9');
    const { schedules, worker: w, queue } = worker(db, { send: (message) => target.send(message) });
    await schedules.enqueueDue();

    const first = await w.runNext();
    expect(first).not.toBeNull();
    const failed = await queue.get(first?.id ?? '');
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);
    const log = () => db.selectFrom('report_sends').selectAll().where('report_id', '=', report.id).execute();
    expect((await log()).map((s) => [s.status, s.attempts])).toEqual([['failed', 1]]);

    target = smtpMailer(smtp.url);
    await w.runNext();
    expect((await smtp.next(recipient)).subject).toContain(report.name);
    expect(await queue.get(first?.id ?? '')).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((await log()).map((s) => [s.status, s.attempts, s.error])).toEqual([['sent', 2, null]]);
  });
});

it('a schedule survives a restart: saved, the database closed and reopened, then sent at its slot', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'finlens-report-restart-'));
  try {
    await seedPglite(dir);
    const before = await openAppDatabase({ dataDir: dir, databaseUrl: null });
    await migrate(before.db);
    const recipient = 'restart@partner.example';
    const { report } = await scheduledReport(before.db, recipient);
    await before.close();

    const after = await openAppDatabase({ dataDir: dir, databaseUrl: null });
    try {
      const { schedules, worker: w } = worker(after.db, smtpMailer(smtp.url));
      expect(await schedules.enqueueDue()).toBe(1);
      await w.runNext();
      expect((await smtp.next(recipient)).subject).toContain(report.name);
    } finally {
      await after.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
