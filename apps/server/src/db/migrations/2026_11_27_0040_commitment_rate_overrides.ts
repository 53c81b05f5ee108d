import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Commitment rate overrides (issue 23): a client's own figures for cells of the documented rate table, set by its
// admins; the purchase analyses take them before the table's.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('commitment_rate_overrides')
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    // The contract's rateOverrideSchema, checked before it is saved.
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('payment_option', 'text', (col) => col.notNull())
    .addColumn('rate_ratio', 'double precision', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('commitment_rate_overrides_pk', ['client_id', 'kind', 'term', 'payment_option'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('commitment_rate_overrides').execute();
}
