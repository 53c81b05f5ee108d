import type { DispatchPayload } from '@finlens/contracts/notifications';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createJobQueue, insertJob } from '../../platform/jobs/job-queue';
import { createJobWorker } from '../../platform/jobs/job-worker';
import { createMailer } from '../../platform/mail/mailer';
import { startTestSmtp, type TestSmtp } from '../../platform/mail/test-smtp';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { createChannelSender } from '../notifications/channel-sender';
import { dispatchedNotices } from '../notifications/dispatched.test-helper';
import { createNotificationDispatcher } from '../notifications/notification-dispatcher';
import { notificationJobHandlers } from '../notifications/notifications.jobs';
import { createNotificationsRepo } from '../notifications/notifications.repo';
import { insertLedgerEntry } from './ledger-entry.test-helper';
import { DIGEST_SCAN_KIND, weeklyDigestJobHandlers } from './savings-ledger.jobs';
import { createWeeklyDigestRepo } from './weekly-digest.repo';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

let database: MigratedTestDatabase;
let smtp: TestSmtp;
let clientId: string;
let projectId: string;

/** A recommendation first found at `firstSeen` (resolved when `resolved`). */
async function recommendation(
  id: string,
  title: string,
  saving: number,
  firstSeen: string,
  resolved = false,
) {
  await database.db
    .insertInto('recommendations')
    .values({
      id,
      project_id: projectId,
      rule_key: 'ec2-idle',
      account_id: '111',
      region: 'us-east-1',
      resource_id: `i-${id}`,
      estimated_monthly_saving: saving,
      on_demand_monthly_saving: saving,
      body: JSON.stringify({ title }),
      first_seen_at: firstSeen,
      evaluated_at: firstSeen,
      resolved_at: resolved ? '2026-03-06T00:00:00Z' : null,
    })
    .execute();
}

/** A ledger entry of recommendation `id` in `state`, verified at `verifiedAt` when given. */
async function entry(id: string, state: 'dismissed' | 'verified', estimated: number, verifiedAt?: string) {
  await insertLedgerEntry(database.db, {
    client_id: clientId,
    project_id: projectId,
    recommendation_id: id,
    resource_id: `i-${id}`,
    title: `Stop ${id}`,
    state,
    estimated_monthly_saving: estimated,
    ...(verifiedAt === undefined
      ? {}
      : {
          verification: JSON.stringify({
            outcome: 'verified',
            rate_before: 2,
            rate_after: 0,
            before_days: 14,
            after_days: 7,
            realised_monthly_saving: estimated * 0.96,
            realised_to_date: 14,
            billed_through: verifiedAt.slice(0, 10),
            verified_at: verifiedAt,
          }),
        }),
  });
}

beforeAll(async () => {
  database = await openMigratedTestDatabase('weekly-digest');
  smtp = await startTestSmtp();
  const db = database.db;
  ({ clientId, projectId } = await insertClientAndProject(db));
  const admin = await db
    .insertInto('users')
    .values({ email: 'admin@example.com', password_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values({ client_id: clientId, user_id: admin.id, role: 'admin' })
    .execute();
  await createNotificationsRepo({ db }).savePreferences(
    clientId,
    admin.id,
    ['recommendation'],
    'immediately',
  );
  // A team mailbox subscribed to recommendations, and one that is not.
  for (const [name, sources] of [
    ['finops@example.com', ['recommendation']],
    ['alerts@example.com', ['anomaly']],
  ] as const) {
    await db
      .insertInto('notification_channels')
      .values({
        client_id: clientId,
        name,
        kind: 'email',
        enabled: true,
        sources: JSON.stringify(sources),
        settings: JSON.stringify({ emails: [name] }),
        secrets_sealed: null,
        secrets_masked: '{}',
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
      })
      .execute();
  }
  // The week of Monday 2 March 2026: two new ones (one dismissed since) and one found and resolved; one older.
  await recommendation('big', 'Stop idle i-big', 120, '2026-03-03T10:00:00Z');
  await recommendation('small', 'Delete vol-small', 8.5, '2026-03-08T23:00:00Z');
  await recommendation('gone', 'Stop i-gone', 50, '2026-03-04T10:00:00Z', true);
  await recommendation('nope', 'Stop i-nope', 70, '2026-03-05T10:00:00Z');
  await entry('nope', 'dismissed', 70);
  await recommendation('old', 'Stop i-old', 99, '2026-02-20T10:00:00Z');
  // Verified in the week (the bill showed it), and one verified the week before.
  await entry('old', 'verified', 100, '2026-03-07T06:00:00Z');
  await entry('older', 'verified', 10, '2026-02-27T06:00:00Z');
}, 120_000);

afterAll(async () => {
  await smtp?.stop();
  await database?.close();
});

/** Runs the weekly scan as of `now` with the dispatch and delivery jobs; the notifications it queued. */
async function digestAt(now: string): Promise<DispatchPayload[]> {
  const db = database.db;
  const clock = () => new Date(now);
  const queue = createJobQueue({ db, clock });
  const dispatcher = createNotificationDispatcher({
    repo: createNotificationsRepo({ db }),
    secretBox: createSecretBox('a-test-secret-key-of-at-least-32-characters'),
    send: createChannelSender({
      mailer: createMailer({
        smtpUrl: smtp.url,
        dataDir: database.dir,
        from: 'alerts@finlens.local',
        logger: pino({ level: 'silent' }),
      }),
      http: testGuardedHttp(),
    }),
    publicUrl: 'http://finlens.test',
    clock,
  });
  const handlers = [
    ...weeklyDigestJobHandlers({ repo: createWeeklyDigestRepo({ db }), queue, now: clock }),
    ...notificationJobHandlers(dispatcher),
  ];
  const before = await dispatched();
  await insertJob(db, { kind: DIGEST_SCAN_KIND, payload: {} }, clock());
  const worker = createJobWorker({ queue, handlers, logger: silent });
  while ((await worker.runNext()) !== null) {}
  return (await dispatched()).slice(before.length);
}

const dispatched = () => dispatchedNotices(database.db);

describe('the weekly savings digest', () => {
  it('mails the week’s new recommendations and verified savings once, to admins and subscribed channels', async () => {
    const sent = await digestAt('2026-03-09T07:00:00Z');
    expect(sent).toHaveLength(1);
    const notice = sent[0];
    expect(notice).toMatchObject({
      clientId,
      source: 'recommendation',
      sourceId: 'weekly-digest:2026-03-02',
      subject: 'Savings digest: 2 new recommendations ($128.50/month), 1 saving verified ($96.00/month)',
      facts: {
        Week: '2026-03-02 to 2026-03-08',
        'New recommendations': '2',
        'Verified savings': '1',
        'Realised to date': '$105.60',
      },
    });
    for (const to of ['admin@example.com', 'finops@example.com']) {
      const mail = await smtp.next(to);
      expect(mail.subject).toBe(`Finlens: ${notice?.subject}`);
      expect(mail.text).toContain('- Stop idle i-big: $120.00 per month');
      expect(mail.text).toContain('- Delete vol-small: $8.50 per month');
      // ≈ a week: a month's saving ÷ 4 (spec's savings helper).
      expect(mail.text).toContain('estimated $128.50 per month (≈ $32.13 a week)');
      expect(mail.text).toContain('- Stop old: $96.00 per month (estimated $100.00)');
      expect(mail.text).not.toContain('i-nope');
      expect(mail.text).not.toContain('i-gone');
      expect(mail.text).toContain('http://finlens.test/v3/cost/recommendations/');
    }
    expect(smtp.messages.some((mail) => mail.to.includes('alerts@example.com'))).toBe(false);

    // Later the same week's Monday, or midweek: the week was sent.
    expect(await digestAt('2026-03-09T18:00:00Z')).toEqual([]);
    expect(await digestAt('2026-03-12T07:00:00Z')).toEqual([]);
  }, 120_000);

  it('sends nothing for a week with no new recommendation and no verified saving', async () => {
    expect(await digestAt('2026-03-16T07:00:00Z')).toEqual([]);
  }, 60_000);
});
