import { STATUS_CODES } from 'node:http';
import type { Mailer } from '../../platform/mail/mailer';
import { type GuardedHttp, outboundErrorMessage } from '../../platform/outbound/guarded-http';
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

/**
 * POSTs through the outbound guard. A failure says the status and its standard reason, never the target's
 * body: a tenant's URL must not turn Finlens into a reader of pages on other hosts.
 */
async function postJson(
  http: GuardedHttp,
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<SendResult> {
  try {
    const response = await http.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Finlens-Notifications', ...headers },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true, httpStatus: response.status, error: null };
    const reason = STATUS_CODES[response.status];
    return {
      ok: false,
      httpStatus: response.status,
      error: `HTTP ${response.status}${reason ? ` ${reason}` : ''}`,
    };
  } catch (error) {
    return { ok: false, httpStatus: null, error: `Not delivered: ${outboundErrorMessage(error)}` };
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
  http,
  clock = () => new Date(),
}: {
  mailer: Mailer;
  /** Every HTTP channel goes through the outbound guard. */
  http: GuardedHttp;
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
        return postJson(http, target.webhookUrl, JSON.stringify(slackPayload(message)));
      case 'teams':
        return postJson(http, target.webhookUrl, JSON.stringify(teamsPayload(message)));
      case 'pagerduty':
        return postJson(http, target.apiUrl, JSON.stringify(pagerDutyPayload(message, target.routingKey)));
      case 'webhook': {
        const now = clock();
        const body = JSON.stringify(webhookPayload(message, now));
        return postJson(http, target.url, body, {
          [SIGNATURE_HEADER]: signatureHeader(target.signingSecret, body, now),
        });
      }
    }
  };
}
