import { randomUUID } from 'node:crypto';
import {
  type Channel,
  channelSchema,
  channelsSchema,
  deliveriesSchema,
  NOTIFICATION_PATHS,
  preferencesSchema,
  sendTestResultSchema,
} from '@finlens/contracts/notifications';
import { startTestReceiver, type TestReceiver } from '@finlens/server/features/notifications/test-receiver';
import { createJobQueue } from '@finlens/server/platform/jobs/job-queue';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expect400 } from './expect-400';
import { inviteAccepted, signUpVerified, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
const SLACK_PATH = '/services/T0001/B0001/abcdefghijklmnopWXYZ';

describe('notification channels over HTTP', () => {
  let receiver: TestReceiver;
  beforeAll(async () => {
    receiver = await startTestReceiver();
  });
  afterAll(async () => {
    await receiver?.stop();
  });

  it('admins add, edit, test and remove channels; secrets come back masked; bad input names the field', async () => {
    const { baseUrl } = context.server;
    const admin = await signUpVerified(baseUrl, context.smtp, { label: 'notify-admin' });
    const member = await inviteAccepted(baseUrl, context.smtp, admin, { label: 'notify-member' });
    const other = await signUpVerified(baseUrl, context.smtp, { label: 'notify-other' });
    const post = (body: unknown) => admin.session.post(NOTIFICATION_PATHS.channels, body);

    await expect400(post({ kind: 'slack', name: 'Slack' }), 'webhook_url');
    await expect400(post({ kind: 'slack', name: 'Slack', webhook_url: 'not a url' }), 'webhook_url');
    await expect400(post({ kind: 'fax', name: 'Fax' }), 'kind');
    await expect400(post({ kind: 'email', name: 'Mail', emails: ['nope'] }), 'emails.0');
    await expect400(
      post({ kind: 'webhook', name: 'Hook', url: receiver.url, signing_secret: 'short' }),
      'signing_secret',
    );
    await expect400(post({ kind: 'pagerduty', name: '', routing_key: 'x'.repeat(32) }), 'name');
    await expect400(
      post({ kind: 'email', name: 'Mail', emails: ['a@example.com'], sources: ['weather'] }),
      'sources.0',
    );
    expect((await member.session.post(NOTIFICATION_PATHS.channels, { kind: 'slack' })).status).toBe(403);

    const webhookUrl = `${receiver.url}${SLACK_PATH}`;
    const created = await post({ kind: 'slack', name: 'Slack #finops', webhook_url: webhookUrl });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const slack = channelSchema.parse(created.body);
    expect(slack).toMatchObject({
      kind: 'slack',
      enabled: true,
      sources: ['cost_target_alert', 'anomaly'],
      webhook_url: `${receiver.url}/…WXYZ`,
    });
    expect(JSON.stringify(created.body)).not.toContain('abcdefghijklmnop');

    const listed = channelsSchema.parse((await member.session.get(NOTIFICATION_PATHS.channels)).body);
    expect(listed.map((channel: Channel) => channel.id)).toEqual([slack.id]);
    expect(JSON.stringify(listed)).not.toContain('abcdefghijklmnop');

    // Renaming keeps the sealed URL: the test message still reaches the receiver.
    const renamed = await admin.session.patch(NOTIFICATION_PATHS.channel(slack.id), { name: 'Slack #cost' });
    expect(channelSchema.parse(renamed.body)).toMatchObject({
      name: 'Slack #cost',
      webhook_url: slack.webhook_url,
    });
    await expect400(
      admin.session.patch(NOTIFICATION_PATHS.channel(slack.id), { routing_key: 'k'.repeat(32) }),
      'routing_key',
    );
    await expect400(admin.session.patch(NOTIFICATION_PATHS.channel(slack.id), { enabled: 'yes' }), 'enabled');

    const tested = await admin.session.get(NOTIFICATION_PATHS.sendTest(slack.id));
    expect(sendTestResultSchema.parse(tested.body)).toMatchObject({
      ok: true,
      http_status: 200,
      error: null,
    });
    expect(receiver.requests.at(-1)).toMatchObject({
      path: SLACK_PATH,
      json: { text: expect.stringContaining('Test notification for Slack #cost'), blocks: expect.any(Array) },
    });
    expect((await member.session.get(NOTIFICATION_PATHS.sendTest(slack.id))).status).toBe(403);

    const log = deliveriesSchema.parse((await admin.session.get(NOTIFICATION_PATHS.deliveries)).body);
    expect(log[0]).toMatchObject({
      channel_id: slack.id,
      source: 'test',
      status: 'succeeded',
      attempts: [{ attempt: 1, ok: true, http_status: 200 }],
    });
    await expect400(admin.session.get(`${NOTIFICATION_PATHS.deliveries}?status=lost`), 'status');
    await expect400(admin.session.get(`${NOTIFICATION_PATHS.deliveries}?limit=0`), 'limit');

    // Another client's admin sees none of it and reaches none of it.
    expect(channelsSchema.parse((await other.session.get(NOTIFICATION_PATHS.channels)).body)).toEqual([]);
    expect((await other.session.get(NOTIFICATION_PATHS.deliveries)).body).toEqual([]);
    expect((await other.session.patch(NOTIFICATION_PATHS.channel(slack.id), { name: 'x' })).status).toBe(404);
    expect((await other.session.get(NOTIFICATION_PATHS.sendTest(slack.id))).status).toBe(404);
    expect((await other.session.delete(NOTIFICATION_PATHS.channel(slack.id))).status).toBe(404);

    expect((await admin.session.delete(NOTIFICATION_PATHS.channel(slack.id))).status).toBe(204);
    expect((await admin.session.get(NOTIFICATION_PATHS.sendTest(slack.id))).status).toBe(404);
    // The log outlives the channel.
    const after = deliveriesSchema.parse((await admin.session.get(NOTIFICATION_PATHS.deliveries)).body);
    expect(after[0]).toMatchObject({ channel_id: null, recipient: 'Slack #cost', status: 'succeeded' });
  });

  it('a notifications.dispatch job reaches subscribed channels and users by their preferences', async () => {
    const { baseUrl } = context.server;
    const admin = await signUpVerified(baseUrl, context.smtp, { label: 'dispatch-admin' });
    const member = await inviteAccepted(baseUrl, context.smtp, admin, { label: 'dispatch-member' });
    expect(preferencesSchema.parse((await member.session.get(NOTIFICATION_PATHS.preferences)).body)).toEqual({
      email_sources: ['cost_target_alert', 'anomaly'],
      email_frequency: 'immediately',
    });
    await expect400(
      member.session.request('PUT', NOTIFICATION_PATHS.preferences, {
        body: { email_sources: [], email_frequency: 'hourly' },
      }),
      'email_frequency',
    );
    const saved = await member.session.request('PUT', NOTIFICATION_PATHS.preferences, {
      body: { email_sources: ['cost_target_alert'], email_frequency: 'immediately' },
    });
    expect(saved.status).toBe(200);

    const hook = await admin.session.post(NOTIFICATION_PATHS.channels, {
      kind: 'webhook',
      name: 'Ops',
      sources: ['anomaly'],
      url: `${receiver.url}/ops`,
      signing_secret: 'a-signing-secret-of-some-length',
    });
    expect(hook.status).toBe(201);
    const clientId = admin.profile.client_id ?? '';
    const sourceId = randomUUID();
    await createJobQueue({ db: context.server.appDb }).enqueue({
      kind: 'notifications.dispatch',
      payload: {
        clientId,
        source: 'anomaly',
        sourceId,
        subject: 'S3 spend jumped',
        text: 'Amazon S3 cost doubled.',
        link: '/v3/anomalies/x',
        severity: 'critical',
        facts: { Service: 'Amazon S3' },
        recipients: { userIds: [admin.profile.id, member.profile.id], emails: [], channelIds: [] },
      },
    });
    await vi.waitFor(() => expect(receiver.requests.some((request) => request.path === '/ops')).toBe(true), {
      timeout: 15_000,
      interval: 100,
    });
    const mail = await context.smtp.next(admin.email);
    expect(mail.subject).toBe('Finlens: S3 spend jumped');
    await vi.waitFor(
      async () => {
        const log = deliveriesSchema.parse((await admin.session.get(NOTIFICATION_PATHS.deliveries)).body);
        const mine = log.filter((delivery) => delivery.source_id === sourceId);
        // Admin by mail and the webhook; the member follows budget alerts only.
        expect(
          mine.map((delivery) => [delivery.channel_kind, delivery.recipient, delivery.status]).sort(),
        ).toEqual(
          [
            ['email', admin.email, 'succeeded'],
            ['webhook', 'Ops', 'succeeded'],
          ].sort(),
        );
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('every notification and anomaly call is in the OpenAPI document with its response shape', async () => {
    const docs = await fetch(`${context.server.baseUrl}/api/docs`);
    const { paths } = (await docs.json()) as {
      paths: Record<string, Record<string, { responses?: object }>>;
    };
    const channel = `${NOTIFICATION_PATHS.channels}{id}/`;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        NOTIFICATION_PATHS.channels,
        channel,
        `${channel}send_test/`,
        NOTIFICATION_PATHS.deliveries,
        NOTIFICATION_PATHS.preferences,
        '/c/cost_page/anomalies/',
        '/c/cost_page/anomalies/{id}/',
        '/c/cost_page/anomalies/detect/',
      ]),
    );
    expect(Object.keys(paths[NOTIFICATION_PATHS.channels] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[channel] ?? {}).sort()).toEqual(['delete', 'patch']);
    expect(paths[`${channel}send_test/`]?.get?.responses).toHaveProperty('200');
  });
});
