import {
  DEFAULT_PAGERDUTY_URL,
  DEFAULT_PREFERENCES,
  type DispatchPayload,
} from '@finlens/contracts/notifications';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { insertJob } from '../../platform/jobs/job-queue';
import type { DeliveryTarget, SendResult, SendToTarget } from './channel-sender';
import type { NewDelivery, NotificationsRepo } from './notifications.repo';
import type { ChannelRow, DeliveryRow } from './notifications.tables';

export const DISPATCH_KIND = 'notifications.dispatch';
export const DELIVER_KIND = 'notifications.deliver';

/** Secrets of a channel, sealed together as one JSON object. */
export interface ChannelSecrets {
  webhook_url?: string;
  routing_key?: string;
  url?: string;
  signing_secret?: string;
}

export const secretContext = (channelId: string) => `notification_channels:${channelId}`;

export interface NotificationDispatcher {
  /** One delivery row per channel / address, each with its own durable job; returns the rows. */
  fanOut(payload: DispatchPayload): Promise<DeliveryRow[]>;
  /** Sends a delivery once and logs the attempt; `final` marks the last allowed attempt. */
  deliver(deliveryId: string, attempt: number, final: boolean): Promise<SendResult | null>;
  /** Mails each user one digest of the notifications held for their `frequency`; returns the mails sent. */
  sendDigests(frequency: 'daily' | 'weekly'): Promise<number>;
}

export function createNotificationDispatcher({
  repo,
  secretBox,
  send,
  publicUrl,
  clock = () => new Date(),
}: {
  repo: NotificationsRepo;
  secretBox: SecretBox;
  send: SendToTarget;
  publicUrl: string;
  clock?: () => Date;
}): NotificationDispatcher {
  function targetOf(channel: ChannelRow, recipient: string): DeliveryTarget {
    if (channel.kind === 'email') return { kind: 'email', to: recipient };
    const secrets = JSON.parse(
      secretBox.open(channel.secrets_sealed ?? '', secretContext(channel.id)),
    ) as ChannelSecrets;
    switch (channel.kind) {
      case 'slack':
      case 'teams':
        return { kind: channel.kind, webhookUrl: secrets.webhook_url ?? '' };
      case 'pagerduty':
        return {
          kind: 'pagerduty',
          routingKey: secrets.routing_key ?? '',
          apiUrl: channel.settings.api_url ?? DEFAULT_PAGERDUTY_URL,
        };
      case 'webhook':
        return { kind: 'webhook', url: secrets.url ?? '', signingSecret: secrets.signing_secret ?? '' };
    }
  }

  async function plannedDeliveries(payload: DispatchPayload): Promise<NewDelivery[]> {
    const base = {
      clientId: payload.clientId,
      source: payload.source,
      sourceId: payload.sourceId,
      subject: payload.subject,
      message: payload,
    };
    const planned: NewDelivery[] = [];
    const seen = new Set<string>();
    const add = (delivery: NewDelivery) => {
      const key = `${delivery.channelId ?? 'mail'}|${delivery.recipient.toLowerCase()}`;
      if (seen.has(key)) return;
      seen.add(key);
      planned.push(delivery);
    };
    const channels = await repo.channelsFor(payload.clientId, payload.source, payload.recipients.channelIds);
    for (const channel of channels) {
      if (payload.listedChannelsOnly === true && !payload.recipients.channelIds.includes(channel.id))
        continue;
      const recipients = channel.kind === 'email' ? (channel.settings.emails ?? []) : [channel.name];
      for (const recipient of recipients) {
        add({ ...base, channelId: channel.id, channelKind: channel.kind, recipient });
      }
    }
    for (const member of await repo.membersWithPreferences(payload.clientId, payload.recipients.userIds)) {
      const sources = member.email_sources ?? DEFAULT_PREFERENCES.email_sources;
      const frequency = member.email_frequency ?? DEFAULT_PREFERENCES.email_frequency;
      if (frequency === 'off' || (payload.source !== 'test' && !sources.includes(payload.source))) continue;
      // Daily and weekly readers get the row held ('skipped') until their digest mail (sendDigests).
      // A message released by its own digest is not held a second time.
      const status = frequency === 'immediately' || payload.digest === true ? 'pending' : 'skipped';
      add({ ...base, channelId: null, channelKind: 'email', recipient: member.email, status });
    }
    for (const email of payload.recipients.emails) {
      add({ ...base, channelId: null, channelKind: 'email', recipient: email });
    }
    return planned;
  }

  return {
    async fanOut(payload) {
      const planned = await plannedDeliveries(payload);
      // One transaction: a retried dispatch finds either every delivery and its job, or none.
      return repo.db.transaction().execute(async (tx) => {
        const rows: DeliveryRow[] = [];
        for (const delivery of planned) {
          const row = await repo.insertDelivery(tx, delivery);
          rows.push(row);
          if (row.status === 'pending') {
            await insertJob(
              tx,
              { kind: DELIVER_KIND, payload: { deliveryId: row.id }, dedupeKey: `${DELIVER_KIND}:${row.id}` },
              clock(),
            );
          }
        }
        return rows;
      });
    },

    async deliver(deliveryId, attempt, final) {
      const delivery = await repo.getDelivery(deliveryId);
      if (delivery === null || delivery.status === 'succeeded' || delivery.status === 'skipped') return null;
      const channel =
        delivery.channel_id === null ? null : await repo.getChannel(delivery.client_id, delivery.channel_id);
      const removed = delivery.channel_id !== null && channel === null;
      let result: SendResult;
      if (removed) {
        result = { ok: false, httpStatus: null, error: 'The channel was removed.' };
      } else {
        const message = delivery.message as DispatchPayload;
        const target: DeliveryTarget =
          channel === null
            ? { kind: 'email', to: delivery.recipient }
            : targetOf(channel, delivery.recipient);
        result = await send(target, {
          deliveryId: delivery.id,
          clientId: delivery.client_id,
          source: message.source,
          sourceId: message.sourceId,
          subject: message.subject,
          text: message.text,
          link: `${publicUrl}${message.link}`,
          severity: message.severity,
          facts: message.facts,
        });
      }
      await repo.recordAttempt(
        delivery.id,
        { attempt, ok: result.ok, http_status: result.httpStatus, error: result.error },
        result.ok ? 'succeeded' : final || removed ? 'failed' : 'retrying',
      );
      return result;
    },

    async sendDigests(frequency) {
      const groups = new Map<string, DeliveryRow[]>();
      for (const row of await repo.heldForDigest(frequency)) {
        const key = `${row.client_id}|${row.recipient}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      let sent = 0;
      for (const rows of groups.values()) {
        const first = rows[0] as DeliveryRow;
        const messages = rows.map((row) => row.message as DispatchPayload);
        const result = await send(
          { kind: 'email', to: first.recipient },
          {
            deliveryId: first.id,
            clientId: first.client_id,
            source: 'digest',
            sourceId: first.id,
            subject: `${rows.length} notification${rows.length === 1 ? '' : 's'} (${frequency} digest)`,
            text: messages.map((message) => `• ${message.subject}\n  ${publicUrl}${message.link}`).join('\n'),
            link: `${publicUrl}/settings/notifications`,
            severity: 'info',
            facts: {},
          },
        );
        if (result.ok) sent += 1;
        for (const row of rows) {
          // A failed digest keeps the rows held, so the next digest carries them.
          await repo.recordAttempt(
            row.id,
            { attempt: 1, ok: result.ok, http_status: null, error: result.error },
            result.ok ? 'succeeded' : 'skipped',
          );
        }
      }
      return sent;
    },
  };
}
