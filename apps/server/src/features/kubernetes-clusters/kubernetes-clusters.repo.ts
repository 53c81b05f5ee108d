import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ClusterRow } from './kubernetes-clusters.tables';

export interface ClusterValues {
  client_id: string;
  project_id: string;
  name: string;
  api_server_url: string;
  auth_kind: 'token' | 'client_certificate';
  ca_fingerprint: string;
  client_certificate_subject: string | null;
  client_certificate_expires_at: Date | null;
  credentials_sealed: string;
}

/** Kubernetes clusters and their sealed credentials; only storage. */
export function createKubernetesClustersRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    list(projectIds: readonly string[]): Promise<ClusterRow[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('kubernetes_clusters')
        .selectAll()
        .where('project_id', 'in', projectIds)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    async get(id: string): Promise<ClusterRow | null> {
      return (
        (await db.selectFrom('kubernetes_clusters').selectAll().where('id', '=', id).executeTakeFirst()) ??
        null
      );
    },

    async insert(id: string, values: ClusterValues, createdBy: string | null): Promise<void> {
      await db
        .insertInto('kubernetes_clusters')
        .values({ id, ...values, created_by: createdBy })
        .execute();
    },

    async update(id: string, values: ClusterValues): Promise<void> {
      await db
        .updateTable('kubernetes_clusters')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** What the last call to the cluster's API server found: reached (error null) or not, and why. */
    async recordReach(id: string, at: Date, error: string | null): Promise<void> {
      await db
        .updateTable('kubernetes_clusters')
        .set(error === null ? { reached_at: at } : { failed_at: at, last_error: error.slice(0, 2000) })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('kubernetes_clusters').where('id', '=', id).execute();
    },
  };
}

export type KubernetesClustersRepo = ReturnType<typeof createKubernetesClustersRepo>;
