import type { WorkloadKind } from '@finlens/contracts/kubernetes';

/** How to reach one cluster's API server: its URL, the CA it presents, and a bearer token or a client certificate. */
export interface KubernetesConnection {
  apiServerUrl: string;
  caCertificate: string;
  auth: { kind: 'token'; token: string } | { kind: 'client_certificate'; certificate: string; key: string };
}

export interface WorkloadRef {
  kind: WorkloadKind;
  namespace: string;
  name: string;
}

export interface ClusterWorkload extends WorkloadRef {
  /** spec.replicas: what the controller is asked to run (0 when scaled in). */
  replicas: number;
  readyReplicas: number;
  labels: Record<string, string>;
}

export interface ScaleChange {
  before: number;
  after: number;
}

/** A refusal or failure answered by the API server (or the connection), with its HTTP status when there was one. */
export class KubernetesApiError extends Error {
  override readonly name = 'KubernetesApiError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * The few apps/v1 calls the container scheduler needs, for one cluster: list a namespace's Deployments or
 * StatefulSets (every page), and read and patch their scale subresource; list its namespaces (core v1); and ask
 * whether the API server answers.
 */
export interface KubernetesPort {
  /** GET /apis/apps/v1 (the group's resource list): resolves when the API server answers these credentials. */
  check(): Promise<void>;
  /** GET /api/v1/namespaces (every page): the cluster's namespace names, sorted. */
  listNamespaces(): Promise<string[]>;
  listWorkloads(
    namespace: string,
    kind: WorkloadKind,
    labelSelector?: string | null,
  ): Promise<ClusterWorkload[]>;
  readScale(ref: WorkloadRef): Promise<number>;
  /** Sets spec.replicas through the scale subresource; answers the count before and after. */
  scale(ref: WorkloadRef, replicas: number): Promise<ScaleChange>;
}

export type KubernetesConnector = (connection: KubernetesConnection) => KubernetesPort;
