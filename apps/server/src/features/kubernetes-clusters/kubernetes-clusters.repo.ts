import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { WorkloadRef } from '../../integrations/kubernetes/kubernetes-port';
import {
  type SimulatedScale,
  type SimulatedScales,
  simulatedScaleKey,
} from '../../integrations/kubernetes/simulated-kubernetes';
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

    /**
     * The project's simulated clusters are those named (created when new), each starting over from its
     * scenario: the scales set on the previous scenario's clusters are dropped. Ids are kept, so the schedules
     * targeting a cluster still do. A real cluster of the same name is left as it is (it keeps its API server).
     * Answers the simulated clusters by name.
     */
    async ensureSimulated(
      clientId: string,
      projectId: string,
      names: readonly string[],
    ): Promise<ClusterRow[]> {
      return db.transaction().execute(async (tx) => {
        for (const name of names) {
          const known = await tx
            .selectFrom('kubernetes_clusters')
            .select(['id', 'simulated'])
            .where('project_id', '=', projectId)
            .where('name', '=', name)
            .executeTakeFirst();
          if (known !== undefined) {
            if (known.simulated)
              await tx
                .deleteFrom('kubernetes_simulated_replicas')
                .where('cluster_id', '=', known.id)
                .execute();
            continue;
          }
          await tx
            .insertInto('kubernetes_clusters')
            .values({
              client_id: clientId,
              project_id: projectId,
              name,
              api_server_url: `simulated://${encodeURIComponent(name)}`,
              auth_kind: 'token',
              ca_fingerprint: '',
              client_certificate_subject: null,
              client_certificate_expires_at: null,
              credentials_sealed: '',
              simulated: true,
            })
            .execute();
        }
        if (names.length === 0) return [];
        return tx
          .selectFrom('kubernetes_clusters')
          .selectAll()
          .where('project_id', '=', projectId)
          .where('name', 'in', names)
          .where('simulated', '=', true)
          .orderBy('name')
          .execute();
      });
    },

    /** Where a simulated cluster keeps the scales set through its port. */
    simulatedScales(clusterId: string): SimulatedScales {
      return {
        async read() {
          const rows = await db
            .selectFrom('kubernetes_simulated_replicas')
            .selectAll()
            .where('cluster_id', '=', clusterId)
            .execute();
          return new Map(
            rows.map((r): [string, SimulatedScale] => [
              simulatedScaleKey({
                namespace: r.namespace,
                kind: r.kind as WorkloadRef['kind'],
                name: r.name,
              }),
              { replicas: r.replicas, previous: r.previous, changedAt: new Date(r.changed_at) },
            ]),
          );
        },
        async write(ref, scale) {
          const values = { replicas: scale.replicas, previous: scale.previous, changed_at: scale.changedAt };
          await db
            .insertInto('kubernetes_simulated_replicas')
            .values({
              cluster_id: clusterId,
              namespace: ref.namespace,
              kind: ref.kind,
              name: ref.name,
              ...values,
            })
            .onConflict((oc) => oc.columns(['cluster_id', 'namespace', 'kind', 'name']).doUpdateSet(values))
            .execute();
        },
      };
    },
  };
}

export type KubernetesClustersRepo = ReturnType<typeof createKubernetesClustersRepo>;
