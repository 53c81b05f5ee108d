import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Notification channels of a client, the delivery log, and each user's email preferences (features/notifications).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_channels')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('email', 'slack', 'teams', 'pagerduty', 'webhook')`),
    )
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    // Subscriptions: the notification sources this channel receives.
    .addColumn('sources', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    // Non-secret settings (email addresses, PagerDuty API URL).
    .addColumn('settings', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    // Webhook URL, routing key, signing secret: a JSON object sealed with SECRET_KEY (AES-256-GCM).
    .addColumn('secrets_sealed', 'text')
    // Masked forms ('…' + last four characters) shown back to users.
    .addColumn('secrets_masked', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('notification_channels_client_id')
    .on('notification_channels')
    .column('client_id')
    .execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    // Null for mail to a user or an extra address; set null when the channel is removed (the log stays).
    .addColumn('channel_id', 'text', (col) => col.references('notification_channels.id').onDelete('set null'))
    .addColumn('channel_kind', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    // The dispatch payload, so a retry sends exactly the same message.
    .addColumn('message', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'retrying', 'succeeded', 'failed', 'skipped')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('notification_deliveries_client_id_created_at')
    .on('notification_deliveries')
    .columns(['client_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_channel_id')
    .on('notification_deliveries')
    .column('channel_id')
    .execute();

  await db.schema
    .createTable('notification_delivery_attempts')
    .addColumn('delivery_id', 'text', (col) =>
      col.notNull().references('notification_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ok', 'boolean', (col) => col.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('notification_delivery_attempts_pkey', ['delivery_id', 'attempt'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_sources', 'jsonb', (col) => col.notNull())
    .addColumn('email_frequency', 'text', (col) =>
      col.notNull().check(sql`email_frequency in ('immediately', 'daily', 'weekly', 'off')`),
    )
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_preferences_pkey', ['client_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('notification_preferences_user_id')
    .on('notification_preferences')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notification_delivery_attempts').execute();
  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropTable('notification_channels').execute();
}
