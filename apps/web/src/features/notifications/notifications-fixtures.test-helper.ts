import type { Channel, Delivery } from '@finlens/contracts/notifications';

const AT = '2026-11-20T09:00:00.000Z';

export const SLACK: Channel = {
  id: 'ch-slack',
  name: 'FinOps Slack',
  kind: 'slack',
  enabled: true,
  sources: ['cost_target_alert', 'anomaly'],
  emails: [],
  webhook_url: 'https://hooks.slack.com/…WXYZ',
  routing_key: null,
  api_url: null,
  url: null,
  signing_secret: null,
  created_at: AT,
  updated_at: AT,
};

export const MAIL: Channel = {
  ...SLACK,
  id: 'ch-mail',
  name: 'Finance mail',
  kind: 'email',
  sources: ['report'],
  emails: ['finance@acme.test'],
  webhook_url: null,
};

export const DELIVERED: Delivery = {
  id: 'd-1',
  channel_id: SLACK.id,
  channel_kind: 'slack',
  recipient: SLACK.name,
  source: 'anomaly',
  source_id: 'an-1',
  subject: 'Anomaly: Amazon EC2 +$600.00',
  status: 'succeeded',
  attempts: [{ attempt: 1, at: AT, ok: true, http_status: 200, error: null }],
  created_at: AT,
  updated_at: AT,
};

export const FAILED: Delivery = {
  ...DELIVERED,
  id: 'd-2',
  subject: 'Target Production breached',
  source: 'cost_target_alert',
  status: 'failed',
  attempts: [1, 2, 3, 4, 5].map((attempt) => ({
    attempt,
    at: AT,
    ok: false,
    http_status: 500,
    error: 'HTTP 500 from hooks.slack.com',
  })),
};
