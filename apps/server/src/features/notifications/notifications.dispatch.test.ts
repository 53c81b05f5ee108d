import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DispatchPayload } from '@finlens/contracts/notifications';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppDatabase, openAppDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedPglite } from '../../db/test-app-database';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { backoffDelayMs } from '../../platform/jobs/job-handler';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobWorker, type JobWorker } from '../../platform/jobs/job-worker';
import { createMailer } from '../../platform/mail/mailer';
import { startTestSmtp, type TestSmtp } from '../../platform/mail/test-smtp';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { createCostTargetsRepo } from '../cost-targets/cost-targets.repo';
import { releaseDigests } from '../cost-targets/target-alert-jobs';
import { createTargetAlertsRepo } from '../cost-targets/target-alerts.repo';
import { alertMessage } from '../cost-targets/target-alerts.service';
import { insertMonthlyTarget } from '../cost-targets/target-fixture.test-helper';
import { createChannelSender } from './channel-sender';
import {
  createNotificationDispatcher,
  DISPATCH_KIND,
  type NotificationDispatcher,
} from './notification-dispatcher';
import { notificationJobHandlers } from './notifications.jobs';
import { createNotificationsRepo } from './notifications.repo';
import { createNotificationsService, type NotificationsService } from './notifications.service';
import { startTestReceiver, type TestReceiver } from './test-receiver';

const SECRET_KEY = 'a-test-secret-key-of-at-least-32-characters';
const SIGNING_SECRET = 'whsec-test-signing-secret';
const ROUTING_KEY = 'R0ut1ngK3yR0ut1ngK3yR0ut1ngK3y12';
const BACKOFF = { baseMs: 40, maxMs: 400 };
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** Verifies a Finlens-Signature header the way docs/notifications.md tells receivers to. */
function verifySignature(header: string, raw: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('notifications.dispatch over real receivers', () => {
  let dir: string;
  let database: AppDatabase;
  let smtp: TestSmtp;
  let worker: JobWorker;
  let service: NotificationsService;
  let dispatcher: NotificationDispatcher;
  let clientId: string;
  const users: Record<'ada' | 'quiet' | 'daily', { id: string; email: string }> = {} as never;
  const receivers: Record<'slack' | 'teams' | 'pagerduty' | 'webhook' | 'flaky' | 'down', TestReceiver> =
    {} as never;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'finlens-notify-'));
    await seedPglite(dir);
    database = await openAppDatabase({ dataDir: dir, databaseUrl: null });
    await migrate(database.db);
    smtp = await startTestSmtp();
    for (const kind of ['slack', 'teams', 'pagerduty', 'webhook'] as const)
      receivers[kind] = await startTestReceiver();
    // Fails twice, then accepts; and one that always fails.
    receivers.flaky = await startTestReceiver((index) => (index < 2 ? 500 : 200));
    receivers.down = await startTestReceiver(() => 500);

    const db = database.db;
    clientId = (
      await db.insertInto('clients').values({ name: 'Acme' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    for (const name of ['ada', 'quiet', 'daily'] as const) {
      const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
      const { id } = await db
        .insertInto('users')
        .values({ email, password_hash: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('memberships')
        .values({ client_id: clientId, user_id: id, role: 'member' })
        .execute();
      users[name] = { id, email };
    }

    const repo = createNotificationsRepo({ db });
    const secretBox = createSecretBox(SECRET_KEY);
    const mailer = createMailer({
      smtpUrl: smtp.url,
      dataDir: dir,
      from: 'alerts@finlens.local',
      logger: pino({ level: 'silent' }),
    });
    dispatcher = createNotificationDispatcher({
      repo,
      secretBox,
      send: createChannelSender({ mailer, http: testGuardedHttp() }),
      publicUrl: 'http://finlens.test',
    });
    service = createNotificationsService({
      repo,
      secretBox,
      dispatcher,
      refusedReason: testGuardedHttp().refusedReason,
    });
    await service.savePreferences(clientId, users.quiet.id, {
      email_sources: ['anomaly'],
      email_frequency: 'off',
    });
    await service.savePreferences(clientId, users.daily.id, {
      email_sources: ['anomaly', 'cost_target_alert'],
      email_frequency: 'daily',
    });
    worker = createJobWorker({
      queue: createJobQueue({ db, backoff: BACKOFF }),
      handlers: notificationJobHandlers(dispatcher),
      logger: silent,
      pollIntervalMs: 20,
    });
    worker.start();
  });

  afterAll(async () => {
    await worker?.stop();
    await Promise.all(Object.values(receivers).map((receiver) => receiver.stop()));
    await smtp?.stop();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const payload = (overrides: Partial<DispatchPayload> = {}): DispatchPayload => ({
    clientId,
    source: 'anomaly',
    sourceId: randomUUID(),
    subject: 'EC2 spend 3.4× its usual Monday',
    text: 'Amazon EC2 cost $412.00 on 2026-11-16 against a baseline of $120.00.',
    link: '/v3/anomalies/abc',
    severity: 'warning',
    facts: { Service: 'Amazon EC2', Increase: '$292.00' },
    recipients: { userIds: [], emails: [], channelIds: [] },
    ...overrides,
  });

  const enqueue = (message: DispatchPayload) =>
    createJobQueue({ db: database.db }).enqueue({ kind: DISPATCH_KIND, payload: message });

  const deliveriesOf = async (sourceId: string) =>
    (await service.deliveries(clientId, { limit: 100 })).filter(
      (delivery) => delivery.source_id === sourceId,
    );

  it('fans out to every subscribed channel kind with each documented payload', async () => {
    await service.create(clientId, {
      kind: 'slack',
      name: 'Slack #finops',
      enabled: true,
      sources: ['anomaly'],
      webhook_url: `${receivers.slack.url}/services/T000/B000/XXXX`,
    });
    await service.create(clientId, {
      kind: 'teams',
      name: 'Teams FinOps',
      enabled: true,
      sources: ['anomaly'],
      webhook_url: `${receivers.teams.url}/workflows/abc`,
    });
    await service.create(clientId, {
      kind: 'pagerduty',
      name: 'On call',
      enabled: true,
      sources: ['anomaly'],
      routing_key: ROUTING_KEY,
      api_url: `${receivers.pagerduty.url}/v2/enqueue`,
    });
    await service.create(clientId, {
      kind: 'webhook',
      name: 'Ops hook',
      enabled: true,
      sources: ['anomaly'],
      url: `${receivers.webhook.url}/hooks/finlens`,
      signing_secret: SIGNING_SECRET,
    });
    await service.create(clientId, {
      kind: 'email',
      name: 'FinOps list',
      enabled: true,
      sources: ['anomaly'],
      emails: ['finops@example.com'],
    });
    // Not subscribed to anomalies: receives nothing.
    await service.create(clientId, {
      kind: 'slack',
      name: 'Budgets only',
      enabled: true,
      sources: ['cost_target_alert'],
      webhook_url: `${receivers.slack.url}/services/other`,
    });

    const message = payload({
      recipients: { userIds: [users.ada.id, users.quiet.id], emails: ['cfo@example.com'], channelIds: [] },
    });
    await enqueue(message);
    await vi.waitFor(
      async () => {
        const deliveries = await deliveriesOf(message.sourceId);
        expect(deliveries).toHaveLength(7);
        expect(deliveries.every((delivery) => delivery.status === 'succeeded')).toBe(true);
      },
      { timeout: 15_000, interval: 50 },
    );

    expect(receivers.slack.requests).toHaveLength(1);
    const slack = receivers.slack.requests[0];
    expect(slack?.path).toBe('/services/T000/B000/XXXX');
    expect(slack?.headers['content-type']).toBe('application/json');
    expect(slack?.json).toMatchObject({
      text: expect.stringContaining(message.subject),
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: message.subject } },
        { type: 'section', text: { type: 'mrkdwn', text: message.text } },
        {
          type: 'section',
          fields: [
            { type: 'mrkdwn', text: '*Service*\nAmazon EC2' },
            { type: 'mrkdwn', text: '*Increase*\n$292.00' },
          ],
        },
        { type: 'actions', elements: [{ type: 'button', url: 'http://finlens.test/v3/anomalies/abc' }] },
      ],
    });

    expect(receivers.teams.requests[0]?.json).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            body: [
              { type: 'TextBlock', text: message.subject },
              { type: 'TextBlock', text: message.text },
              { type: 'FactSet', facts: [{ title: 'Service', value: 'Amazon EC2' }, expect.anything()] },
            ],
            actions: [{ type: 'Action.OpenUrl', url: 'http://finlens.test/v3/anomalies/abc' }],
          },
        },
      ],
    });

    const pagerDuty = receivers.pagerduty.requests[0];
    expect(pagerDuty?.path).toBe('/v2/enqueue');
    expect(pagerDuty?.json).toMatchObject({
      routing_key: ROUTING_KEY,
      event_action: 'trigger',
      dedup_key: `finlens:anomaly:${message.sourceId}`,
      payload: {
        summary: message.subject,
        source: 'finlens',
        severity: 'warning',
        custom_details: { Service: 'Amazon EC2' },
      },
      links: [{ href: 'http://finlens.test/v3/anomalies/abc' }],
    });

    const hook = receivers.webhook.requests[0];
    const signature = String(hook?.headers['finlens-signature'] ?? '');
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, hook?.raw ?? '', SIGNING_SECRET)).toBe(true);
    expect(verifySignature(signature, `${hook?.raw} `, SIGNING_SECRET)).toBe(false);
    expect(verifySignature(signature, hook?.raw ?? '', 'another-secret-of-16')).toBe(false);
    expect(hook?.json).toMatchObject({
      source: 'anomaly',
      source_id: message.sourceId,
      client_id: clientId,
      subject: message.subject,
      severity: 'warning',
      link: 'http://finlens.test/v3/anomalies/abc',
      facts: message.facts,
    });

    for (const to of ['finops@example.com', 'cfo@example.com', users.ada.email]) {
      const mail = await smtp.next(to);
      expect(mail.subject).toBe(`Finlens: ${message.subject}`);
      expect(mail.text).toContain('Service: Amazon EC2');
      expect(mail.text).toContain('http://finlens.test/v3/anomalies/abc');
    }
    // The user who turned email off gets nothing and no delivery row.
    expect(smtp.messages.some((mail) => mail.to.includes(users.quiet.email))).toBe(false);
  });

  it('holds mail for daily readers and sends them one digest', async () => {
    const first = payload({
      subject: 'First anomaly',
      recipients: { userIds: [users.daily.id], emails: [], channelIds: [] },
    });
    const second = payload({
      source: 'cost_target_alert',
      subject: 'Budget reached',
      link: '/v3/burn-down-tracker/?target=t1',
      recipients: { userIds: [users.daily.id], emails: [], channelIds: [] },
    });
    await dispatcher.fanOut(first);
    await dispatcher.fanOut(second);
    const held = [...(await deliveriesOf(first.sourceId)), ...(await deliveriesOf(second.sourceId))].filter(
      (delivery) => delivery.channel_id === null,
    );
    expect(held.map((delivery) => [delivery.recipient, delivery.status])).toEqual([
      [users.daily.email, 'skipped'],
      [users.daily.email, 'skipped'],
    ]);
    expect(await dispatcher.sendDigests('weekly')).toBe(0);
    expect(await dispatcher.sendDigests('daily')).toBe(1);
    const mail = await smtp.next(users.daily.email);
    expect(mail.subject).toBe('Finlens: 2 notifications (daily digest)');
    expect(mail.text).toContain('• First anomaly\n  http://finlens.test/v3/anomalies/abc');
    expect(mail.text).toContain('• Budget reached\n  http://finlens.test/v3/burn-down-tracker/?target=t1');
    expect((await deliveriesOf(first.sourceId)).find((d) => d.recipient === users.daily.email)?.status).toBe(
      'succeeded',
    );
    // Nothing is held any more: the next digest sends nothing.
    expect(await dispatcher.sendDigests('daily')).toBe(0);
    // A message its own digest released (a daily cost-target alert) is not held for a second digest.
    const digested = payload({
      source: 'cost_target_alert',
      subject: 'Budget reached (daily alert digest)',
      recipients: { userIds: [users.daily.id], emails: [], channelIds: [] },
      digest: true,
    });
    await dispatcher.fanOut(digested);
    const mails = (await deliveriesOf(digested.sourceId)).filter((delivery) => delivery.channel_id === null);
    expect(mails.map((d) => [d.recipient, d.status])).toEqual([[users.daily.email, 'pending']]);
  });

  it('retries a failing receiver with backoff and logs every attempt', async () => {
    const flaky = await service.create(clientId, {
      kind: 'webhook',
      name: 'Flaky hook',
      enabled: true,
      sources: [],
      url: receivers.flaky.url,
      signing_secret: SIGNING_SECRET,
    });
    const down = await service.create(clientId, {
      kind: 'slack',
      name: 'Broken Slack',
      enabled: true,
      sources: [],
      webhook_url: receivers.down.url,
    });
    const message = payload({ recipients: { userIds: [], emails: [], channelIds: [flaky.id, down.id] } });
    await enqueue(message);
    await vi.waitFor(
      async () => {
        const byChannel = new Map((await deliveriesOf(message.sourceId)).map((d) => [d.channel_id, d]));
        expect(byChannel.get(flaky.id)?.status).toBe('succeeded');
        expect(byChannel.get(down.id)?.status).toBe('failed');
      },
      { timeout: 20_000, interval: 50 },
    );
    const byChannel = new Map((await deliveriesOf(message.sourceId)).map((d) => [d.channel_id, d]));
    expect(byChannel.get(flaky.id)?.attempts.map((attempt) => attempt.http_status)).toEqual([500, 500, 200]);
    const failed = byChannel.get(down.id)?.attempts ?? [];
    // The job system's default of five attempts, each answered 500 and logged with the receiver's text.
    expect(failed.map((attempt) => [attempt.attempt, attempt.ok, attempt.http_status])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, false, 500]),
    );
    // The status and its standard reason, never the receiver's body.
    expect(failed[0]?.error).toBe('HTTP 500 Internal Server Error');
    // Each retry waited at least its backoff delay after the attempt before it.
    for (let n = 1; n < failed.length; n += 1) {
      const gap = Date.parse(failed[n]?.at ?? '') - Date.parse(failed[n - 1]?.at ?? '');
      expect(gap).toBeGreaterThanOrEqual(backoffDelayMs(n, BACKOFF) - 5);
    }
    expect(receivers.down.requests).toHaveLength(5);
  });

  it('send_test sends once now and logs it; secrets are sealed, never stored in clear', async () => {
    const channel = await service.create(clientId, {
      kind: 'pagerduty',
      name: 'PD test',
      enabled: true,
      sources: [],
      routing_key: ROUTING_KEY,
      api_url: `${receivers.pagerduty.url}/v2/enqueue`,
    });
    expect(channel.routing_key).toBe(`…${ROUTING_KEY.slice(-4)}`);
    const before = receivers.pagerduty.requests.length;
    const result = await service.sendTest(clientId, channel.id);
    expect(result).toMatchObject({ ok: true, http_status: 200, error: null });
    expect(receivers.pagerduty.requests).toHaveLength(before + 1);
    expect(receivers.pagerduty.requests.at(-1)?.json).toMatchObject({
      event_action: 'trigger',
      payload: { severity: 'info', summary: 'Test notification for PD test' },
    });
    const row = await database.db
      .selectFrom('notification_channels')
      .select(['secrets_sealed', 'settings'])
      .where('id', '=', channel.id)
      .executeTakeFirstOrThrow();
    expect(row.secrets_sealed).not.toContain(ROUTING_KEY);
    expect(JSON.stringify(row.settings)).not.toContain(ROUTING_KEY);

    const broken = await service.create(clientId, {
      kind: 'teams',
      name: 'Teams down',
      enabled: true,
      sources: [],
      webhook_url: receivers.down.url,
    });
    const failed = await service.sendTest(clientId, broken.id);
    expect(failed).toMatchObject({ ok: false, http_status: 500 });
    const [logged] = (await service.deliveries(clientId, { limit: 100, channelId: broken.id })) ?? [];
    expect(logged).toMatchObject({
      source: 'test',
      status: 'failed',
      attempts: [{ ok: false, http_status: 500 }],
    });
  });

  it('a cost-target digest sends each channel and address one message per target listing its crossings', async () => {
    const db = database.db;
    const client = await db
      .insertInto('clients')
      .values({ name: 'Digest Co' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const channel = (kind: 'webhook' | 'slack' | 'teams', name: string, path: string, sources: string[]) =>
      service.create(client.id, {
        kind,
        name,
        enabled: true,
        sources: sources as ['cost_target_alert'],
        ...(kind === 'webhook'
          ? { url: `${receivers.webhook.url}${path}`, signing_secret: SIGNING_SECRET }
          : { webhook_url: `${receivers[kind].url}${path}` }),
      });
    const ops = await channel('webhook', 'Ops', '/digest/ops', []);
    const finance = await channel('slack', 'Finance', '/digest/finance', []);
    // Subscribed to every cost-target alert, routed to none.
    await channel('teams', 'Budgets', '/digest/budgets', ['cost_target_alert']);

    const targets = createCostTargetsRepo({ db });
    const crossings = createTargetAlertsRepo({ db });
    const now = new Date('2026-11-20T08:00:00Z');
    /** A daily alert of `targetId` at `threshold`% with its crossing recorded (waiting for the digest). */
    async function crossed(target: { id: string; name: string }, threshold: number, routes: object) {
      const id = await targets.insertAlert({
        cost_target_id: target.id,
        basis: 'actual',
        threshold_type: 'percent',
        threshold,
        frequency: 'daily',
        recipients: { user_ids: [], emails: [], channel_ids: [], ...routes },
      });
      const alert = await targets.alert(client.id, id);
      if (alert === null) throw new Error('alert not saved');
      const status = {
        period_start: '2026-11-01',
        period_end: '2026-11-30',
        budget: 100,
        actual: 110,
        forecast: 170,
        forecast_low: 160,
        forecast_high: 180,
        percent_used: 110,
        status: 'over' as const,
        as_of: '2026-11-19',
      };
      const message = alertMessage({ clientId: client.id, target, alert, status, currency: 'USD' });
      const crossing = { alertId: id, periodStart: '2026-11-01', threshold, value: 110, budget: 100 };
      expect(await crossings.recordCrossing(crossing, message, false, now)).toBe(true);
    }
    const target = async (name: string) => ({ name, id: await insertMonthlyTarget(db, client.id, name) });
    const compute = await target('Compute');
    const storage = await target('Storage');
    await crossed(compute, 50, { channel_ids: [ops.id], emails: ['oncall@example.com'] });
    await crossed(compute, 80, { channel_ids: [ops.id] });
    await crossed(compute, 100, { channel_ids: [finance.id] });
    await crossed(storage, 50, { channel_ids: [ops.id] });

    // Compute: Ops (50, 80), on-call (50), Finance (100), the subscribed channel (all three); Storage: one.
    expect(await releaseDigests(crossings, 'daily', now)).toBe(5);
    await vi.waitFor(
      async () => {
        const deliveries = await service.deliveries(client.id, { limit: 100 });
        expect(deliveries).toHaveLength(6);
        expect(deliveries.every((delivery) => delivery.status === 'succeeded')).toBe(true);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(await releaseDigests(crossings, 'daily', now)).toBe(0);

    const received = (receiver: TestReceiver, path: string) =>
      receiver.requests.filter((request) => request.path === path).map((request) => request.raw);
    const about = (bodies: string[], name: string) => bodies.filter((raw) => raw.includes(`\\"${name}\\"`));
    const toOps = received(receivers.webhook, '/digest/ops');
    expect(toOps).toHaveLength(2);
    const [opsCompute] = about(toOps, 'Compute');
    expect(opsCompute).toContain('Cost target \\"Compute\\": 2 alerts crossed (daily digest)');
    expect(opsCompute).toContain('has reached 50% of the budget');
    expect(opsCompute).toContain('has reached 80% of the budget');
    expect(opsCompute).not.toContain('100% of the budget');
    expect(about(toOps, 'Storage')[0]).toContain('Cost target \\"Storage\\" has reached 50% of the budget');
    const finances = received(receivers.slack, '/digest/finance');
    expect(finances).toHaveLength(1);
    expect(finances[0]).toContain('Cost target \\"Compute\\" has reached 100% of the budget');
    expect(finances[0]).not.toContain('80%');
    const subscribed = received(receivers.teams, '/digest/budgets');
    expect(subscribed).toHaveLength(2);
    expect(about(subscribed, 'Compute')[0]).toContain(
      'Cost target \\"Compute\\": 3 alerts crossed (daily digest)',
    );
    expect(about(subscribed, 'Storage')[0]).toContain(
      'Cost target \\"Storage\\" has reached 50% of the budget',
    );
    const mails = smtp.messages.filter((mail) => mail.to.includes('oncall@example.com'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Finlens: Cost target "Compute" has reached 50% of the budget',
    ]);
  });
});
