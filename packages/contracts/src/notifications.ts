import { z } from 'zod';
import { limitParam } from './fragments';

/**
 * Settings → Notifications Center (channels, subscriptions, delivery log) and each user's email preferences;
 * spec §7 gives the channel paths, the rest is designed in docs/notifications.md (secrets sealed at rest and
 * only ever answered masked).
 */
export const NOTIFICATION_PATHS = {
  channels: '/notification/rest/finlens_notifications/',
  channel: (id: string) => `/notification/rest/finlens_notifications/${id}/`,
  sendTest: (id: string) => `/notification/rest/finlens_notifications/${id}/send_test/`,
  deliveries: '/notification/rest/finlens_notification_deliveries/',
  preferences: '/notification/rest/finlens_notification_preferences/',
} as const;

export const CHANNEL_KINDS = ['email', 'slack', 'teams', 'pagerduty', 'webhook'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** What a channel or a user can subscribe to; `test` is only ever sent by send_test. */
export const NOTIFICATION_SOURCES = [
  'cost_target_alert',
  'anomaly',
  'report',
  'scheduler',
  'commitment',
  'recommendation',
] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];
export const DISPATCH_SOURCES = [
  'cost_target_alert',
  'anomaly',
  'report',
  'scheduler',
  'commitment',
  'recommendation',
  'test',
] as const;
export const SEVERITIES = ['info', 'warning', 'critical'] as const;

export const DEFAULT_PAGERDUTY_URL = 'https://events.pagerduty.com/v2/enqueue';

/**
 * The payload of the durable job `notifications.dispatch`: one message for a client, fanned out to the
 * named users (by their preferences), extra email addresses and channels, plus every enabled channel
 * subscribed to `source`.
 */
export const dispatchPayloadSchema = z.object({
  clientId: z.string().min(1),
  source: z.enum(DISPATCH_SOURCES),
  sourceId: z.string().min(1),
  subject: z.string().min(1),
  text: z.string(),
  /** App path (e.g. /v3/anomalies/…); made absolute with PUBLIC_URL. */
  link: z.string().startsWith('/'),
  severity: z.enum(SEVERITIES),
  facts: z.record(z.string(), z.string()),
  recipients: z.object({
    userIds: z.array(z.string()),
    emails: z.array(z.string()),
    channelIds: z.array(z.string()),
  }),
  /**
   * Already released by a digest of its own (a daily or weekly cost-target alert): users get it now rather
   * than held again for their own email digest.
   */
  digest: z.boolean().optional(),
  /**
   * Sent to `recipients.channelIds` only, not also to the channels subscribed to its source: a cost-target
   * digest sends each subscribed channel the one message that lists all of a target's crossings.
   */
  listedChannelsOnly: z.boolean().optional(),
});
export type DispatchPayload = z.infer<typeof dispatchPayloadSchema>;

const httpsUrl = z
  .string()
  .url('Enter a valid URL.')
  .refine((text) => /^https?:\/\//i.test(text), 'Enter an http(s) URL.');

/** Flat so a 400 names the field (`webhook_url`, `routing_key`, …) whatever the kind. */
const channelFields = {
  name: z.string().trim().min(1, 'Enter a name.').max(100),
  enabled: z.boolean(),
  sources: z.array(z.enum(NOTIFICATION_SOURCES)),
  emails: z.array(z.string().email('Enter valid email addresses.')).max(50),
  webhook_url: httpsUrl,
  routing_key: z.string().trim().min(20, 'Enter the 32-character integration key.').max(64),
  api_url: httpsUrl,
  url: httpsUrl,
  signing_secret: z.string().min(16, 'Use at least 16 characters.').max(256),
};

/** The settings each kind needs (create) — a missing one is a 400 naming it. */
export const REQUIRED_SETTINGS: Record<ChannelKind, readonly (keyof typeof channelFields)[]> = {
  email: ['emails'],
  slack: ['webhook_url'],
  teams: ['webhook_url'],
  pagerduty: ['routing_key'],
  webhook: ['url', 'signing_secret'],
};

export const channelCreateSchema = z
  .object({
    kind: z.enum(CHANNEL_KINDS),
    name: channelFields.name,
    enabled: channelFields.enabled.default(true),
    sources: channelFields.sources.default(['cost_target_alert', 'anomaly']),
    emails: channelFields.emails.optional(),
    webhook_url: channelFields.webhook_url.optional(),
    routing_key: channelFields.routing_key.optional(),
    api_url: channelFields.api_url.optional(),
    url: channelFields.url.optional(),
    signing_secret: channelFields.signing_secret.optional(),
  })
  .superRefine((body, ctx) => {
    for (const field of REQUIRED_SETTINGS[body.kind]) {
      const value = body[field];
      if (value === undefined || (Array.isArray(value) && value.length === 0)) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'This field is required.' });
      }
    }
  });
export type ChannelCreate = z.infer<typeof channelCreateSchema>;

/** Fields left out are kept (secrets included); the kind of a channel cannot change. */
export const channelUpdateSchema = z.object({
  name: channelFields.name.optional(),
  enabled: channelFields.enabled.optional(),
  sources: channelFields.sources.optional(),
  emails: channelFields.emails.min(1, 'Enter at least one address.').optional(),
  webhook_url: channelFields.webhook_url.optional(),
  routing_key: channelFields.routing_key.optional(),
  api_url: channelFields.api_url.optional(),
  url: channelFields.url.optional(),
  signing_secret: channelFields.signing_secret.optional(),
});
export type ChannelUpdate = z.infer<typeof channelUpdateSchema>;

export const channelSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  enabled: z.boolean(),
  sources: z.array(z.enum(NOTIFICATION_SOURCES)),
  /** Email addresses (not secret); empty for other kinds. */
  emails: z.array(z.string()),
  /** Masked secret of the kind: '…' + the last four characters; null when the kind has none. */
  webhook_url: z.string().nullable(),
  routing_key: z.string().nullable(),
  api_url: z.string().nullable(),
  url: z.string().nullable(),
  signing_secret: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;
export const channelsSchema = z.array(channelSchema);

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed', 'skipped'] as const;

export const deliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  ok: z.boolean(),
  http_status: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const deliverySchema = z.object({
  id: z.string(),
  channel_id: z.string().nullable(),
  channel_kind: z.enum(CHANNEL_KINDS),
  /** Channel name or email address. */
  recipient: z.string(),
  source: z.enum(DISPATCH_SOURCES),
  source_id: z.string(),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.array(deliveryAttemptSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesQuerySchema = z.object({
  channel_id: z.string().min(1).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  source: z.enum(DISPATCH_SOURCES).optional(),
  limit: limitParam(100, 500),
});
export const deliveriesSchema = z.array(deliverySchema);

export const sendTestResultSchema = z.object({
  ok: z.boolean(),
  http_status: z.number().int().nullable(),
  error: z.string().nullable(),
  delivery_id: z.string(),
});
export type SendTestResult = z.infer<typeof sendTestResultSchema>;

/**
 * What one user receives by email: the sources they follow and how often. `immediately` mails each
 * notification as it happens; `daily` / `weekly` are stored for digests; `off` mails nothing.
 */
export const EMAIL_FREQUENCIES = ['immediately', 'daily', 'weekly', 'off'] as const;
export const preferencesSchema = z.object({
  email_sources: z.array(z.enum(NOTIFICATION_SOURCES)),
  email_frequency: z.enum(EMAIL_FREQUENCIES),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = {
  email_sources: ['cost_target_alert', 'anomaly'],
  email_frequency: 'immediately',
};
