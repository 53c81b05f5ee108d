import type { Mailer } from '../../platform/mail/mailer';
import {
  type OutgoingMessage,
  pagerDutyPayload,
  SIGNATURE_HEADER,
  signatureHeader,
  slackPayload,
  teamsPayload,
  webhookPayload,
} from './channel-payloads';

/** Where one delivery goes, with its secrets opened. */
export type DeliveryTarget =
  | { kind: 'email'; to: string }
  | { kind: 'slack' | 'teams'; webhookUrl: string }
  | { kind: 'pagerduty'; routingKey: string; apiUrl: string }
  | { kind: 'webhook'; url: string; signingSecret: string };

export interface SendResult {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
}

export type SendToTarget = (target: DeliveryTarget, message: OutgoingMessage) => Promise<SendResult>;

const TIMEOUT_MS = 10_000;

async function postJson(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Finlens-Notifications', ...headers },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel();
      return { ok: true, httpStatus: response.status, error: null };
    }
    const text = (await response.text()).slice(0, 300);
    return {
      ok: false,
      httpStatus: response.status,
      error: `HTTP ${response.status}${text ? `: ${text}` : ''}`,
    };
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return {
      ok: false,
      httpStatus: null,
      error: [(error as Error).message, cause].filter(Boolean).join(': '),
    };
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const html = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

function notificationMail(to: string, message: OutgoingMessage) {
  const facts = Object.entries(message.facts);
  const text = [
    message.text,
    '',
    ...facts.map(([name, value]) => `${name}: ${value}`),
    '',
    `Open in Finlens: ${message.link}`,
    '',
    '— Finlens (change what you receive under Settings → Notifications)',
  ].join('\n');
  const rows = facts.map(
    ([name, value]) => `<tr><th align="left">${html(name)}</th><td>${html(value)}</td></tr>`,
  );
  const body = `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<p>${html(message.text)}</p>
<table cellpadding="4">${rows.join('')}</table>
<p><a href="${html(message.link)}">Open in Finlens</a></p>
<p style="color: #555">Change what you receive under Settings → Notifications.</p>
</body></html>`;
  return { to, subject: `Finlens: ${message.subject}`, text, html: body, link: message.link };
}

/** Sends one message to one target: HTTP channels by POST (a non-2xx answer is a failure), email by the mailer. */
export function createChannelSender({
  mailer,
  clock = () => new Date(),
}: {
  mailer: Mailer;
  clock?: () => Date;
}): SendToTarget {
  return async (target, message) => {
    switch (target.kind) {
      case 'email':
        try {
          await mailer.send(notificationMail(target.to, message));
          return { ok: true, httpStatus: null, error: null };
        } catch (error) {
          return { ok: false, httpStatus: null, error: (error as Error).message };
        }
      case 'slack':
        return postJson(target.webhookUrl, JSON.stringify(slackPayload(message)));
      case 'teams':
        return postJson(target.webhookUrl, JSON.stringify(teamsPayload(message)));
      case 'pagerduty':
        return postJson(target.apiUrl, JSON.stringify(pagerDutyPayload(message, target.routingKey)));
      case 'webhook': {
        const now = clock();
        const body = JSON.stringify(webhookPayload(message, now));
        return postJson(target.url, body, {
          [SIGNATURE_HEADER]: signatureHeader(target.signingSecret, body, now),
        });
      }
    }
  };
}
