import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// A project's status is read from its data (db/project-status.ts): importing, failing, ready or awaiting
// configuration. The stored column nothing kept up to date goes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('awaiting_configuration'))
    .execute();
  await sql`UPDATE projects SET status = 'configured' WHERE billing_last_ingestion_datetime IS NOT NULL`.execute(
    db,
  );
}
