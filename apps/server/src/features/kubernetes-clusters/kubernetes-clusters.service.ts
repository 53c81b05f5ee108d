import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import type {
  Cluster,
  ClusterInput,
  ClusterPatch,
  Workload,
  WorkloadKind,
  WorkloadsQuery,
} from '@finlens/contracts/kubernetes';
import { WORKLOAD_KINDS } from '@finlens/contracts/kubernetes';
import {
  KubernetesApiError,
  type KubernetesConnection,
  type KubernetesConnector,
  type KubernetesPort,
} from '../../integrations/kubernetes/kubernetes-port';
import type { ClientCaller } from '../../platform/auth/caller';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import type { CostScopes } from '../../warehouse/cost-scope';
import type { ClusterValues, KubernetesClustersRepo } from './kubernetes-clusters.repo';
import type { ClusterRow } from './kubernetes-clusters.tables';

type Credentials = { ca: string } & ({ token: string } | { certificate: string; key: string });

const context = (id: string) => `kubernetes_clusters:${id}`;
const iso = (d: Date | string) => new Date(d).toISOString();

function toCluster(row: ClusterRow): Cluster {
  return {
    id: row.id,
    name: row.name,
    project: row.project_id,
    api_server_url: row.api_server_url,
    auth_kind: row.auth_kind,
    ca_fingerprint: row.ca_fingerprint,
    client_certificate_subject: row.client_certificate_subject,
    client_certificate_expires_at:
      row.client_certificate_expires_at === null ? null : iso(row.client_certificate_expires_at),
    reach: reachOf(row),
    simulated: row.simulated,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Unreachable while the last failure is newer than the last answer. */
function reachOf(row: ClusterRow): Cluster['reach'] {
  const reached = row.reached_at === null ? null : new Date(row.reached_at).getTime();
  const failed = row.failed_at === null ? null : new Date(row.failed_at).getTime();
  const state =
    failed !== null && (reached === null || failed > reached)
      ? 'unreachable'
      : reached !== null
        ? 'reachable'
        : 'unchecked';
  return {
    state,
    reached_at: row.reached_at === null ? null : iso(row.reached_at),
    failed_at: row.failed_at === null ? null : iso(row.failed_at),
    error: row.failed_at === null ? null : row.last_error,
  };
}

function certificate(field: string, pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw fieldError(field, ['Paste a PEM certificate (-----BEGIN CERTIFICATE-----).']);
  }
}

/** The URL checks every saved address gets: https, no credentials in it, and not into the server's own network. */
async function checkUrl(
  url: string,
  refusedReason: (url: string) => Promise<string | null>,
): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fieldError('api_server_url', ['Enter the API server URL (https://…).']);
  }
  if (parsed.protocol !== 'https:') {
    throw fieldError('api_server_url', ['The API server is reached over https only.']);
  }
  if (parsed.username || parsed.password || parsed.search || parsed.hash) {
    throw fieldError('api_server_url', [
      'Give the server URL alone, without credentials, query or fragment.',
    ]);
  }
  const reason = await refusedReason(parsed.href);
  if (reason !== null)
    throw fieldError('api_server_url', [`Finlens may not connect to this address: ${reason}.`]);
  return parsed.href.replace(/\/+$/, '');
}

/** The credentials a create or patch leaves: what it gives, else what was saved (token and certificate exclusive). */
function credentialsOf(input: ClusterPatch, saved: Credentials | null): Credentials {
  const ca = input.ca_certificate ?? saved?.ca;
  if (ca === undefined) throw fieldError('ca_certificate', ["Paste the cluster's CA certificate."]);
  certificate('ca_certificate', ca);
  const hasCert = input.client_certificate !== undefined || input.client_key !== undefined;
  if (input.token !== undefined && hasCert) {
    throw fieldError('token', ['Give a bearer token or a client certificate, not both.']);
  }
  if (input.token !== undefined) {
    if (!/^[\x21-\x7e]+$/.test(input.token))
      throw fieldError('token', ['A token is one word of printable characters.']);
    return { ca, token: input.token };
  }
  if (hasCert) {
    if (input.client_certificate === undefined)
      throw fieldError('client_certificate', ['Paste the client certificate.']);
    if (input.client_key === undefined)
      throw fieldError('client_key', ['Paste the client certificate’s private key.']);
    const cert = certificate('client_certificate', input.client_certificate);
    let key: ReturnType<typeof createPrivateKey>;
    try {
      key = createPrivateKey(input.client_key);
    } catch {
      throw fieldError('client_key', ['Paste a PEM private key (-----BEGIN PRIVATE KEY-----).']);
    }
    if (!cert.checkPrivateKey(key))
      throw fieldError('client_key', ['This key does not belong to the client certificate.']);
    return { ca, certificate: input.client_certificate, key: input.client_key };
  }
  if (saved === null)
    throw fieldError('token', ['Give a bearer token, or a client certificate and its key.']);
  const { ca: _old, ...auth } = saved;
  return { ca, ...auth } as Credentials;
}

function connectionOf(url: string, credentials: Credentials): KubernetesConnection {
  return {
    apiServerUrl: url,
    caCertificate: credentials.ca,
    auth:
      'token' in credentials
        ? { kind: 'token', token: credentials.token }
        : { kind: 'client_certificate', certificate: credentials.certificate, key: credentials.key },
  };
}

/**
 * Kubernetes clusters of a client's projects with credentials sealed at rest (never answered), and their live
 * workloads through the Kubernetes port. Tenancy through the cost scope: another client's cluster is a 404.
 */
export function createKubernetesClustersService({
  repo,
  scopes,
  secretBox,
  refusedReason,
  connect,
  simulated = async (row) => {
    const refuse = async (): Promise<never> => {
      throw new KubernetesApiError(`"${row.name}" is simulated and no simulated cloud is wired here`, null);
    };
    return { check: refuse, listNamespaces: refuse, listWorkloads: refuse, readScale: refuse, scale: refuse };
  },
  usedBy = async () => null,
}: {
  repo: KubernetesClustersRepo;
  scopes: Pick<CostScopes, 'requested'>;
  secretBox: SecretBox;
  /** The outbound guard's verdict on a URL being saved (GuardedHttp.refusedReason). */
  refusedReason: (url: string) => Promise<string | null>;
  connect: KubernetesConnector;
  /** The port of a cluster marked simulated (from its project's cloud scenario), in place of an API server. */
  simulated?: (row: ClusterRow) => Promise<KubernetesPort>;
  /** The name of a schedule that targets the cluster's workloads (a cluster in use is not removed). */
  usedBy?: (clusterId: string) => Promise<string | null>;
}) {
  async function owned(caller: ClientCaller, id: string): Promise<ClusterRow> {
    const row = await repo.get(id);
    if (row === null || row.client_id !== caller.clientId) throw notFound();
    await scopes.requested(caller, [row.project_id]);
    return row;
  }

  const open = (row: ClusterRow): Credentials =>
    JSON.parse(secretBox.open(row.credentials_sealed, context(row.id))) as Credentials;

  /** The cluster's port: its API server with the saved credentials, or the simulated cluster of its scenario. */
  const portOf = (row: ClusterRow): Promise<KubernetesPort> =>
    row.simulated ? simulated(row) : Promise.resolve(connect(connectionOf(row.api_server_url, open(row))));

  /** Asks the cluster through its port and records its reach: answered, or the refusal as a 424 saying why. */
  async function asked<T>(row: ClusterRow, ask: (port: KubernetesPort) => Promise<T>): Promise<T> {
    try {
      const answer = await ask(await portOf(row));
      await repo.recordReach(row.id, new Date(), null);
      return answer;
    } catch (error) {
      if (error instanceof KubernetesApiError) {
        await repo.recordReach(row.id, new Date(), error.message);
        throw new HttpError(424, `The cluster "${row.name}" answered: ${error.message}`);
      }
      throw error;
    }
  }

  async function values(
    caller: ClientCaller,
    id: string,
    input: ClusterInput | (ClusterPatch & Pick<ClusterInput, 'name' | 'project' | 'api_server_url'>),
    saved: Credentials | null,
  ): Promise<ClusterValues> {
    await scopes.requested(caller, [input.project]);
    const url = await checkUrl(input.api_server_url, refusedReason);
    const credentials = credentialsOf(input, saved);
    const ca = certificate('ca_certificate', credentials.ca);
    const client = 'certificate' in credentials ? new X509Certificate(credentials.certificate) : null;
    const others = (await repo.list([input.project])).filter((c) => c.id !== id);
    if (others.some((c) => c.name.toLowerCase() === input.name.toLowerCase())) {
      throw fieldError('name', ['Another cluster of this project has this name.']);
    }
    return {
      client_id: caller.clientId,
      project_id: input.project,
      name: input.name,
      api_server_url: url,
      auth_kind: client === null ? 'token' : 'client_certificate',
      ca_fingerprint: ca.fingerprint256,
      client_certificate_subject: client?.subject.replace(/\n/g, ', ') ?? null,
      client_certificate_expires_at: client === null ? null : new Date(client.validTo),
      credentials_sealed: secretBox.seal(JSON.stringify(credentials), context(id)),
    };
  }

  return {
    async list(caller: ClientCaller): Promise<{ results: Cluster[] }> {
      const scope = await scopes.requested(caller);
      return { results: (await repo.list(scope.projectIds)).map(toCluster) };
    },

    async get(caller: ClientCaller, id: string): Promise<Cluster> {
      return toCluster(await owned(caller, id));
    },

    async create(caller: ClientCaller, input: ClusterInput): Promise<Cluster> {
      const id = randomUUID();
      await repo.insert(id, await values(caller, id, input, null), caller.user.id);
      return this.get(caller, id);
    },

    async update(caller: ClientCaller, id: string, patch: ClusterPatch): Promise<Cluster> {
      const row = await owned(caller, id);
      if (row.simulated) {
        throw new HttpError(
          409,
          `"${row.name}" is simulated from the project's cloud scenario: change the scenario's kubernetes section instead.`,
        );
      }
      const merged = {
        ...patch,
        name: patch.name ?? row.name,
        project: patch.project ?? row.project_id,
        api_server_url: patch.api_server_url ?? row.api_server_url,
      };
      if (merged.project !== row.project_id && (await usedBy(id)) !== null) {
        throw fieldError('project', ['A schedule targets this cluster; it stays in its project.']);
      }
      await repo.update(id, await values(caller, id, merged, open(row)));
      return this.get(caller, id);
    },

    async remove(caller: ClientCaller, id: string): Promise<void> {
      await owned(caller, id);
      const schedule = await usedBy(id);
      if (schedule !== null) {
        throw new HttpError(
          409,
          `The schedule "${schedule}" targets this cluster's workloads; edit it first.`,
        );
      }
      await repo.remove(id);
    },

    /** The cluster's namespaces as it reports them now (a refusal is a 424 saying why, as for workloads). */
    async namespaces(caller: ClientCaller, id: string): Promise<{ results: string[] }> {
      const row = await owned(caller, id);
      return { results: await asked(row, async (port) => port.listNamespaces()) };
    },

    /** The namespace's workloads as the cluster reports them now; a cluster's refusal is a 424 saying why. */
    async workloads(
      caller: ClientCaller,
      id: string,
      query: WorkloadsQuery,
    ): Promise<{ results: Workload[] }> {
      const row = await owned(caller, id);
      const kinds: readonly WorkloadKind[] = query.kind ? [query.kind] : WORKLOAD_KINDS;
      const lists = await asked(row, (port) =>
        Promise.all(
          kinds.map((kind) => port.listWorkloads(query.namespace, kind, query.label_selector ?? null)),
        ),
      );
      return {
        results: lists.flat().map((w) => ({
          kind: w.kind,
          namespace: w.namespace,
          name: w.name,
          replicas: w.replicas,
          ready_replicas: w.readyReplicas,
          labels: w.labels,
        })),
      };
    },

    /**
     * Asks the API server now, with the saved credentials through the outbound guard (as a listing does), and
     * records the answer as a listing would: the cluster with its reach, reachable or unreachable with why.
     */
    async check(caller: ClientCaller, id: string): Promise<Cluster> {
      const row = await owned(caller, id);
      try {
        await (await portOf(row)).check();
        await repo.recordReach(id, new Date(), null);
      } catch (error) {
        if (!(error instanceof KubernetesApiError)) throw error;
        await repo.recordReach(id, new Date(), error.message);
      }
      return this.get(caller, id);
    },

    /** The project of each known cluster id (a schedule's targets must be clusters of its own project). */
    async projectsOf(clusterIds: readonly string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (const id of new Set(clusterIds)) {
        const row = await repo.get(id);
        if (row !== null) found.set(id, row.project_id);
      }
      return found;
    },

    /** For the scheduler's reconciler: what its tick found of a cluster (error null: it answered). */
    async reached(clusterId: string, error: string | null): Promise<void> {
      await repo.recordReach(clusterId, new Date(), error);
    },

    /** For the scheduler's reconciler: the clusters of a project reachable through the port, by id. */
    async ports(
      clusterIds: readonly string[],
    ): Promise<Map<string, { projectId: string; name: string; port: KubernetesPort }>> {
      const found = new Map<string, { projectId: string; name: string; port: KubernetesPort }>();
      for (const id of new Set(clusterIds)) {
        const row = await repo.get(id);
        if (row === null) continue;
        found.set(id, { projectId: row.project_id, name: row.name, port: await portOf(row) });
      }
      return found;
    },
  };
}

export type KubernetesClustersService = ReturnType<typeof createKubernetesClustersService>;
