import { cloudAccountSchema } from '@finlens/contracts/cloud-accounts';
import { INVENTORY_PATHS } from '@finlens/contracts/inventory';
import {
  clusterListSchema,
  clusterSchema,
  KUBERNETES_PATHS as K,
  namespaceListSchema,
  workloadListSchema,
} from '@finlens/contracts/kubernetes';
import { SCHEDULER_PATHS, scheduleOverrideSchema, scheduleSchema } from '@finlens/contracts/scheduler';
import {
  type LoopbackKubernetes,
  startLoopbackKubernetes,
} from '@finlens/server/integrations/kubernetes/loopback-kubernetes.test-helper';
import {
  OTHER_KEY,
  TEST_CLIENT_CERT,
  TEST_CLIENT_KEY,
  TEST_CLUSTER_CA,
} from '@finlens/server/integrations/kubernetes/test-certificates.test-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS } from './billing-client';
import { expect400 } from './expect-400';
import { signUpVerified, useServerWithMail } from './identity-fixtures';

// Container scheduler (issue 24 item 4): clusters with write-only credentials, their live workloads through the
// real client (the loopback API server is allowed by the test server's OUTBOUND_ALLOW), workload schedules.

const context = useServerWithMail();
const TOKEN = 'sa-token-never-answered';
let api: LoopbackKubernetes;

beforeAll(async () => {
  api = await startLoopbackKubernetes({ token: TOKEN });
  api.put({ kind: 'deployment', namespace: 'shop', name: 'web', replicas: 3, labels: { app: 'web' } });
  api.put({ kind: 'statefulset', namespace: 'shop', name: 'queue', replicas: 2, labels: { tier: 'batch' } });
});
afterAll(async () => {
  await api?.close();
});

async function adminWithProject(label: string) {
  const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label });
  const created = await admin.session.post('/c/cloud_accounts/', {
    name: 'Dev',
    settings: AWS_TEST_SETTINGS,
  });
  return { s: admin.session, projectId: cloudAccountSchema.parse(created.body).id };
}

describe('Kubernetes clusters and workload schedules', () => {
  it('saves credentials it never answers, lists live workloads, schedules them, and refuses bad input naming the field', async () => {
    const { s, projectId } = await adminWithProject('kube');
    const input = {
      name: 'staging',
      project: projectId,
      api_server_url: `${api.url}/`,
      ca_certificate: TEST_CLUSTER_CA,
      token: TOKEN,
    };
    const created = await s.post(K.clusters, input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const cluster = clusterSchema.parse(created.body);
    expect(cluster).toMatchObject({ name: 'staging', api_server_url: api.url, auth_kind: 'token' });
    for (const answer of [
      created.body,
      (await s.get(K.cluster(cluster.id))).body,
      (await s.get(K.clusters)).body,
    ]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('BEGIN');
    }

    const workloads = await s.get(`${K.workloads(cluster.id)}?namespace=shop`);
    expect(workloads.status, JSON.stringify(workloads.body)).toBe(200);
    expect(workloadListSchema.parse(workloads.body).results.map((w) => [w.kind, w.name, w.replicas])).toEqual(
      [
        ['deployment', 'web', 3],
        ['statefulset', 'queue', 2],
      ],
    );
    const namespaces = await s.get(K.namespaces(cluster.id));
    expect(namespaces.status, JSON.stringify(namespaces.body)).toBe(200);
    expect(namespaceListSchema.parse(namespaces.body).results).toEqual(['shop']);
    const selected = await s.get(
      `${K.workloads(cluster.id)}?namespace=shop&kind=statefulset&label_selector=tier%3Dbatch`,
    );
    expect(workloadListSchema.parse(selected.body).results.map((w) => w.name)).toEqual(['queue']);

    // Switching to a client certificate keeps the CA; a key that is not the certificate's is refused.
    await expect400(
      s.request('PATCH', K.cluster(cluster.id), {
        body: { client_certificate: TEST_CLIENT_CERT, client_key: OTHER_KEY },
      }),
      'client_key',
    );
    const switched = await s.request('PATCH', K.cluster(cluster.id), {
      body: { client_certificate: TEST_CLIENT_CERT, client_key: TEST_CLIENT_KEY },
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(clusterSchema.parse(switched.body)).toMatchObject({
      auth_kind: 'client_certificate',
      client_certificate_subject: expect.stringContaining('CN=finlens-scheduler'),
    });
    expect((await s.get(`${K.workloads(cluster.id)}?namespace=shop&kind=deployment`)).status).toBe(200);

    // The cluster's own refusal is a 424 that says what it answered.
    await s.request('PATCH', K.cluster(cluster.id), { body: { token: 'revoked' } });
    const refused = await s.get(`${K.workloads(cluster.id)}?namespace=shop`);
    expect(refused.status).toBe(424);
    expect(JSON.stringify(refused.body)).toContain('401 Unauthorized');
    const noNamespaces = await s.get(K.namespaces(cluster.id));
    expect(noNamespaces.status).toBe(424);
    expect(JSON.stringify(noNamespaces.body)).toContain('401 Unauthorized');
    // …and the cluster says so until it answers again (an unreachable cluster is never skipped silently).
    expect(clusterSchema.parse((await s.get(K.cluster(cluster.id))).body).reach).toMatchObject({
      state: 'unreachable',
      error: expect.stringContaining('401 Unauthorized'),
    });
    await s.request('PATCH', K.cluster(cluster.id), { body: { token: TOKEN } });
    expect((await s.get(`${K.workloads(cluster.id)}?namespace=shop`)).status).toBe(200);
    const [listed] = clusterListSchema.parse((await s.get(K.clusters)).body).results;
    expect(listed?.reach.state).toBe('reachable');

    // Check connection asks the API server now (GET /apis/apps/v1) and answers the reach it recorded.
    await s.request('PATCH', K.cluster(cluster.id), { body: { token: 'revoked' } });
    const failing = await s.request('POST', K.check(cluster.id));
    expect(failing.status, JSON.stringify(failing.body)).toBe(200);
    expect(clusterSchema.parse(failing.body).reach).toMatchObject({
      state: 'unreachable',
      error: expect.stringContaining('401 Unauthorized'),
    });
    expect(clusterSchema.parse((await s.get(K.cluster(cluster.id))).body).reach.state).toBe('unreachable');
    await s.request('PATCH', K.cluster(cluster.id), { body: { token: TOKEN } });
    const asked = api.seen.length;
    const answered = clusterSchema.parse((await s.request('POST', K.check(cluster.id))).body);
    expect(answered.reach.state).toBe('reachable');
    expect(api.seen.slice(asked).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /apis/apps/v1']);

    await expect400(
      s.post(K.clusters, { ...input, api_server_url: 'http://kube.example.com' }),
      'api_server_url',
    );
    await expect400(
      s.post(K.clusters, { ...input, api_server_url: 'https://10.0.0.5:6443' }),
      'api_server_url',
    );
    await expect400(
      s.post(K.clusters, { ...input, api_server_url: 'https://169.254.169.254/' }),
      'api_server_url',
    );
    await expect400(s.post(K.clusters, { ...input, ca_certificate: 'not a certificate' }), 'ca_certificate');
    const { token: _t, ...noAuth } = input;
    await expect400(s.post(K.clusters, { ...noAuth, name: 'other' }), 'token');
    await expect400(
      s.post(K.clusters, {
        ...input,
        name: 'other',
        client_certificate: TEST_CLIENT_CERT,
        client_key: TEST_CLIENT_KEY,
      }),
      'token',
    );
    await expect400(
      s.post(K.clusters, { ...noAuth, name: 'other', client_certificate: TEST_CLIENT_CERT }),
      'client_key',
    );
    await expect400(s.post(K.clusters, { ...input, token: 'two words' }), 'token');
    await expect400(s.post(K.clusters, input), 'name');
    await expect400(s.get(`${K.workloads(cluster.id)}?namespace=Shop_1`), 'namespace');
    await expect400(
      s.get(`${K.workloads(cluster.id)}?namespace=shop&label_selector=a%3D%3D%3Db`),
      'label_selector',
    );

    // A schedule targets a named deployment and the statefulsets a selector matches.
    const schedule = await s.post(SCHEDULER_PATHS.schedules, {
      schedule_name: 'Staging office hours',
      project: projectId,
      workloads: [
        { cluster: cluster.id, namespace: 'shop', kind: 'deployment', name: 'web' },
        { cluster: cluster.id, namespace: 'shop', kind: 'statefulset', label_selector: 'tier=batch' },
      ],
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    expect(scheduleSchema.parse(schedule.body).workloads).toEqual([
      { cluster: cluster.id, namespace: 'shop', kind: 'deployment', name: 'web', label_selector: null },
      {
        cluster: cluster.id,
        namespace: 'shop',
        kind: 'statefulset',
        name: null,
        label_selector: 'tier=batch',
      },
    ]);
    // An edit that leaves workloads out (the resource scheduler's editor) keeps them.
    const scheduleId = scheduleSchema.parse(schedule.body).id;
    const renamed = await s.request('PATCH', SCHEDULER_PATHS.schedule(scheduleId), {
      body: { schedule_name: 'Staging hours', project: projectId },
    });
    expect(scheduleSchema.parse(renamed.body).workloads).toHaveLength(2);
    // One workload kept running (or stopped) by an override, named <cluster id>/<namespace>/<name>: the named
    // deployment, or any statefulset of the selector's namespace; another is a 400 naming resource.
    const until = new Date(Date.now() + 3_600_000).toISOString();
    for (const resource of [
      { kind: 'k8s-deployment', resource_id: `${cluster.id}/shop/web` },
      { kind: 'k8s-statefulset', resource_id: `${cluster.id}/shop/queue` },
    ]) {
      const kept = await s.post(SCHEDULER_PATHS.overrides(scheduleId), {
        action: 'keep_running',
        until,
        resource,
      });
      expect(kept.status, JSON.stringify(kept.body)).toBe(201);
      expect(scheduleOverrideSchema.parse(kept.body)).toMatchObject({ resource, running: true });
    }
    for (const resource_id of [`${cluster.id}/shop/api`, `${cluster.id}/other/web`, 'web', 'nope/shop/web'])
      await expect400(
        s.post(SCHEDULER_PATHS.overrides(scheduleId), {
          action: 'keep_running',
          until,
          resource: { kind: 'k8s-deployment', resource_id },
        }),
        'resource',
      );
    await expect400(
      s.post(SCHEDULER_PATHS.overrides(scheduleId), {
        action: 'stop',
        until,
        resource: { kind: 'k8s-daemonset', resource_id: `${cluster.id}/shop/web` },
      }),
      'resource.kind',
    );
    const target = { cluster: cluster.id, namespace: 'shop', kind: 'deployment', name: 'api' };
    const body = { schedule_name: 'Bad', project: projectId };
    await expect400(
      s.post(SCHEDULER_PATHS.schedules, { ...body, workloads: [{ ...target, cluster: 'nope' }] }),
      'workloads.0.cluster',
    );
    await expect400(
      s.post(SCHEDULER_PATHS.schedules, { ...body, workloads: [{ ...target, label_selector: 'app=api' }] }),
      'workloads.0.name',
    );
    await expect400(
      s.post(SCHEDULER_PATHS.schedules, { ...body, workloads: [{ ...target, name: null }] }),
      'workloads.0.name',
    );
    await expect400(
      s.post(SCHEDULER_PATHS.schedules, { ...body, workloads: [{ ...target, name: 'web' }] }),
      'workloads.0.name',
    );
    await expect400(
      s.post(SCHEDULER_PATHS.schedules, { ...body, workloads: [{ ...target, namespace: 'Shop' }] }),
      'workloads.0.namespace',
    );
    await expect400(
      s.post(SCHEDULER_PATHS.schedules, {
        ...body,
        workloads: [{ ...target, name: null, label_selector: 'tier in (a' }],
      }),
      'workloads.0.label_selector',
    );
    // A selector overlapping another enabled schedule's (a statefulset labelled tier=batch, app=queue would be
    // scaled by both) is refused, naming that schedule.
    const overlapping = await s.post(SCHEDULER_PATHS.schedules, {
      ...body,
      workloads: [{ ...target, kind: 'statefulset', name: null, label_selector: 'tier=batch,app=queue' }],
    });
    await expect400(Promise.resolve(overlapping), 'workloads.0.label_selector');
    const { errors } = overlapping.body as { errors: Record<string, string[]> };
    expect(errors['workloads.0.label_selector']?.[0]).toMatch(/^Overlaps "Staging hours"/);

    // In use by a schedule, the cluster stays; another client sees neither cluster nor its workloads.
    const removing = await s.request('DELETE', K.cluster(cluster.id));
    expect(removing.status).toBe(409);
    const other = await adminWithProject('kube-other');
    for (const path of [
      K.cluster(cluster.id),
      `${K.workloads(cluster.id)}?namespace=shop`,
      K.namespaces(cluster.id),
    ]) {
      expect((await other.s.get(path)).status).toBe(404);
    }
    expect((await other.s.request('PATCH', K.cluster(cluster.id), { body: { name: 'mine' } })).status).toBe(
      404,
    );
    expect((await other.s.request('DELETE', K.cluster(cluster.id))).status).toBe(404);
    expect((await other.s.get(K.clusters)).body).toEqual({ results: [] });
    await expect400(
      other.s.post(SCHEDULER_PATHS.schedules, { ...body, project: other.projectId, workloads: [target] }),
      'workloads.0.cluster',
    );
    await expect400(
      other.s.post(K.clusters, { ...input, project: other.projectId, api_server_url: 'https://[::1]:6443' }),
      'api_server_url',
    );
  });

  it('registers the clusters of a scenario loaded through PUT …/scenario/ as simulated, as finlens demo does', async () => {
    const { s, projectId } = await adminWithProject('kube-scenario');
    const scenario = (replicas: number) => ({
      version: 1,
      regions: [{ name: 'us-east-1' }],
      accounts: [{ accountId: AWS_TEST_SETTINGS.account_id }],
      kubernetes: {
        clusters: [
          {
            name: 'sim-shop',
            workloads: [
              { namespace: 'shop', kind: 'deployment', name: 'web', replicas, labels: { app: 'web' } },
              { namespace: 'batch', kind: 'statefulset', name: 'queue', replicas: 1 },
            ],
          },
        ],
      },
    });
    const loaded = await s.request('PUT', INVENTORY_PATHS.scenario(projectId), { body: scenario(3) });
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
    expect(loaded.body).toMatchObject({ kubernetes_clusters: 1 });
    const [cluster, ...more] = clusterListSchema.parse((await s.get(K.clusters)).body).results;
    expect(more).toEqual([]);
    expect(cluster).toMatchObject({
      name: 'sim-shop',
      project: projectId,
      simulated: true,
      api_server_url: 'simulated://sim-shop',
    });
    const id = cluster?.id as string;
    // Its namespaces come from the scenario, as a real cluster's from GET /api/v1/namespaces.
    const namespaces = await s.get(K.namespaces(id));
    expect(namespaces.status, JSON.stringify(namespaces.body)).toBe(200);
    expect(namespaceListSchema.parse(namespaces.body).results).toEqual(['batch', 'shop']);
    const workloads = await s.get(`${K.workloads(id)}?namespace=shop`);
    expect(workloads.status, JSON.stringify(workloads.body)).toBe(200);
    expect(workloadListSchema.parse(workloads.body).results.map((w) => [w.kind, w.name, w.replicas])).toEqual(
      [['deployment', 'web', 3]],
    );
    // Loading it again keeps the cluster's id (schedules still target it) and answers the new scenario.
    await s.request('PUT', INVENTORY_PATHS.scenario(projectId), { body: scenario(5) });
    expect(clusterListSchema.parse((await s.get(K.clusters)).body).results.map((c) => c.id)).toEqual([id]);
    const again = workloadListSchema.parse((await s.get(`${K.workloads(id)}?namespace=shop`)).body);
    expect(again.results.map((w) => w.replicas)).toEqual([5]);
    // A simulated cluster is the scenario's to change.
    expect((await s.request('PATCH', K.cluster(id), { body: { name: 'renamed' } })).status).toBe(409);
  });
});
