import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_sources')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('aws_s3', 'azure_blob')`))
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('region', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('role_arn', 'text')
    .addColumn('external_id', 'text')
    // Access keys, connection string or SAS: sealed with SECRET_KEY (AES-256-GCM), never stored in clear.
    .addColumn('credentials_sealed', 'text')
    .addColumn('poll_cron', 'text', (col) => col.notNull().defaultTo('17 * * * *'))
    .addColumn('last_polled_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('billing_sources_project_id')
    .on('billing_sources')
    .column('project_id')
    .execute();

  // What was last imported per billing period of a source, so a poll fetches only new or restated periods.
  await db.schema
    .createTable('billing_source_periods')
    .addColumn('source_id', 'text', (col) =>
      col.notNull().references('billing_sources.id').onDelete('cascade'),
    )
    .addColumn('period_key', 'text', (col) => col.notNull())
    .addColumn('billing_period', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('imported_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('billing_source_periods_pkey', ['source_id', 'period_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_source_periods').execute();
  await db.schema.dropTable('billing_sources').execute();
}
