import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into instance (id) values (gen_random_uuid()::text)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instance').execute();
}
