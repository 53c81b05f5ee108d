import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// A one-off action may hold its resources (an override) until a chosen time instead of the schedule's next boundary.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scheduler_one_offs').addColumn('hold_until', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scheduler_one_offs').dropColumn('hold_until').execute();
}
