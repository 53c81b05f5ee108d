import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Whether Finlens last reached a Kubernetes cluster's API server (listing workloads, or the scheduler's tick) and,
// when it could not, when and what it answered — so an unreachable cluster is shown, not skipped silently.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('kubernetes_clusters')
    .addColumn('reached_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('kubernetes_clusters')
    .dropColumn('reached_at')
    .dropColumn('failed_at')
    .dropColumn('last_error')
    .execute();
}
