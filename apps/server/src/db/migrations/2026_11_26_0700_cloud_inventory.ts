import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Cloud inventory (issue 20): the scenario of a simulated project, one row per collection pass of a project and
// region, the current resources, and what changed between passes.

export async function up(db: Kysely<unknown>): Promise<void> {
  const project = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'));

  // A project with a scenario is collected from the simulated cloud instead of AWS.
  await db.schema
    .createTable('cloud_simulations')
    .addColumn('project_id', 'text', (col) => col.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('scenario', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await project('collection_runs')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('pass_id', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'running', 'succeeded', 'partial', 'failed')`),
    )
    .addColumn('queued_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('resource_count', 'integer')
    // [{ service, operation, code, message, kinds }]: what failed, per service; the rest was kept.
    .addColumn('errors', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    // One run per pass and region: a re-run job finds its row instead of adding one.
    .addUniqueConstraint('collection_runs_pass_region', ['project_id', 'pass_id', 'region'])
    .execute();
  await db.schema
    .createIndex('collection_runs_project_finished')
    .on('collection_runs')
    .columns(['project_id', 'finished_at'])
    .execute();

  await project('inventory_resources')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('resource', 'jsonb', (col) => col.notNull())
    .addColumn('first_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('inventory_resources_pkey', [
      'project_id',
      'account_id',
      'region',
      'kind',
      'resource_id',
    ])
    .execute();

  await project('inventory_changes')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('run_id', 'text', (col) => col.notNull().references('collection_runs.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('change', 'text', (col) =>
      col.notNull().check(sql`change in ('created', 'changed', 'deleted')`),
    )
    // changed: [{ field, before, after }]; created and deleted: [].
    .addColumn('fields', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('resource', 'jsonb', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull())
    // A resource changes at most once per run: a repeated run cannot record it twice.
    .addUniqueConstraint('inventory_changes_run_resource', ['run_id', 'account_id', 'kind', 'resource_id'])
    .execute();
  await db.schema
    .createIndex('inventory_changes_project_recorded')
    .on('inventory_changes')
    .columns(['project_id', 'recorded_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['inventory_changes', 'inventory_resources', 'collection_runs', 'cloud_simulations'])
    await db.schema.dropTable(table).execute();
}
