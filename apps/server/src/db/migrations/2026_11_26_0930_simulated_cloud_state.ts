import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The simulated cloud keeps its state between jobs: the actions taken on a simulated project's accounts,
// replayed over its scenario whenever the cloud is built again. A collection pass covers every account of a
// simulated project, so its runs are one per account and region.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cloud_simulation_actions')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull())
    // When the simulated cloud's clock performed it; replays run in this order.
    .addColumn('performed_at', 'timestamptz', (col) => col.notNull())
    // The port's CloudAction ({ type, region, resource, … }).
    .addColumn('action', 'jsonb', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('cloud_simulation_actions_project_performed')
    .on('cloud_simulation_actions')
    .columns(['project_id', 'performed_at'])
    .execute();

  await db.schema.alterTable('collection_runs').dropConstraint('collection_runs_pass_region').execute();
  await db.schema
    .alterTable('collection_runs')
    .addUniqueConstraint('collection_runs_pass_account_region', [
      'project_id',
      'pass_id',
      'account_id',
      'region',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('collection_runs')
    .dropConstraint('collection_runs_pass_account_region')
    .execute();
  await db.schema
    .alterTable('collection_runs')
    .addUniqueConstraint('collection_runs_pass_region', ['project_id', 'pass_id', 'region'])
    .execute();
  await db.schema.dropTable('cloud_simulation_actions').execute();
}
