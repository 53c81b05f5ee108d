import type { Channel, Delivery } from '@finlens/contracts/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderElement, renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { OPEN_EC2 } from '../anomalies/anomalies-fixtures.test-helper';
import { NotificationsCenterTab } from './NotificationsCenterTab';
import { DELIVERED, FAILED, MAIL, SLACK } from './notifications-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const CHANNELS = '*/notification/rest/finlens_notifications/';

/** The Notifications Center's calls over a channel list the POST / PATCH / DELETE handlers change. */
function serve({
  channels = [SLACK, MAIL],
  deliveries = [FAILED, DELIVERED],
}: {
  channels?: Channel[];
  deliveries?: Delivery[];
} = {}) {
  let stored = channels;
  server.use(
    http.get('*/c/cost_page/anomalies/', () => HttpResponse.json([OPEN_EC2])),
    http.get(CHANNELS, () => HttpResponse.json(stored)),
    http.post(CHANNELS, async ({ request }) => {
      const body = (await request.json()) as Partial<Channel>;
      const created: Channel = { ...SLACK, ...body, id: 'ch-new', webhook_url: '…new1' };
      stored = [...stored, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${CHANNELS}:id/`, async ({ params, request }) => {
      const body = (await request.json()) as Partial<Channel>;
      stored = stored.map((channel) => (channel.id === params.id ? { ...channel, ...body } : channel));
      return HttpResponse.json(stored.find((channel) => channel.id === params.id));
    }),
    http.delete(`${CHANNELS}:id/`, ({ params }) => {
      stored = stored.filter((channel) => channel.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/notification/rest/finlens_notification_deliveries/', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json(
        deliveries.filter((delivery) => status === null || delivery.status === status),
      );
    }),
  );
}

/** Renders the tab as an admin and opens "Add channel" with a kind and a name chosen. */
async function openAddDialog(kind: string, name: string) {
  serve();
  const { user } = renderElement(<NotificationsCenterTab />, { signedIn: true });
  await channelsTable();
  await user.click(screen.getByRole('button', { name: 'Add channel' }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(dialog.getByRole('combobox', { name: 'Kind' }));
  await user.click(await screen.findByRole('option', { name: kind }));
  await user.type(dialog.getByLabelText('Name'), name);
  return { user, dialog };
}

async function channelsTable() {
  return within(await screen.findByRole('table', { name: 'Channels' }, SLOW));
}

describe('Notifications Center (admin)', () => {
  it('lists the channels with masked secrets and what each one sends', async () => {
    serve();
    renderElement(<NotificationsCenterTab />, { signedIn: true });
    const table = await channelsTable();
    const slack = table.getByRole('row', { name: /FinOps Slack/ });
    expect(slack).toHaveTextContent('https://hooks.slack.com/…WXYZ');
    expect(slack).toHaveTextContent('Cost target alerts, Anomalies');
    expect(table.getByRole('row', { name: /Finance mail/ })).toHaveTextContent('finance@acme.test');
  });

  it("adds a signed webhook channel: the POST carries the contract body with only that kind's settings", async () => {
    const { user, dialog } = await openAddDialog('Signed webhook', 'Ops receiver');
    await user.type(dialog.getByLabelText('Webhook URL'), 'ftp://ops.acme.test/hook');
    await user.type(dialog.getByLabelText('Signing secret'), 'short');
    await user.click(dialog.getByRole('checkbox', { name: 'Reports' }));
    await user.click(dialog.getByRole('button', { name: 'Add channel' }));
    // The contract's own rules stop bad settings before any request.
    expect(await dialog.findByText('Enter an http(s) URL.')).toBeInTheDocument();
    expect(dialog.getByText('Use at least 16 characters.')).toBeInTheDocument();
    expect(requests.calls()).not.toContain('POST /notification/rest/finlens_notifications/');

    await user.clear(dialog.getByLabelText('Webhook URL'));
    await user.type(dialog.getByLabelText('Webhook URL'), 'https://ops.acme.test/hook');
    await user.type(dialog.getByLabelText('Signing secret'), '-0123456789abcdef');
    await user.click(dialog.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.bodyOf('POST /notification/rest/finlens_notifications/')).toEqual({
      kind: 'webhook',
      name: 'Ops receiver',
      enabled: true,
      sources: ['cost_target_alert', 'anomaly', 'report'],
      url: 'https://ops.acme.test/hook',
      signing_secret: 'short-0123456789abcdef',
    });
    expect(await (await channelsTable()).findByRole('row', { name: /Ops receiver/ })).toBeInTheDocument();
  });

  it('adds an email channel from a list of addresses', async () => {
    const { user, dialog } = await openAddDialog('Email', 'Team mail');
    await user.type(dialog.getByLabelText('Email addresses'), 'a@acme.test, nope');
    await user.click(dialog.getByRole('button', { name: 'Add channel' }));
    expect(await dialog.findByText('Enter valid email addresses.')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Email addresses'));
    await user.type(dialog.getByLabelText('Email addresses'), 'a@acme.test, b@acme.test');
    await user.click(dialog.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.bodyOf('POST /notification/rest/finlens_notifications/')).toEqual({
      kind: 'email',
      name: 'Team mail',
      enabled: true,
      sources: ['cost_target_alert', 'anomaly'],
      emails: ['a@acme.test', 'b@acme.test'],
    });
  });

  it('edits a channel without resending its masked secret (left blank = kept)', async () => {
    serve();
    const { user } = renderElement(<NotificationsCenterTab />, { signedIn: true });
    const table = await channelsTable();
    await user.click(table.getByRole('button', { name: 'Edit FinOps Slack' }));
    const dialog = within(await screen.findByRole('dialog'));
    const secret = dialog.getByLabelText('Incoming webhook URL');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAccessibleDescription(
      'Stored: https://hooks.slack.com/…WXYZ — leave empty to keep it.',
    );
    expect(dialog.getByRole('combobox', { name: 'Kind' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'FinOps alerts');
    await user.click(dialog.getByRole('checkbox', { name: 'Anomalies' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = requests.bodyOf('PATCH /notification/rest/finlens_notifications/ch-slack/');
    expect(body).toEqual({ name: 'FinOps alerts', enabled: true, sources: ['cost_target_alert'] });
    expect(body).not.toHaveProperty('webhook_url');

    await user.click(table.getByRole('button', { name: 'Edit FinOps alerts' }));
    const again = within(await screen.findByRole('dialog'));
    await user.type(
      again.getByLabelText('Incoming webhook URL'),
      'https://hooks.slack.com/services/T0/B0/NEW',
    );
    await user.click(again.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.log.filter((entry) => entry.call.startsWith('PATCH')).at(-1)?.body).toMatchObject({
      webhook_url: 'https://hooks.slack.com/services/T0/B0/NEW',
    });
  });

  it('sends a test and shows how it went, success or failure with the HTTP code and error', async () => {
    serve();
    server.use(
      http.get(`${CHANNELS}:id/send_test/`, ({ params }) =>
        HttpResponse.json(
          params.id === SLACK.id
            ? { ok: true, http_status: 200, error: null, delivery_id: 'd-9' }
            : { ok: false, http_status: null, error: 'SMTP connection refused', delivery_id: 'd-10' },
        ),
      ),
    );
    const { user } = renderElement(<NotificationsCenterTab />, { signedIn: true });
    const table = await channelsTable();
    await user.click(table.getByRole('button', { name: 'Send test to FinOps Slack' }));
    expect(await screen.findByRole('alert', { name: 'Test result' })).toHaveTextContent(
      'Test message to FinOps Slack delivered (HTTP 200).',
    );
    await user.click(table.getByRole('button', { name: 'Send test to Finance mail' }));
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'Test result' })).toHaveTextContent(
        'Test message to Finance mail failed: SMTP connection refused',
      ),
    );
    expect(requests.calls()).toContain('GET /notification/rest/finlens_notifications/ch-mail/send_test/');
  });

  it('deletes a channel only after confirming', async () => {
    serve();
    const { user } = renderElement(<NotificationsCenterTab />, { signedIn: true });
    const table = await channelsTable();
    await user.click(table.getByRole('button', { name: 'Delete Finance mail' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Delete Finance mail\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.calls().some((call) => call.startsWith('DELETE'))).toBe(false);
    await user.click(table.getByRole('button', { name: 'Delete Finance mail' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(table.queryByRole('row', { name: /Finance mail/ })).toBeNull());
    expect(requests.calls()).toContain('DELETE /notification/rest/finlens_notifications/ch-mail/');
  });

  it('shows the delivery log with failures in sight and filters it by status on the server', {
    timeout: 30_000,
  }, async () => {
    serve();
    const { user } = renderElement(<NotificationsCenterTab />, { signedIn: true });
    const region = await screen.findByRole('region', { name: 'Delivery log' }, SLOW);
    const log = within(region);
    expect(await log.findByText('Target Production breached', {}, SLOW)).toBeInTheDocument();
    // The row: time, status, recipient, kind, subject, attempts, last HTTP code, last error.
    expect(region).toHaveTextContent(
      '2026-11-20 09:00:00FailedFinOps SlackSlackTarget Production breached5500HTTP 500 from hooks.slack.com',
    );
    expect(screen.getByText('1 delivery failed after every retry.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Delivered' }));
    await waitFor(() => expect(region).not.toHaveTextContent('Target Production breached'));
    expect(region).toHaveTextContent('DeliveredFinOps SlackSlackAnomaly: Amazon EC2 +$600.001200');
    expect(screen.queryByText('1 delivery failed after every retry.')).toBeNull();
    expect(requests.calls()).toContain(
      'GET /notification/rest/finlens_notification_deliveries/?status=succeeded&limit=500',
    );
    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    await user.click(await screen.findByRole('option', { name: 'FinOps Slack' }));
    await waitFor(() =>
      expect(requests.calls()).toContain(
        'GET /notification/rest/finlens_notification_deliveries/?channel_id=ch-slack&status=succeeded&limit=500',
      ),
    );
  });
});

describe('Notifications Center (member)', () => {
  it('reads the channels but cannot change them, and never asks for the delivery log', async () => {
    serve();
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
    renderElement(<NotificationsCenterTab />, { signedIn: true });
    const table = await channelsTable();
    expect(table.getByRole('row', { name: /FinOps Slack/ })).toBeInTheDocument();
    expect(screen.getByText('Only admins add, change, test and remove channels.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add channel' })).toBeNull();
    expect(table.queryByRole('button', { name: /Send test/ })).toBeNull();
    expect(requests.calls().some((call) => call.includes('finlens_notification_deliveries'))).toBe(false);
  });
});

describe('Notifications Center in the settings page', () => {
  it('opens at /v3/settings?tab=notifications-center with the anomalies and channels', async () => {
    serve();
    renderWithProviders('/v3/settings?tab=notifications-center', { signedIn: true });
    const panel = within(await screen.findByRole('tabpanel'));
    expect(panel.getByRole('heading', { level: 2, name: 'Notifications Center' })).toBeInTheDocument();
    expect(await panel.findByRole('table', { name: 'Anomalies' }, SLOW)).toBeInTheDocument();
    expect(await panel.findByRole('table', { name: 'Channels' }, SLOW)).toBeInTheDocument();
  });
});
