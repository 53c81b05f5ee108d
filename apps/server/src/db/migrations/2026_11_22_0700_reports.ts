import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Reports (features/reports): saved CostQuery views, their email schedules and a log of every send.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('query', 'jsonb', (col) => col.notNull())
    .addColumn('range_preset', 'text')
    .addColumn('chart_type', 'text', (col) => col.notNull())
    .addColumn('grid', 'jsonb', (col) => col.notNull())
    .addColumn('visibility', 'text', (col) =>
      col.notNull().defaultTo('private').check(sql`visibility in ('private', 'client')`),
    )
    .addColumn('is_hidden', 'boolean', (col) => col.notNull().defaultTo(false))
    // Stored in clear: it only opens a read-only view to signed-in users of the same client.
    .addColumn('share_code', 'text', (col) => col.unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('reports_client_id').on('reports').column('client_id').execute();
  await db.schema.createIndex('reports_owner_user_id').on('reports').column('owner_user_id').execute();

  // The schedule as the user set it; the job_schedules row `report:<id>` is its cron form.
  await db.schema
    .createTable('report_schedules')
    .addColumn('report_id', 'text', (col) => col.primaryKey().references('reports.id').onDelete('cascade'))
    .addColumn('frequency', 'text', (col) =>
      col.notNull().check(sql`frequency in ('daily', 'weekly', 'monthly')`),
    )
    .addColumn('days_of_week', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('day_of_month', 'integer')
    .addColumn('time', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('recipients', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('report_sends')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('report_id', 'text', (col) => col.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('slot', 'timestamptz', (col) => col.notNull())
    .addColumn('trigger', 'text', (col) => col.notNull().check(sql`trigger in ('schedule', 'manual')`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('sending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('recipients', 'jsonb', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // One row per (report, slot): a slot that was sent is never sent again.
    .addUniqueConstraint('report_sends_report_slot', ['report_id', 'slot'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_sends').execute();
  await db.schema.dropTable('report_schedules').execute();
  await db.schema.dropTable('reports').execute();
}
