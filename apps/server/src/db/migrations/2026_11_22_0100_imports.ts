import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    // What the user pointed at (folder, file, s3:// or azure:// location) and the format asked for.
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('requested_format', 'text', (col) => col.notNull().defaultTo('auto'))
    .addColumn('detected_format', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('running').check(sql`status in ('running', 'succeeded', 'failed')`),
    )
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('files', 'integer')
    .addColumn('rows', 'bigint')
    // Billing periods replaced (YYYY-MM) and, per period, rows and the seven cost-type totals.
    .addColumn('periods', 'jsonb')
    .addColumn('totals', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('error_file', 'text')
    .addColumn('error_row', 'integer')
    .addColumn('error_column', 'text')
    .execute();
  await db.schema.createIndex('import_runs_client_id').on('import_runs').column('client_id').execute();
  await db.schema
    .createIndex('import_runs_project_id_started_at')
    .on('import_runs')
    .columns(['project_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_runs').execute();
}
