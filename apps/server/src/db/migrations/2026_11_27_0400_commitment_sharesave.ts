import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// ShareSave (issue 23): the share of realised commitment savings a client agreed to leave its partner, set by
// its admins (packages/contracts commitments.ts ShareSave).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('commitment_sharesave')
    .addColumn('client_id', 'text', (col) => col.primaryKey().references('clients.id').onDelete('cascade'))
    // A fraction in [0, 1] (the contract's shareSaveBodySchema), null until agreed.
    .addColumn('share', 'double precision')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('commitment_sharesave').execute();
}
