import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Identity, tenancy and access control (issue 3). Ids are text (UUIDs made by the app or the default).

const uuid = sql`gen_random_uuid()::text`;
const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await createPartiesTables(db);
  await createProjectTables(db);
  await createCredentialTables(db);
  await createAuditLog(db);
}

async function createPartiesTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    // argon2id PHC string; null until an invited user sets a password.
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('profile_picture', 'text')
    .addColumn('email_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('last_login_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  // A user belongs to at most one partner, hence user_id as the key.
  await db.schema
    .createTable('partner_users')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('partner_id', 'text', (col) => col.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('partner_user_role', 'text', (col) =>
      col.notNull().check(sql`partner_user_role in ('admin', 'member')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('partner_users_partner_id_idx')
    .on('partner_users')
    .column('partner_id')
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('partner_id', 'text', (col) => col.references('partners.id').onDelete('set null'))
    .addColumn('sharesave_allowed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('azure_billing_currency', 'text')
    .addColumn('is_rbac_enabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('has_marketplace_subscription', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('explore', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('clients_partner_id_idx').on('clients').column('partner_id').execute();

  await db.schema
    .createTable('memberships')
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('admin', 'member')`))
    // Spec §6: showback access may be limited to chosen values; the values arrive with showbacks.
    .addColumn('allowed_all_showback_values', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('memberships_pkey', ['client_id', 'user_id'])
    .execute();
  // client_id is covered by the primary key's leading column.
  await db.schema.createIndex('memberships_user_id_idx').on('memberships').column('user_id').execute();
}

async function createProjectTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('awaiting_configuration'))
    .addColumn('cloud_type', 'text', (col) =>
      col.notNull().defaultTo('aws').check(sql`cloud_type in ('aws', 'azure')`),
    )
    .addColumn('billing_last_ingestion_datetime', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('projects_client_id_idx').on('projects').column('client_id').execute();

  await db.schema
    .createTable('policy_versions')
    .addColumn('version', 'text', (col) => col.primaryKey())
    .addColumn('released_at', 'timestamptz', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into policy_versions (version, released_at, summary) values
    ('2026-11-22', '2026-11-22T00:00:00Z',
     'Read access to Cost and Usage Report exports in S3 and to account and organisation metadata.')`.execute(
    db,
  );

  await db.schema
    .createTable('policy_acceptances')
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('version', 'text', (col) => col.notNull().references('policy_versions.version'))
    .addColumn('accepted_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('accepted_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('policy_acceptances_pkey', ['project_id', 'version'])
    .execute();
  await db.schema
    .createIndex('policy_acceptances_version_idx')
    .on('policy_acceptances')
    .column('version')
    .execute();
  await db.schema
    .createIndex('policy_acceptances_accepted_by_idx')
    .on('policy_acceptances')
    .column('accepted_by')
    .execute();
}

async function createCredentialTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // Looked up by prefix, then the secret's SHA-256 is compared in constant time.
    .addColumn('prefix', 'text', (col) => col.notNull().unique())
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_client_id_idx').on('api_keys').column('client_id').execute();
  await db.schema.createIndex('api_keys_user_id_idx').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    // SHA-256 of the cookie value: a stolen database does not yield usable sessions.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (col) => col.references('clients.id').onDelete('set null'))
    .addColumn('csrf_token', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_client_id_idx').on('sessions').column('client_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) =>
      col.notNull().check(sql`purpose in ('verify_email', 'reset_password')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_tokens_user_id_idx').on('email_tokens').column('user_id').execute();
}

async function createAuditLog(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('actor_user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'text', (col) => col.references('clients.id').onDelete('set null'))
    // What the event is about, e.g. the email a sign-in attempt named (also when no such user exists).
    .addColumn('subject', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createIndex('audit_log_actor_user_id_idx')
    .on('audit_log')
    .column('actor_user_id')
    .execute();
  await db.schema.createIndex('audit_log_client_id_idx').on('audit_log').column('client_id').execute();
  // Sign-in throttling counts recent failures per account and per address.
  await db.schema
    .createIndex('audit_log_event_subject_at_idx')
    .on('audit_log')
    .columns(['event', 'subject', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_event_ip_at_idx')
    .on('audit_log')
    .columns(['event', 'ip', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'email_tokens',
    'sessions',
    'api_keys',
    'policy_acceptances',
    'policy_versions',
    'projects',
    'memberships',
    'clients',
    'partner_users',
    'partners',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
