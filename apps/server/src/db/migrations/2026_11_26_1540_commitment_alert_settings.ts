import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Commitment alerts (issue 23): a client's thresholds and lead times, when it changed the defaults.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('commitment_alert_settings')
    .addColumn('client_id', 'text', (col) => col.primaryKey().references('clients.id').onDelete('cascade'))
    // The contract's commitmentAlertSettingsSchema, checked before it is saved.
    .addColumn('settings', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('commitment_alert_settings').execute();
}
