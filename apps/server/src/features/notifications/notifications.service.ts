import { randomUUID } from 'node:crypto';
import {
  type Channel,
  type ChannelCreate,
  type ChannelUpdate,
  DEFAULT_PREFERENCES,
  type Delivery,
  type DispatchPayload,
  type Preferences,
  REQUIRED_SETTINGS,
  type SendTestResult,
} from '@finlens/contracts/notifications';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { fieldError, notFound } from '../../platform/http/http-error';
import { type ChannelSecrets, type NotificationDispatcher, secretContext } from './notification-dispatcher';
import type { ChannelValues, DeliveryFilter, NotificationsRepo } from './notifications.repo';
import type { ChannelRow } from './notifications.tables';

/** What other features use to send a notification: the dispatch job's kind and the report-sent notice. */
export { DISPATCH_KIND } from './notification-dispatcher';
export { clientAdminIds } from './notifications.repo';
export { reportSentNotice } from './report-notice';

const SECRET_FIELDS = ['webhook_url', 'routing_key', 'url', 'signing_secret'] as const;

/** '…' and the last four characters; URLs keep their origin so users can tell hooks apart. */
export function maskSecret(value: string): string {
  const tail = value.slice(-4);
  try {
    const { origin } = new URL(value);
    if (origin !== 'null' && /^https?:/.test(origin)) return `${origin}/…${tail}`;
  } catch {
    // Not a URL: keys and signing secrets.
  }
  return `…${tail}`;
}

function channelView(row: ChannelRow): Channel {
  const masked = row.secrets_masked;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    sources: row.sources as Channel['sources'],
    emails: row.settings.emails ?? [],
    webhook_url: masked.webhook_url ?? null,
    routing_key: masked.routing_key ?? null,
    api_url: row.kind === 'pagerduty' ? (row.settings.api_url ?? null) : null,
    url: masked.url ?? null,
    signing_secret: masked.signing_secret ?? null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function secretsOf(kind: ChannelRow['kind'], input: ChannelSecrets): ChannelSecrets {
  const wanted = REQUIRED_SETTINGS[kind] as readonly string[];
  return Object.fromEntries(
    SECRET_FIELDS.filter((field) => wanted.includes(field) && input[field] !== undefined).map((field) => [
      field,
      input[field],
    ]),
  );
}

function sealed(secretBox: SecretBox, id: string, secrets: ChannelSecrets) {
  const entries = Object.entries(secrets).filter(([, value]) => value !== undefined) as [string, string][];
  return {
    secretsSealed: entries.length === 0 ? null : secretBox.seal(JSON.stringify(secrets), secretContext(id)),
    secretsMasked: Object.fromEntries(entries.map(([field, value]) => [field, maskSecret(value)])),
  };
}

const URL_FIELDS = ['webhook_url', 'url', 'api_url'] as const;

/** Channels, the delivery log and email preferences of the active client. */
export function createNotificationsService({
  repo,
  secretBox,
  dispatcher,
  refusedReason,
}: {
  repo: NotificationsRepo;
  secretBox: SecretBox;
  dispatcher: NotificationDispatcher;
  /** The outbound guard's verdict on a URL being saved (GuardedHttp.refusedReason). */
  refusedReason: (url: string) => Promise<string | null>;
}) {
  /** A URL into the server's own network is refused when saved, naming the field. */
  async function checkUrls(body: Partial<Record<(typeof URL_FIELDS)[number], string>>): Promise<void> {
    for (const field of URL_FIELDS) {
      const url = body[field];
      const reason = url === undefined ? null : await refusedReason(url);
      if (reason !== null) throw fieldError(field, [`Finlens may not send to this address: ${reason}.`]);
    }
  }

  async function channelOrThrow(clientId: string, id: string): Promise<ChannelRow> {
    const row = await repo.getChannel(clientId, id);
    if (row === null) throw notFound();
    return row;
  }

  return {
    list: async (clientId: string) => (await repo.listChannels(clientId)).map(channelView),

    async create(clientId: string, body: ChannelCreate): Promise<Channel> {
      await checkUrls(body);
      const id = randomUUID();
      const values: ChannelValues = {
        name: body.name,
        kind: body.kind,
        enabled: body.enabled,
        sources: body.sources,
        settings:
          body.kind === 'email'
            ? { emails: body.emails ?? [] }
            : body.kind === 'pagerduty' && body.api_url !== undefined
              ? { api_url: body.api_url }
              : {},
        ...sealed(secretBox, id, secretsOf(body.kind, body)),
      };
      return channelView(await repo.insertChannel(clientId, id, values));
    },

    async update(clientId: string, id: string, body: ChannelUpdate): Promise<Channel> {
      const row = await channelOrThrow(clientId, id);
      for (const field of [...SECRET_FIELDS, 'emails', 'api_url'] as const) {
        const allowed =
          (REQUIRED_SETTINGS[row.kind] as readonly string[]).includes(field) ||
          (field === 'api_url' && row.kind === 'pagerduty');
        if (body[field] !== undefined && !allowed) {
          throw fieldError(field, [`A ${row.kind} channel has no ${field}.`]);
        }
      }
      await checkUrls(body);
      const current: ChannelSecrets =
        row.secrets_sealed === null ? {} : JSON.parse(secretBox.open(row.secrets_sealed, secretContext(id)));
      const secretsChanged = SECRET_FIELDS.some((field) => body[field] !== undefined);
      const settings = {
        ...row.settings,
        ...(body.emails === undefined ? {} : { emails: body.emails }),
        ...(body.api_url === undefined ? {} : { api_url: body.api_url }),
      };
      const updated = await repo.updateChannel(clientId, id, {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
        ...(body.sources === undefined ? {} : { sources: body.sources }),
        settings,
        ...(secretsChanged ? sealed(secretBox, id, secretsOf(row.kind, { ...current, ...body })) : {}),
      });
      if (updated === null) throw notFound();
      return channelView(updated);
    },

    async remove(clientId: string, id: string): Promise<void> {
      if (!(await repo.deleteChannel(clientId, id))) throw notFound();
    },

    /** Sends a test message to the channel now (one attempt, logged like any delivery). */
    async sendTest(clientId: string, id: string): Promise<SendTestResult> {
      const channel = await channelOrThrow(clientId, id);
      const payload: DispatchPayload = {
        clientId,
        source: 'test',
        sourceId: randomUUID(),
        subject: `Test notification for ${channel.name}`,
        text: 'This is a test message from Finlens. If you can read it, the channel works.',
        link: '/settings/notifications-center',
        severity: 'info',
        facts: { Channel: channel.name, Kind: channel.kind },
        recipients: { userIds: [], emails: [], channelIds: [] },
      };
      const recipients = channel.kind === 'email' ? (channel.settings.emails ?? []) : [channel.name];
      let outcome: SendTestResult | null = null;
      for (const recipient of recipients) {
        const row = await repo.insertDelivery(repo.db, {
          clientId,
          channelId: channel.id,
          channelKind: channel.kind,
          recipient,
          source: payload.source,
          sourceId: payload.sourceId,
          subject: payload.subject,
          message: payload,
        });
        const result = await dispatcher.deliver(row.id, 1, true);
        if (outcome === null || (outcome.ok && result?.ok === false)) {
          outcome = {
            ok: result?.ok ?? false,
            http_status: result?.httpStatus ?? null,
            error: result?.error ?? null,
            delivery_id: row.id,
          };
        }
      }
      if (outcome === null) throw fieldError('emails', ['The channel has no address to send to.']);
      return outcome;
    },

    async deliveries(clientId: string, filter: DeliveryFilter): Promise<Delivery[]> {
      const { rows, attempts } = await repo.listDeliveries(clientId, filter);
      return rows.map((row) => ({
        id: row.id,
        channel_id: row.channel_id,
        channel_kind: row.channel_kind,
        recipient: row.recipient,
        source: row.source as Delivery['source'],
        source_id: row.source_id,
        subject: row.subject,
        status: row.status,
        attempts: attempts
          .filter((attempt) => attempt.delivery_id === row.id)
          .map((attempt) => ({
            attempt: attempt.attempt,
            at: new Date(attempt.at).toISOString(),
            ok: attempt.ok,
            http_status: attempt.http_status,
            error: attempt.error,
          })),
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
      }));
    },

    async preferences(clientId: string, userId: string): Promise<Preferences> {
      const row = await repo.getPreferences(clientId, userId);
      if (row === null) return DEFAULT_PREFERENCES;
      return {
        email_sources: row.email_sources as Preferences['email_sources'],
        email_frequency: row.email_frequency,
      };
    },

    async savePreferences(clientId: string, userId: string, body: Preferences): Promise<Preferences> {
      await repo.savePreferences(clientId, userId, [...new Set(body.email_sources)], body.email_frequency);
      return { email_sources: [...new Set(body.email_sources)], email_frequency: body.email_frequency };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
