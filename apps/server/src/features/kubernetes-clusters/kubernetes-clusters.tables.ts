import type { ColumnType, Generated, Selectable } from 'kysely';

type Stamp = ColumnType<Date, Date | string, Date | string>;

export interface KubernetesClustersTable {
  id: Generated<string>;
  client_id: string;
  project_id: string;
  name: string;
  api_server_url: string;
  auth_kind: 'token' | 'client_certificate';
  ca_fingerprint: string;
  client_certificate_subject: string | null;
  client_certificate_expires_at: Stamp | null;
  credentials_sealed: string;
  /** The last time the API server answered a call (listing workloads, the scheduler's tick). */
  reached_at: Stamp | null;
  /** The last time it could not be reached or refused, and what it said. */
  failed_at: Stamp | null;
  last_error: string | null;
  /** Simulated from the project's cloud scenario (no API server, no credentials: url `simulated://<name>`). */
  simulated: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A simulated cluster's workload scaled through the port: its replicas now, before, and when (the cloud's clock). */
export interface KubernetesSimulatedReplicasTable {
  cluster_id: string;
  namespace: string;
  kind: string;
  name: string;
  replicas: number;
  previous: number;
  changed_at: Stamp;
}

/** Merged into AppTables (db/tables.ts). */
export interface KubernetesClusterTables {
  kubernetes_clusters: KubernetesClustersTable;
  kubernetes_simulated_replicas: KubernetesSimulatedReplicasTable;
}

export type ClusterRow = Selectable<KubernetesClustersTable>;
