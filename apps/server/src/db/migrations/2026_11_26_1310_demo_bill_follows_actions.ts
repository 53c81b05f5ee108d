import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The demo organisation's bill follows the actions taken on its simulated cloud: a simulated project whose
// scenario came with a generated bill (`finlens demo`) regenerates that bill after each action.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cloud_simulations')
    .addColumn('bill_follows_actions', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cloud_simulations').dropColumn('bill_follows_actions').execute();
}
