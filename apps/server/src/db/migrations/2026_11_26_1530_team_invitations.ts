import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Team invitations: an invited address becomes a member only when it accepts (issue 18 item 6). The token sent
// by mail is stored as its SHA-256; an invitation expires, and accepting, declining or revoking ends it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('admin', 'member')`))
    .addColumn('invited_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('outcome', 'text', (col) => col.check(sql`outcome in ('accepted', 'declined', 'revoked')`))
    .execute();
  await db.schema
    .createIndex('team_invitations_client_id_idx')
    .on('team_invitations')
    .columns(['client_id', 'email'])
    .execute();
  await db.schema.createIndex('team_invitations_email_idx').on('team_invitations').column('email').execute();
  await db.schema
    .createIndex('team_invitations_invited_by_idx')
    .on('team_invitations')
    .column('invited_by')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_invitations').execute();
}
