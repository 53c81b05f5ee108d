import type { ColumnType, Generated, Selectable } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface NotificationChannelsTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  kind: 'email' | 'slack' | 'teams' | 'pagerduty' | 'webhook';
  enabled: boolean;
  sources: Json<string[]>;
  settings: Json<{ emails?: string[]; api_url?: string }>;
  secrets_sealed: string | null;
  secrets_masked: Json<Record<string, string>>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface NotificationDeliveriesTable {
  id: Generated<string>;
  client_id: string;
  channel_id: string | null;
  channel_kind: NotificationChannelsTable['kind'];
  recipient: string;
  source: string;
  source_id: string;
  subject: string;
  message: Json<unknown>;
  status: Generated<'pending' | 'retrying' | 'succeeded' | 'failed' | 'skipped'>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface NotificationDeliveryAttemptsTable {
  delivery_id: string;
  attempt: number;
  at: Stamp;
  ok: boolean;
  http_status: number | null;
  error: string | null;
}

export interface NotificationPreferencesTable {
  client_id: string;
  user_id: string;
  email_sources: Json<string[]>;
  email_frequency: 'immediately' | 'daily' | 'weekly' | 'off';
  updated_at: Stamp;
}

/** The notification tables, merged into AppTables (db/tables.ts). */
export interface NotificationTables {
  notification_channels: NotificationChannelsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_delivery_attempts: NotificationDeliveryAttemptsTable;
  notification_preferences: NotificationPreferencesTable;
}

export type ChannelRow = Selectable<NotificationChannelsTable>;
export type DeliveryRow = Selectable<NotificationDeliveriesTable>;
