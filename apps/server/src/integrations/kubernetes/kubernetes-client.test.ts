import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedHttp } from '../../platform/outbound/guarded-http';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { createKubernetesConnector, MAX_PAGES } from './kubernetes-client';
import { KubernetesApiError, type KubernetesConnection } from './kubernetes-port';
import { type LoopbackKubernetes, startLoopbackKubernetes } from './loopback-kubernetes.test-helper';
import {
  OTHER_CA,
  TEST_CLIENT_CERT,
  TEST_CLIENT_KEY,
  TEST_CLUSTER_CA,
} from './test-certificates.test-helper';

// The real @kubernetes/client-node calls, through the outbound guard (loopback allowed as in every test), against
// a loopback API server answering the documented apps/v1 list and scale subresource calls.

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.test-service-account';
let api: LoopbackKubernetes;
let connection: KubernetesConnection;
const connect = createKubernetesConnector(testGuardedHttp());

beforeAll(async () => {
  api = await startLoopbackKubernetes({ token: TOKEN, pageSize: 3 });
  connection = {
    apiServerUrl: api.url,
    caCertificate: TEST_CLUSTER_CA,
    auth: { kind: 'token', token: TOKEN },
  };
  for (let i = 0; i < 7; i += 1) {
    api.put({
      kind: 'deployment',
      namespace: 'shop',
      name: `svc-${i}`,
      replicas: i + 1,
      labels: { app: `svc-${i}`, tier: i % 2 ? 'api' : 'worker' },
    });
  }
  api.put({ kind: 'statefulset', namespace: 'shop', name: 'db', replicas: 3, labels: { app: 'db' } });
  api.put({ kind: 'deployment', namespace: 'other', name: 'elsewhere', replicas: 2 });
  api.put({ kind: 'statefulset', namespace: 'z-tools', name: 'vault', replicas: 1 });
  api.put({ kind: 'deployment', namespace: 'a-batch', name: 'etl', replicas: 1 });
});
afterAll(async () => {
  await api?.close();
});

describe('the Kubernetes port over @kubernetes/client-node', () => {
  it('lists the cluster’s namespaces across pages (GET /api/v1/namespaces), sorted', async () => {
    const asked = api.seen.length;
    expect(await connect(connection).listNamespaces()).toEqual(['a-batch', 'other', 'shop', 'z-tools']);
    const calls = api.seen.slice(asked).filter((r) => r.path === '/api/v1/namespaces');
    // Four namespaces in pages of three: the first page's continue token asks for the fourth.
    expect(calls.map((r) => r.query)).toEqual([{ limit: '500' }, { limit: '500', continue: '3' }]);
    const refused = connect({ ...connection, auth: { kind: 'token', token: 'revoked' } });
    await expect(refused.listNamespaces()).rejects.toMatchObject({ status: 401 });
  });

  it('stops listing after MAX_PAGES pages when the server names a next page forever', async () => {
    const port = connect(connection);
    api.endlessPages(true);
    try {
      for (const [path, list] of [
        ['/api/v1/namespaces', () => port.listNamespaces()],
        ['/apis/apps/v1/namespaces/other/deployments', () => port.listWorkloads('other', 'deployment')],
      ] as const) {
        const asked = api.seen.length;
        await expect(list()).rejects.toThrow(`after ${MAX_PAGES} pages`);
        expect(api.seen.slice(asked).filter((r) => r.path === path)).toHaveLength(MAX_PAGES);
      }
    } finally {
      api.endlessPages(false);
    }
  });

  it('lists a namespace’s deployments across pages, and statefulsets, with the bearer token', async () => {
    const port = connect(connection);
    const deployments = await port.listWorkloads('shop', 'deployment');
    expect(deployments.map((d) => [d.name, d.replicas])).toEqual(
      Array.from({ length: 7 }, (_, i) => [`svc-${i}`, i + 1]),
    );
    expect(deployments[1]).toMatchObject({
      kind: 'deployment',
      namespace: 'shop',
      labels: { app: 'svc-1', tier: 'api' },
    });
    const statefulsets = await port.listWorkloads('shop', 'statefulset');
    expect(statefulsets.map((s) => s.name)).toEqual(['db']);
    const lists = api.seen.filter((r) => r.path === '/apis/apps/v1/namespaces/shop/deployments');
    // Seven deployments in pages of three: the continue token of each page asks for the next.
    expect(lists.map((r) => r.query)).toEqual([
      { limit: '500' },
      { limit: '500', continue: '3' },
      { limit: '500', continue: '6' },
    ]);
  });

  it('passes the label selector', async () => {
    const port = connect(connection);
    const before = api.seen.length;
    const selected = await port.listWorkloads('shop', 'deployment', 'tier in (api),app!=svc-3');
    expect(selected.map((d) => d.name)).toEqual(['svc-1', 'svc-5']);
    expect(api.seen.slice(before)[0]?.query.labelSelector).toBe('tier in (api),app!=svc-3');
  });

  it('reads and merge-patches the scale subresource of deployments and statefulsets', async () => {
    const port = connect(connection);
    expect(await port.readScale({ kind: 'deployment', namespace: 'shop', name: 'svc-2' })).toBe(3);
    expect(await port.scale({ kind: 'deployment', namespace: 'shop', name: 'svc-2' }, 0)).toEqual({
      before: 3,
      after: 0,
    });
    expect(api.replicas('deployment', 'shop', 'svc-2')).toBe(0);
    const patch = api.seen.findLast((r) => r.method === 'PATCH');
    expect(patch).toMatchObject({
      path: '/apis/apps/v1/namespaces/shop/deployments/svc-2/scale',
      contentType: 'application/merge-patch+json',
      body: { spec: { replicas: 0 } },
    });
    expect(await port.scale({ kind: 'statefulset', namespace: 'shop', name: 'db' }, 1)).toEqual({
      before: 3,
      after: 1,
    });
    expect(api.seen.findLast((r) => r.method === 'PATCH')?.path).toBe(
      '/apis/apps/v1/namespaces/shop/statefulsets/db/scale',
    );
  });

  it('authenticates with a client certificate signed by the cluster CA', async () => {
    const port = connect({
      ...connection,
      auth: { kind: 'client_certificate', certificate: TEST_CLIENT_CERT, key: TEST_CLIENT_KEY },
    });
    expect((await port.listWorkloads('other', 'deployment')).map((d) => d.name)).toEqual(['elsewhere']);
  });

  it('answers the API server’s refusals as errors with their status and reason', async () => {
    const wrong = connect({ ...connection, auth: { kind: 'token', token: 'wrong' } });
    await expect(wrong.listWorkloads('shop', 'deployment')).rejects.toMatchObject({
      status: 401,
      message: expect.stringContaining('Unauthorized'),
    });
    const port = connect(connection);
    await expect(
      port.readScale({ kind: 'deployment', namespace: 'shop', name: 'missing' }),
    ).rejects.toMatchObject({ status: 404 });
    api.fail({ code: 429, reason: 'TooManyRequests' });
    const error = await port.listWorkloads('shop', 'deployment').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KubernetesApiError);
    expect((error as KubernetesApiError).message).toMatch(/^429 TooManyRequests/);
  });

  it('checks the connection with the group’s resource list: answered, refused, or stopped by the guard', async () => {
    const before = api.seen.length;
    await expect(connect(connection).check()).resolves.toBeUndefined();
    expect(api.seen.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /apis/apps/v1']);
    await expect(
      connect({ ...connection, auth: { kind: 'token', token: 'wrong' } }).check(),
    ).rejects.toMatchObject({ status: 401, message: expect.stringContaining('Unauthorized') });
    const unguarded = api.seen.length;
    const guarded = createKubernetesConnector(createGuardedHttp([]))(connection);
    await expect(guarded.check()).rejects.toThrow(/refused: 127\.0\.0\.1 is a loopback address/);
    expect(api.seen.length).toBe(unguarded);
  });

  it('trusts only the cluster’s CA', async () => {
    const port = connect({ ...connection, caCertificate: OTHER_CA });
    const error = (await port
      .listWorkloads('shop', 'deployment')
      .catch((e: unknown) => e)) as KubernetesApiError;
    expect(error.status).toBeNull();
    expect(error.message).toMatch(/certificate/i);
  });

  it('never reaches a loopback API server unless the operator allows it', async () => {
    const port = createKubernetesConnector(createGuardedHttp([]))(connection);
    const before = api.seen.length;
    const error = (await port
      .listWorkloads('shop', 'deployment')
      .catch((e: unknown) => e)) as KubernetesApiError;
    expect(error.message).toMatch(/refused: 127\.0\.0\.1 is a loopback address/);
    expect(api.seen.length).toBe(before);
  });
});
