import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The container scheduler (issue 24): Kubernetes clusters with their credentials sealed at rest, and the workloads
// a schedule targets (by name or label selector) beside its cloud resources.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kubernetes_clusters')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('api_server_url', 'text', (col) => col.notNull())
    .addColumn('auth_kind', 'text', (col) =>
      col.notNull().check(sql`auth_kind in ('token', 'client_certificate')`),
    )
    .addColumn('ca_fingerprint', 'text', (col) => col.notNull())
    .addColumn('client_certificate_subject', 'text')
    .addColumn('client_certificate_expires_at', 'timestamptz')
    // SecretBox-sealed JSON {ca, token} or {ca, certificate, key}, bound to the row's id.
    .addColumn('credentials_sealed', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  for (const column of ['client_id', 'project_id', 'created_by']) {
    await db.schema
      .createIndex(`kubernetes_clusters_${column}`)
      .on('kubernetes_clusters')
      .column(column)
      .execute();
  }
  // WorkloadTarget[] (contracts kubernetes.ts).
  await db.schema
    .alterTable('scheduler_schedules')
    .addColumn('workloads', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}
