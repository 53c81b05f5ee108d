import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The resource scheduler: weekly schedules, their overrides, one-off actions, the action log (whose intent
// key makes each action happen once across processes) and the sizes of scaled-in groups to restore.

const id = sql`gen_random_uuid()::text`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduler_schedules')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('account_number', 'text')
    .addColumn('target', 'text')
    .addColumn('time_zone', 'text', (col) => col.notNull())
    // WeekWindow[] in local minutes of the week (packages/cost-model/src/scheduler/week.ts).
    .addColumn('windows', 'jsonb', (col) => col.notNull())
    // The spec's resource lists (contracts scheduler.ts).
    .addColumn('resources', 'jsonb', (col) => col.notNull())
    .addColumn('hibernate', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('enforced', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('tag_key', 'text', (col) => col.notNull())
    .addColumn('tag_value', 'text')
    .addColumn('holidays', 'jsonb', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  for (const column of ['client_id', 'project_id', 'created_by']) {
    await db.schema
      .createIndex(`scheduler_schedules_${column}`)
      .on('scheduler_schedules')
      .column(column)
      .execute();
  }

  await db.schema
    .createTable('scheduler_overrides')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('schedule_id', 'text', (col) =>
      col.notNull().references('scheduler_schedules.id').onDelete('cascade'),
    )
    // Both null: the whole schedule.
    .addColumn('resource_kind', 'text')
    .addColumn('resource_id', 'text')
    .addColumn('running', 'boolean', (col) => col.notNull())
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('scheduler_overrides_schedule')
    .on('scheduler_overrides')
    .columns(['schedule_id', 'ends_at'])
    .execute();
  await db.schema
    .createIndex('scheduler_overrides_created_by')
    .on('scheduler_overrides')
    .column('created_by')
    .execute();

  await db.schema
    .createTable('scheduler_one_offs')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('account_number', 'text')
    .addColumn('action', 'text', (col) => col.notNull().check(sql`action in ('start', 'stop')`))
    .addColumn('run_at', 'timestamptz', (col) => col.notNull())
    .addColumn('resources', 'jsonb', (col) => col.notNull())
    .addColumn('done_at', 'timestamptz')
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  for (const column of ['client_id', 'project_id', 'created_by']) {
    await db.schema
      .createIndex(`scheduler_one_offs_${column}`)
      .on('scheduler_one_offs')
      .column(column)
      .execute();
  }
  await db.schema
    .createIndex('scheduler_one_offs_due')
    .on('scheduler_one_offs')
    .columns(['done_at', 'run_at'])
    .execute();

  await db.schema
    .createTable('scheduler_actions')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('schedule_id', 'text', (col) => col.references('scheduler_schedules.id').onDelete('cascade'))
    .addColumn('one_off_id', 'text', (col) => col.references('scheduler_one_offs.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('cause', 'text', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    // One intent (resource, desired state, the boundary that set it) is acted on once, by one process.
    .addColumn('intent_key', 'text', (col) => col.notNull().unique())
    .addColumn('performed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('state_before', 'text')
    .addColumn('state_after', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('answer', 'jsonb', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('scheduler_actions_schedule')
    .on('scheduler_actions')
    .columns(['schedule_id', 'performed_at'])
    .execute();
  await db.schema
    .createIndex('scheduler_actions_one_off_id')
    .on('scheduler_actions')
    .column('one_off_id')
    .execute();
  await db.schema
    .createIndex('scheduler_actions_project_id')
    .on('scheduler_actions')
    .column('project_id')
    .execute();

  await db.schema
    .createTable('scheduler_saved_sizes')
    .addColumn('schedule_id', 'text', (col) =>
      col.notNull().references('scheduler_schedules.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('min_size', 'integer', (col) => col.notNull())
    .addColumn('desired_size', 'integer', (col) => col.notNull())
    .addColumn('max_size', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('scheduler_saved_sizes_pk', [
      'schedule_id',
      'account_id',
      'region',
      'kind',
      'resource_id',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'scheduler_saved_sizes',
    'scheduler_actions',
    'scheduler_one_offs',
    'scheduler_overrides',
    'scheduler_schedules',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
