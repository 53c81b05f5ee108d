import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Tag policies of a client: required tag keys with allowed values or a pattern, scoped to accounts/services.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tag_policies')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // JSON arrays of strings; an empty scope list means every account / service.
    .addColumn('tag_keys', 'jsonb', (col) => col.notNull())
    .addColumn('allowed_values', 'jsonb', (col) => col.notNull())
    .addColumn('allowed_pattern', 'text')
    .addColumn('account_ids', 'jsonb', (col) => col.notNull())
    .addColumn('services', 'jsonb', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('tag_policies_client_id_idx').on('tag_policies').column('client_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tag_policies').execute();
}
