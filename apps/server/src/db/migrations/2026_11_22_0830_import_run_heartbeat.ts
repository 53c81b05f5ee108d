import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The importing process touches its running import every few seconds; a running import whose heartbeat has
// stopped belongs to a process that ended (crash, kill), so another process may close it as interrupted,
// while a running import of another live process is left alone.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_runs').addColumn('heartbeat_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_runs').dropColumn('heartbeat_at').execute();
}
