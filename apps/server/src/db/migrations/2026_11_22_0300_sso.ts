import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// OpenID Connect single sign-on, one identity provider per client.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_configs')
    .addColumn('client_id', 'text', (col) => col.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('oidc_client_id', 'text', (col) => col.notNull())
    // Sealed with SECRET_KEY (platform/crypto/secret-box), bound to the client id.
    .addColumn('client_secret_sealed', 'text')
    // One client per domain: the email decides which provider signs a user in.
    .addColumn('email_domain', 'text', (col) => col.notNull().unique())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_configs').execute();
}
