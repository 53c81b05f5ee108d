import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('run_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'running', 'succeeded', 'failed', 'dead')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull().defaultTo(5))
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    // Unique over all statuses: a key names one slot of work, which must never run twice.
    .addColumn('dedupe_key', 'text', (col) => col.unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Partial indexes keep the claim query cheap however many finished jobs accumulate.
  await sql`create index jobs_queued_run_at on jobs (run_at) where status = 'queued'`.execute(db);
  await sql`create index jobs_running_locked_until on jobs (locked_until) where status = 'running'`.execute(
    db,
  );

  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('cron', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .addColumn('next_run_at', 'timestamptz', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index job_schedules_due on job_schedules (next_run_at) where enabled`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.dropTable('jobs').execute();
}
