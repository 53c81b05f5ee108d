import type { WorkloadKind } from '@finlens/contracts/kubernetes';
import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  createConfiguration,
  PatchStrategy,
  type RequestContext,
  type SecurityAuthentication,
  ServerConfiguration,
  setHeaderOptions,
} from '@kubernetes/client-node';
import type { GuardedHttp } from '../../platform/outbound/guarded-http';
import {
  type ClusterWorkload,
  KubernetesApiError,
  type KubernetesConnection,
  type KubernetesConnector,
  type KubernetesPort,
  type WorkloadRef,
} from './kubernetes-port';

const PAGE = 500;
/** Most pages one listing reads (50,000 items): a server answering a continue token forever is refused. */
export const MAX_PAGES = 100;

/** "429 TooManyRequests: …" from the API server's Status body, or the connection's own error. */
function apiError(error: unknown): KubernetesApiError {
  if (error instanceof ApiException) {
    const code = (error as ApiException<unknown>).code;
    let body: unknown = (error as ApiException<unknown>).body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not a Status: keep the text
      }
    }
    const status = (body ?? {}) as { reason?: string; message?: string };
    // A 401 or 403 carries no body here: the library puts the status text in its own message.
    const said = /Message: (.*)/.exec(error.message)?.[1];
    const text =
      typeof body === 'string' ? body : [status.reason ?? said, status.message].filter(Boolean).join(': ');
    return new KubernetesApiError(`${code} ${text || 'error'}`.trim(), code);
  }
  const cause = (error as { cause?: unknown }).cause;
  const message = cause instanceof Error ? cause.message : (error as Error).message;
  return new KubernetesApiError(message ?? String(error), null);
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw apiError(error);
  }
}

/** Every item of a list call, page by page (its continue token), at most MAX_PAGES pages. */
async function everyPage<T>(
  read: (token: string | undefined) => Promise<{ items: T[]; metadata?: { _continue?: string } }>,
): Promise<T[]> {
  const items: T[] = [];
  let token: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages += 1) {
    const page = await call(() => read(token));
    items.push(...page.items);
    token = page.metadata?._continue || undefined;
    if (token === undefined) return items;
  }
  throw new KubernetesApiError(
    `the API server still named a next page after ${MAX_PAGES} pages of ${PAGE}: listing stopped`,
    null,
  );
}

/**
 * The Kubernetes port over @kubernetes/client-node's generated AppsV1Api (and CoreV1Api for namespaces). The library takes its HTTP agent from
 * the authentication method (SecurityAuthentication.applySecurityAuthentication → context.setAgent), so ours sets
 * the bearer token and an HTTPS agent of the outbound guard carrying the cluster's CA and client certificate:
 * every connection is checked like any other user-given URL (OUTBOUND_ALLOW for private endpoints).
 */
export function createKubernetesConnector(http: Pick<GuardedHttp, 'httpsAgentWith'>): KubernetesConnector {
  return (connection: KubernetesConnection): KubernetesPort => {
    const { auth } = connection;
    const agent = http.httpsAgentWith({
      ca: connection.caCertificate,
      ...(auth.kind === 'client_certificate' ? { cert: auth.certificate, key: auth.key } : {}),
    });
    const guarded: SecurityAuthentication = {
      getName: () => 'finlens cluster credentials',
      applySecurityAuthentication(context: RequestContext) {
        if (auth.kind === 'token') context.setHeaderParam('Authorization', `Bearer ${auth.token}`);
        context.setAgent(agent);
      },
    };
    const configuration = createConfiguration({
      baseServer: new ServerConfiguration(connection.apiServerUrl.replace(/\/+$/, ''), {}),
      authMethods: { default: guarded },
    });
    const apps = new AppsV1Api(configuration);
    const core = new CoreV1Api(configuration);
    const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

    async function listPage(
      namespace: string,
      kind: WorkloadKind,
      labelSelector: string | undefined,
      token: string | undefined,
    ) {
      const request = {
        namespace,
        limit: PAGE,
        ...(labelSelector ? { labelSelector } : {}),
        ...(token ? { _continue: token } : {}),
      };
      return kind === 'deployment'
        ? apps.listNamespacedDeployment(request)
        : apps.listNamespacedStatefulSet(request);
    }

    async function readScale(ref: WorkloadRef): Promise<number> {
      const request = { name: ref.name, namespace: ref.namespace };
      const scale = await call(() =>
        ref.kind === 'deployment'
          ? apps.readNamespacedDeploymentScale(request)
          : apps.readNamespacedStatefulSetScale(request),
      );
      return scale.spec?.replicas ?? 0;
    }

    return {
      async check() {
        await call(() => apps.getAPIResources());
      },

      async listNamespaces() {
        const items = await everyPage((token) =>
          core.listNamespace({ limit: PAGE, ...(token ? { _continue: token } : {}) }),
        );
        return items.flatMap((item) => (item.metadata?.name ? [item.metadata.name] : [])).sort();
      },

      async listWorkloads(namespace, kind, labelSelector) {
        const items = await everyPage((token) =>
          listPage(namespace, kind, labelSelector ?? undefined, token),
        );
        return items.map(
          (item): ClusterWorkload => ({
            kind,
            namespace: item.metadata?.namespace ?? namespace,
            name: item.metadata?.name ?? '',
            replicas: item.spec?.replicas ?? 1,
            readyReplicas: item.status?.readyReplicas ?? 0,
            labels: item.metadata?.labels ?? {},
          }),
        );
      },

      readScale,

      async scale(ref, replicas) {
        const before = await readScale(ref);
        const request = { name: ref.name, namespace: ref.namespace, body: { spec: { replicas } } };
        const after = await call(() =>
          ref.kind === 'deployment'
            ? apps.patchNamespacedDeploymentScale(request, mergePatch)
            : apps.patchNamespacedStatefulSetScale(request, mergePatch),
        );
        return { before, after: after.spec?.replicas ?? replicas };
      },
    };
  };
}
