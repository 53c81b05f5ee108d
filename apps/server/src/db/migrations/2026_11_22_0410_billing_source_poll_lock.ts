import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The poll job that is reading a billing source right now: another poll of the same source, from any server
// process, leaves the source to it instead of importing the same delivery a second time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_sources').addColumn('polling_job_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_sources').dropColumn('polling_job_id').execute();
}
