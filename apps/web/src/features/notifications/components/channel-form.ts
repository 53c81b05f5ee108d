import {
  CHANNEL_KINDS,
  type Channel,
  type ChannelKind,
  type ChannelUpdate,
  channelCreateSchema,
  channelUpdateSchema,
  NOTIFICATION_SOURCES,
} from '@finlens/contracts/notifications';
import { z } from 'zod';

/** The setting fields each kind shows (besides name, sources and enabled). */
export const KIND_FIELDS = {
  email: ['emails'],
  slack: ['webhook_url'],
  teams: ['webhook_url'],
  pagerduty: ['routing_key', 'api_url'],
  webhook: ['url', 'signing_secret'],
} as const satisfies Record<ChannelKind, readonly string[]>;
export type SettingField = (typeof KIND_FIELDS)[ChannelKind][number];

/** Settings the server only answers masked: on edit an empty field keeps the stored value. */
export const SECRET_FIELDS: readonly SettingField[] = [
  'webhook_url',
  'routing_key',
  'api_url',
  'url',
  'signing_secret',
];

/** Every field is a text box; emails are one per line or comma-separated. */
const formFieldsSchema = z.object({
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  enabled: z.boolean(),
  sources: z.array(z.enum(NOTIFICATION_SOURCES)),
  emails: z.string(),
  webhook_url: z.string(),
  routing_key: z.string(),
  api_url: z.string(),
  url: z.string(),
  signing_secret: z.string(),
});
export type ChannelFormValues = z.infer<typeof formFieldsSchema>;

function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

type ChannelSettings = Pick<ChannelUpdate, SettingField>;

/** The kind's settings that were filled in; blank ones are left out (on edit: kept). */
function settingsOf(values: ChannelFormValues): ChannelSettings {
  const settings: ChannelSettings = {};
  for (const field of KIND_FIELDS[values.kind]) {
    if (field === 'emails') {
      settings.emails = splitEmails(values.emails);
    } else if (values[field].trim() !== '') {
      settings[field] = values[field].trim();
    }
  }
  return settings;
}

const common = (values: ChannelFormValues) => ({
  name: values.name,
  enabled: values.enabled,
  sources: values.sources,
});

/** One message under the field rather than one per bad address. */
const checkedFieldsSchema = formFieldsSchema.superRefine((values, ctx) => {
  const valid = z.email();
  if (
    values.kind === 'email' &&
    splitEmails(values.emails).some((address) => !valid.safeParse(address).success)
  ) {
    ctx.addIssue({ code: 'custom', path: ['emails'], message: 'Enter valid email addresses.' });
  }
});

/** Form → POST body, checked by the contract's own schema (its messages land under the fields). */
export const channelCreateFormSchema = checkedFieldsSchema
  .transform(
    (values): z.input<typeof channelCreateSchema> => ({
      kind: values.kind,
      ...common(values),
      ...settingsOf(values),
    }),
  )
  .pipe(channelCreateSchema);

/** Form → PATCH body: masked secrets left blank are not sent, so the stored ones are kept. */
export const channelUpdateFormSchema = checkedFieldsSchema
  .transform((values): ChannelUpdate => ({ ...common(values), ...settingsOf(values) }))
  .pipe(channelUpdateSchema);

export function emptyChannelValues(kind: ChannelKind = 'slack'): ChannelFormValues {
  return {
    kind,
    name: '',
    enabled: true,
    sources: ['cost_target_alert', 'anomaly'],
    emails: '',
    webhook_url: '',
    routing_key: '',
    api_url: '',
    url: '',
    signing_secret: '',
  };
}

/** An existing channel in the form: secrets stay empty (the masked value shows as a hint). */
export function channelValues(channel: Channel): ChannelFormValues {
  return {
    ...emptyChannelValues(channel.kind),
    name: channel.name,
    enabled: channel.enabled,
    sources: channel.sources,
    emails: channel.emails.join('\n'),
  };
}
