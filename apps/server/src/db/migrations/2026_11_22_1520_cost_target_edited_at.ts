import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// When a target, its plan or one of its alerts was last changed. Every change moves it forward (by at least a
// millisecond, so it is a version of the target); the alert job marks a target evaluated only if it still
// holds the value read when the evaluation began, so a change landing during an evaluation keeps it due.
// Millisecond precision: the value read back into JavaScript compares equal to the stored one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cost_targets')
    .addColumn('edited_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cost_targets').dropColumn('edited_at').execute();
}
