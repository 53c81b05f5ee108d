import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// A schedule may keep its resources stopped on a country's public holidays (ISO 3166-1 alpha-2; null: none).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scheduler_schedules').addColumn('holiday_country', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scheduler_schedules').dropColumn('holiday_country').execute();
}
