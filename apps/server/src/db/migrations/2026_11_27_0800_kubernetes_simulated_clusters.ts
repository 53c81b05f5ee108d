import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Simulated Kubernetes clusters (the demo's EKS clusters, from the project's cloud scenario): a cluster marked
// simulated has no API server or credentials; the replicas its workloads were scaled to are kept here, each with
// the count before and when (on the simulated cloud's clock).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('kubernetes_clusters')
    .addColumn('simulated', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('kubernetes_simulated_replicas')
    .addColumn('cluster_id', 'text', (col) =>
      col.notNull().references('kubernetes_clusters.id').onDelete('cascade'),
    )
    .addColumn('namespace', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('replicas', 'integer', (col) => col.notNull())
    .addColumn('previous', 'integer', (col) => col.notNull())
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('kubernetes_simulated_replicas_pkey', [
      'cluster_id',
      'namespace',
      'kind',
      'name',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kubernetes_simulated_replicas').execute();
  await db.schema.alterTable('kubernetes_clusters').dropColumn('simulated').execute();
}
