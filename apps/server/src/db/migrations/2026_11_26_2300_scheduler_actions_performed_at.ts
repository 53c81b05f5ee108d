import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The schedule ledger pass reads the action log every 15 minutes from a time on (the stops of the last days, of
// every schedule): an index by performed_at lets it read those days instead of the whole log.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('scheduler_actions_performed_at')
    .on('scheduler_actions')
    .column('performed_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('scheduler_actions_performed_at').execute();
}
