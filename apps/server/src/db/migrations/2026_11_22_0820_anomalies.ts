import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Cost anomalies found by features/anomalies and when detection last ran per client.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('anomalies')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('dimension', 'text', (col) =>
      col.notNull().check(sql`dimension in ('account', 'service', 'usage_type')`),
    )
    .addColumn('scope_key', 'text', (col) => col.notNull())
    .addColumn('start_date', 'text', (col) => col.notNull())
    .addColumn('end_date', 'text', (col) => col.notNull())
    .addColumn('actual_cost', 'double precision', (col) => col.notNull())
    .addColumn('expected_cost', 'double precision', (col) => col.notNull())
    .addColumn('score', 'double precision', (col) => col.notNull())
    .addColumn('severity', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('open').check(sql`status in ('open', 'acknowledged', 'dismissed', 'expected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('status_changed_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status_changed_at', 'timestamptz')
    .addColumn('drivers', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('explorer', 'jsonb', (col) => col.notNull())
    .addColumn('detected_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // One anomaly per scope and start day: a re-run updates it instead of finding it again.
    .addUniqueConstraint('anomalies_scope_start', ['client_id', 'dimension', 'scope_key', 'start_date'])
    .execute();
  await db.schema
    .createIndex('anomalies_status_changed_by')
    .on('anomalies')
    .column('status_changed_by')
    .execute();

  await db.schema
    .createTable('anomaly_detection_runs')
    .addColumn('client_id', 'text', (col) => col.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    // Newest day of data the run looked at.
    .addColumn('as_of', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('anomaly_detection_runs').execute();
  await db.schema.dropTable('anomalies').execute();
}
