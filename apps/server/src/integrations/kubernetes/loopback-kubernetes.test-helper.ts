import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { WorkloadKind } from '@finlens/contracts/kubernetes';
import { TEST_CLUSTER_CA, TEST_SERVER_CERT, TEST_SERVER_KEY } from './test-certificates.test-helper';

interface StoredWorkload {
  kind: WorkloadKind;
  namespace: string;
  name: string;
  labels: Record<string, string>;
  replicas: number;
}

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | null;
  body: unknown;
}

const PLURAL: Record<string, WorkloadKind> = { deployments: 'deployment', statefulsets: 'statefulset' };
const LIST_KIND: Record<WorkloadKind, string> = {
  deployment: 'DeploymentList',
  statefulset: 'StatefulSetList',
};
const ITEM_KIND: Record<WorkloadKind, string> = { deployment: 'Deployment', statefulset: 'StatefulSet' };

/** The `labelSelector` query (equality- and set-based requirements) against one workload's labels. */
function matches(selector: string, labels: Record<string, string>): boolean {
  return selector
    .split(/,(?![^(]*\))/)
    .map((part) => part.trim())
    .every((req) => {
      const set = /^(\S+)\s+(in|notin)\s*\((.*)\)$/.exec(req);
      if (set) {
        const values = (set[3] ?? '').split(',').map((v) => v.trim());
        const has = values.includes(labels[set[1] as string] ?? '\0');
        return set[2] === 'in' ? has : !has;
      }
      const eq = /^([^!=\s]+)\s*(==|=|!=)\s*(.*)$/.exec(req);
      if (eq) return (labels[eq[1] as string] === eq[3]) === (eq[2] !== '!=');
      return req.startsWith('!') ? !(req.slice(1) in labels) : req in labels;
    });
}

function status(code: number, reason: string, message: string) {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

/**
 * A loopback HTTPS server answering the documented apps/v1 calls the Kubernetes port makes: the group's resource
 * list (GET /apis/apps/v1), the namespaces of its workloads (GET /api/v1/namespaces, limit and continue pages),
 * list Deployments / StatefulSets of a namespace (labelSelector, limit and continue pages), GET and merge-PATCH their scale subresource (autoscaling/v1 Scale), with a bearer token or a client
 * certificate signed by the test CA, and Status bodies for 401, 404, 415 and injected faults. It records every request.
 */
export async function startLoopbackKubernetes({
  token,
  pageSize = 500,
}: {
  token: string;
  pageSize?: number;
}) {
  const workloads = new Map<string, StoredWorkload>();
  const seen: SeenRequest[] = [];
  const faults: { code: number; reason: string }[] = [];
  let version = 100;
  /** Every list page names a next one (a broken or hostile server): see `endlessPages`. */
  let endless = false;
  const keyOf = (kind: WorkloadKind, namespace: string, name: string) => `${kind}/${namespace}/${name}`;

  const toItem = (w: StoredWorkload) => ({
    apiVersion: 'apps/v1',
    kind: ITEM_KIND[w.kind],
    metadata: { name: w.name, namespace: w.namespace, labels: w.labels, resourceVersion: String(version) },
    spec: { replicas: w.replicas, selector: { matchLabels: w.labels } },
    status: { replicas: w.replicas, readyReplicas: w.replicas, availableReplicas: w.replicas },
  });
  const toScale = (w: StoredWorkload) => ({
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: w.name, namespace: w.namespace, resourceVersion: String(version) },
    spec: { replicas: w.replicas },
    status: {
      replicas: w.replicas,
      selector: Object.entries(w.labels)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
    },
  });

  /** One page of a list call: `limit` items from the `continue` offset, and the next offset while more remain. */
  function pageOf<T>(all: readonly T[], url: URL, item: (value: T) => unknown) {
    // A server may answer fewer items than `limit` asks; `pageSize` makes this one do so.
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 0) || all.length, pageSize);
    const from = Number(url.searchParams.get('continue') ?? 0);
    const next = endless || from + limit < all.length ? String(from + limit) : undefined;
    return {
      metadata: { resourceVersion: String(version), ...(next ? { continue: next } : {}) },
      items: all.slice(from, from + limit).map(item),
    };
  }

  const server: Server = createServer(
    {
      key: TEST_SERVER_KEY,
      cert: TEST_SERVER_CERT,
      ca: TEST_CLUSTER_CA,
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'https://loopback');
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = text === '' ? null : JSON.parse(text);
        } catch {
          body = text;
        }
        const contentType = req.headers['content-type'] ?? null;
        seen.push({
          method: req.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          contentType,
          body,
        });
        const reply = (code: number, answer: unknown) => {
          res.writeHead(code, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        };
        const byCert = (req.socket as TLSSocket).authorized;
        if (!byCert && req.headers.authorization !== `Bearer ${token}`) {
          return reply(401, status(401, 'Unauthorized', 'Unauthorized'));
        }
        const fault = faults.shift();
        if (fault) return reply(fault.code, status(fault.code, fault.reason, `injected ${fault.reason}`));
        if (/^\/apis\/apps\/v1\/?$/.test(url.pathname) && req.method === 'GET') {
          return reply(200, {
            kind: 'APIResourceList',
            apiVersion: 'v1',
            groupVersion: 'apps/v1',
            resources: (['deployment', 'statefulset'] as const).flatMap((kind) => [
              { name: `${kind}s`, namespaced: true, kind: ITEM_KIND[kind], verbs: ['get', 'list', 'patch'] },
              { name: `${kind}s/scale`, namespaced: true, kind: 'Scale', verbs: ['get', 'patch'] },
            ]),
          });
        }
        if (url.pathname === '/api/v1/namespaces' && req.method === 'GET') {
          const all = [...new Set([...workloads.values()].map((w) => w.namespace))].sort();
          return reply(200, {
            kind: 'NamespaceList',
            apiVersion: 'v1',
            ...pageOf(all, url, (name) => ({
              metadata: { name, resourceVersion: String(version) },
              status: { phase: 'Active' },
            })),
          });
        }
        const route =
          /^\/apis\/apps\/v1\/namespaces\/([^/]+)\/(deployments|statefulsets)(?:\/([^/]+)\/(scale))?$/.exec(
            url.pathname,
          );
        const kind = route && PLURAL[route[2] as string];
        if (!route || !kind)
          return reply(404, status(404, 'NotFound', 'the server could not find the requested resource'));
        const namespace = route[1] as string;
        if (route[4] === undefined && req.method === 'GET') {
          const selector = url.searchParams.get('labelSelector');
          const all = [...workloads.values()]
            .filter((w) => w.kind === kind && w.namespace === namespace)
            .filter((w) => !selector || matches(selector, w.labels))
            .sort((a, b) => a.name.localeCompare(b.name));
          return reply(200, { kind: LIST_KIND[kind], apiVersion: 'apps/v1', ...pageOf(all, url, toItem) });
        }
        const name = route[3] as string;
        const workload = workloads.get(keyOf(kind, namespace, name));
        if (!workload) return reply(404, status(404, 'NotFound', `${route[2]}.apps "${name}" not found`));
        if (req.method === 'GET') return reply(200, toScale(workload));
        if (req.method === 'PATCH') {
          if (contentType !== 'application/merge-patch+json') {
            return reply(
              415,
              status(415, 'UnsupportedMediaType', `the body of the request was in an unknown format`),
            );
          }
          const replicas = (body as { spec?: { replicas?: unknown } } | null)?.spec?.replicas;
          if (typeof replicas !== 'number' || replicas < 0) {
            return reply(422, status(422, 'Invalid', 'spec.replicas: Invalid value'));
          }
          workload.replicas = replicas;
          version += 1;
          return reply(200, toScale(workload));
        }
        return reply(405, status(405, 'MethodNotAllowed', 'method not allowed'));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    seen,
    put(w: {
      kind: WorkloadKind;
      namespace: string;
      name: string;
      replicas: number;
      labels?: Record<string, string>;
    }) {
      workloads.set(keyOf(w.kind, w.namespace, w.name), { labels: {}, ...w });
    },
    replicas(kind: WorkloadKind, namespace: string, name: string): number | undefined {
      return workloads.get(keyOf(kind, namespace, name))?.replicas;
    },
    /** While on, every list page carries a continue token, however few items remain. */
    endlessPages(on: boolean) {
      endless = on;
    },
    /** The next requests (after authentication) answer these Status errors, in order. */
    fail(...codes: { code: number; reason: string }[]) {
      faults.push(...codes);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LoopbackKubernetes = Awaited<ReturnType<typeof startLoopbackKubernetes>>;
