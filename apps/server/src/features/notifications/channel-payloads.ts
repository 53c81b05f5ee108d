import { createHmac } from 'node:crypto';

/** One notification as a channel renders it; `link` is absolute. */
export interface OutgoingMessage {
  deliveryId: string;
  clientId: string;
  source: string;
  sourceId: string;
  subject: string;
  text: string;
  link: string;
  severity: 'info' | 'warning' | 'critical';
  facts: Record<string, string>;
}

const SEVERITY_MARK = { info: 'ℹ️', warning: '⚠️', critical: '🚨' } as const;

/** Slack incoming webhook: `text` is the fallback for notifications, `blocks` the Block Kit layout. */
export function slackPayload(message: OutgoingMessage) {
  const facts = Object.entries(message.facts);
  return {
    text: `${SEVERITY_MARK[message.severity]} ${message.subject}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: message.subject.slice(0, 150) } },
      { type: 'section', text: { type: 'mrkdwn', text: message.text || message.subject } },
      ...(facts.length === 0
        ? []
        : [
            {
              type: 'section',
              // Slack allows at most 10 fields per section.
              fields: facts
                .slice(0, 10)
                .map(([name, value]) => ({ type: 'mrkdwn', text: `*${name}*\n${value}` })),
            },
          ]),
      {
        type: 'actions',
        elements: [
          { type: 'button', text: { type: 'plain_text', text: 'Open in Finlens' }, url: message.link },
        ],
      },
    ],
  };
}

/** Microsoft Teams incoming webhook (Workflows): a message carrying one Adaptive Card. */
export function teamsPayload(message: OutgoingMessage) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: message.subject,
              weight: 'Bolder',
              size: 'Medium',
              wrap: true,
              color:
                message.severity === 'critical'
                  ? 'Attention'
                  : message.severity === 'warning'
                    ? 'Warning'
                    : 'Default',
            },
            { type: 'TextBlock', text: message.text, wrap: true },
            {
              type: 'FactSet',
              facts: Object.entries(message.facts).map(([title, value]) => ({ title, value })),
            },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Open in Finlens', url: message.link }],
        },
      },
    ],
  };
}

/** PagerDuty Events API v2 trigger; the dedup key folds repeats of one source object into one incident. */
export function pagerDutyPayload(message: OutgoingMessage, routingKey: string) {
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: `finlens:${message.source}:${message.sourceId}`,
    payload: {
      summary: message.subject.slice(0, 1024),
      source: 'finlens',
      severity: message.severity,
      component: message.source,
      custom_details: { ...message.facts, text: message.text },
    },
    client: 'Finlens',
    client_url: message.link,
    links: [{ href: message.link, text: 'Open in Finlens' }],
  };
}

/** Generic webhook body (documented in docs/notifications.md). */
export function webhookPayload(message: OutgoingMessage, sentAt: Date) {
  return {
    id: message.deliveryId,
    source: message.source,
    source_id: message.sourceId,
    client_id: message.clientId,
    subject: message.subject,
    text: message.text,
    link: message.link,
    severity: message.severity,
    facts: message.facts,
    sent_at: sentAt.toISOString(),
  };
}

export const SIGNATURE_HEADER = 'Finlens-Signature';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`: the timestamp is signed with the body so a
 * captured request cannot be replayed later (receivers reject old timestamps).
 */
export function signatureHeader(secret: string, rawBody: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}
