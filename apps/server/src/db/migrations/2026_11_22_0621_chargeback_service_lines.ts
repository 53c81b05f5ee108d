import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Chargeback lines keep, when issued, each value's cost per service and its subtotal of the month before, so an
// issued statement shows them as they were. Null on lines issued before this migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chargeback_lines')
    .addColumn('services', 'jsonb')
    .addColumn('previous_month_subtotal', 'double precision')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chargeback_lines')
    .dropColumn('services')
    .dropColumn('previous_month_subtotal')
    .execute();
}
