import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createKubernetesConnector } from '../../integrations/kubernetes/kubernetes-client';
import {
  type LoopbackKubernetes,
  startLoopbackKubernetes,
} from '../../integrations/kubernetes/loopback-kubernetes.test-helper';
import { TEST_CLUSTER_CA } from '../../integrations/kubernetes/test-certificates.test-helper';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { createCostScopes } from '../../warehouse/cost-scope';
import { createKubernetesClustersRepo } from '../kubernetes-clusters/kubernetes-clusters.repo';
import { createKubernetesClustersService } from '../kubernetes-clusters/kubernetes-clusters.service';
import { createReconciler } from './reconciler';
import { createReconcilerRepo } from './reconciler.repo';
import { createSchedulerRepo, type ScheduleValues } from './scheduler.repo';
import { scheduleActionLog, scheduleValues } from './scheduler.test-helper';

// Issue 24 item 4: workloads on a Kubernetes cluster (the loopback API server, reached by the real client
// through the outbound guard) scaled to zero for the weekend and back on Monday by two reconcilers at once.

const MIN = 60_000;
const TICK = 60 * MIN;
const TOKEN = 'scheduler-token';
const FRIDAY_EVENING = Date.parse('2026-01-09T17:00:00Z'); // Europe/Berlin is UTC+1 in January
const MONDAY_NOON = Date.parse('2026-01-12T12:00:00Z');

describe('the reconciler over Kubernetes workloads', () => {
  let database: MigratedTestDatabase;
  let api: LoopbackKubernetes;

  beforeAll(async () => {
    database = await openMigratedTestDatabase('workloads');
    api = await startLoopbackKubernetes({ token: TOKEN });
  });
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  /** A client and project with the loopback API server added as its cluster (token auth). */
  async function kubeProject(name: string) {
    const db = database.db;
    const { clientId, projectId } = await insertClientAndProject(db, name);
    const secretBox = createSecretBox('k'.repeat(32));
    const clusters = createKubernetesClustersService({
      repo: createKubernetesClustersRepo({ db }),
      scopes: createCostScopes({ db }),
      secretBox,
      refusedReason: async () => null,
      connect: createKubernetesConnector(testGuardedHttp()),
    });
    const clusterId = crypto.randomUUID();
    await createKubernetesClustersRepo({ db }).insert(
      clusterId,
      {
        client_id: clientId,
        project_id: projectId,
        name: 'staging',
        api_server_url: api.url,
        auth_kind: 'token',
        ca_fingerprint: 'x',
        client_certificate_subject: null,
        client_certificate_expires_at: null,
        credentials_sealed: secretBox.seal(
          JSON.stringify({ ca: TEST_CLUSTER_CA, token: TOKEN }),
          `kubernetes_clusters:${clusterId}`,
        ),
      },
      null,
    );
    const schedules = createSchedulerRepo({ db });
    /** A Europe/Berlin office-hours schedule of the given workloads (the helper's default grid). */
    const scheduleOf = (scheduleName: string, workloads: ScheduleValues['workloads']) =>
      schedules.insert(
        scheduleValues(clientId, projectId, { name: scheduleName, time_zone: 'Europe/Berlin', workloads }),
        null,
      );
    return { db, clusters, clusterId, schedules, scheduleOf };
  }

  it('scales to zero at Friday’s stop and back to the saved replicas on Monday, once, reporting drift once', async () => {
    const { db, clusters, clusterId, schedules, scheduleOf } = await kubeProject('Kube');
    api.put({ kind: 'deployment', namespace: 'shop', name: 'web', replicas: 3, labels: { app: 'web' } });
    api.put({
      kind: 'statefulset',
      namespace: 'shop',
      name: 'queue',
      replicas: 2,
      labels: { tier: 'batch' },
    });
    api.put({ kind: 'statefulset', namespace: 'shop', name: 'db', replicas: 1, labels: { tier: 'data' } });

    const scheduleId = await scheduleOf('Office hours', [
      { cluster: clusterId, namespace: 'shop', kind: 'deployment', name: 'web', label_selector: null },
      {
        cluster: clusterId,
        namespace: 'shop',
        kind: 'statefulset',
        name: null,
        label_selector: 'tier=batch',
      },
    ]);

    let now = FRIDAY_EVENING;
    const notices: string[] = [];
    const process = () =>
      createReconciler({
        schedules,
        repo: createReconcilerRepo({ db }),
        inventory: { resources: async () => [] },
        targets: { resolve: async () => null },
        workloads: clusters,
        notify: async (payload, key) => {
          notices.push(`${key}: ${payload.subject}`);
        },
        now: () => new Date(now),
        tickMs: TICK,
      });
    const [one, two] = [process(), process()];
    const tickUntil = async (end: number, during?: (t: number) => void) => {
      for (; now <= end; now += TICK) {
        during?.(now);
        await Promise.all([one.tick(), two.tick()]);
      }
    };

    // Friday 20:00 Berlin is 19:00 UTC: both workloads go to zero, the data statefulset the selector skips does not.
    await tickUntil(Date.parse('2026-01-09T19:00:00Z'));
    expect(api.replicas('deployment', 'shop', 'web')).toBe(0);
    expect(api.replicas('statefulset', 'shop', 'queue')).toBe(0);
    expect(api.replicas('statefulset', 'shop', 'db')).toBe(1);
    const saved = await db
      .selectFrom('scheduler_saved_sizes')
      .select(['kind', 'resource_id', 'desired_size'])
      .orderBy('resource_id')
      .execute();
    expect(saved).toEqual([
      { kind: 'k8s-statefulset', resource_id: 'queue', desired_size: 2 },
      { kind: 'k8s-deployment', resource_id: 'web', desired_size: 3 },
    ]);

    // Across Sunday → Monday (the week wraps at 168): Monday 08:00 Berlin = 07:00 UTC restores 3 and 2.
    await tickUntil(Date.parse('2026-01-12T06:00:00Z'));
    expect(api.replicas('deployment', 'shop', 'web')).toBe(0);
    await tickUntil(Date.parse('2026-01-12T07:00:00Z'));
    expect(api.replicas('deployment', 'shop', 'web')).toBe(3);
    expect(api.replicas('statefulset', 'shop', 'queue')).toBe(2);

    // Someone scales web to zero inside its window: drift, reported once, left as it is (not enforced).
    await tickUntil(MONDAY_NOON, (t) => {
      if (t === Date.parse('2026-01-12T09:00:00Z')) {
        api.put({ kind: 'deployment', namespace: 'shop', name: 'web', replicas: 0, labels: { app: 'web' } });
      }
    });
    expect(api.replicas('deployment', 'shop', 'web')).toBe(0);

    const patches = api.seen.filter((r) => r.method === 'PATCH');
    expect(
      patches.map((r) => [r.path.split('/')[7], (r.body as { spec: { replicas: number } }).spec.replicas]),
    ).toEqual([
      ['web', 0],
      ['queue', 0],
      ['web', 3],
      ['queue', 2],
    ]);
    const log = await scheduleActionLog(db, scheduleId);
    expect(log).toEqual([
      {
        kind: 'k8s-deployment',
        resource_id: 'web',
        account_id: clusterId,
        region: 'shop',
        action: 'scale',
        outcome: 'succeeded',
        state_before: '3 replicas',
        state_after: '0 replicas',
      },
      {
        kind: 'k8s-statefulset',
        resource_id: 'queue',
        account_id: clusterId,
        region: 'shop',
        action: 'scale',
        outcome: 'succeeded',
        state_before: '2 replicas',
        state_after: '0 replicas',
      },
      {
        kind: 'k8s-deployment',
        resource_id: 'web',
        account_id: clusterId,
        region: 'shop',
        action: 'scale',
        outcome: 'succeeded',
        state_before: '0 replicas',
        state_after: '3 replicas',
      },
      {
        kind: 'k8s-statefulset',
        resource_id: 'queue',
        account_id: clusterId,
        region: 'shop',
        action: 'scale',
        outcome: 'succeeded',
        state_before: '0 replicas',
        state_after: '2 replicas',
      },
      {
        kind: 'k8s-deployment',
        resource_id: 'web',
        account_id: clusterId,
        region: 'shop',
        action: 'none',
        outcome: 'drift',
        state_before: '0 replicas',
        state_after: null,
      },
    ]);
    expect(notices).toEqual([expect.stringMatching(/: web was stopped inside its schedule$/)]);

    // The API server failing at a tick: nothing is scaled, and the cluster keeps the failure for its page;
    // the next answered tick clears it.
    const reach = async () => {
      const row = await createKubernetesClustersRepo({ db }).get(clusterId);
      const failed = row?.failed_at ? new Date(row.failed_at).getTime() : 0;
      const reached = row?.reached_at ? new Date(row.reached_at).getTime() : 0;
      return { unreachable: failed > reached, error: row?.last_error ?? null };
    };
    expect(await reach()).toEqual({ unreachable: false, error: null });
    api.fail({ code: 503, reason: 'ServiceUnavailable' }, { code: 503, reason: 'ServiceUnavailable' });
    await one.tick();
    expect(await reach()).toEqual({ unreachable: true, error: expect.stringContaining('503') });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await one.tick();
    expect((await reach()).unreachable).toBe(false);
  });

  it('keeps a workload an override names (cluster/namespace/name) running through the stop; its neighbours stop', async () => {
    const { db, clusters, clusterId, schedules, scheduleOf } = await kubeProject('Kube overrides');
    api.put({ kind: 'deployment', namespace: 'ops', name: 'web', replicas: 2, labels: { app: 'web' } });
    api.put({ kind: 'deployment', namespace: 'ops', name: 'worker', replicas: 4, labels: { app: 'worker' } });
    const scheduleId = await scheduleOf('Ops office hours', [
      { cluster: clusterId, namespace: 'ops', kind: 'deployment', name: null, label_selector: 'app' },
    ]);
    // worker keeps running until Saturday 10:00 UTC (a release over the weekend), then stops with the schedule.
    await schedules.insertOverride({
      schedule_id: scheduleId,
      resource_kind: 'k8s-deployment',
      resource_id: `${clusterId}/ops/worker`,
      running: true,
      starts_at: new Date(FRIDAY_EVENING),
      ends_at: new Date('2026-01-10T10:00:00Z'),
      created_by: null,
    });
    let now = FRIDAY_EVENING;
    const reconciler = createReconciler({
      schedules,
      repo: createReconcilerRepo({ db }),
      inventory: { resources: async () => [] },
      targets: { resolve: async () => null },
      workloads: clusters,
      notify: async () => undefined,
      now: () => new Date(now),
      tickMs: TICK,
    });
    const tickUntil = async (end: number) => {
      for (; now <= end; now += TICK) await reconciler.tick();
    };
    await tickUntil(Date.parse('2026-01-09T19:00:00Z'));
    expect(api.replicas('deployment', 'ops', 'web')).toBe(0);
    expect(api.replicas('deployment', 'ops', 'worker')).toBe(4);
    await tickUntil(Date.parse('2026-01-10T09:00:00Z'));
    expect(api.replicas('deployment', 'ops', 'worker')).toBe(4);
    await tickUntil(Date.parse('2026-01-10T10:00:00Z'));
    expect(api.replicas('deployment', 'ops', 'worker')).toBe(0);
    const causes = await db
      .selectFrom('scheduler_actions')
      .select(['resource_id', 'cause'])
      .where('schedule_id', '=', scheduleId)
      .where('action', '=', 'scale')
      .orderBy('performed_at')
      .execute();
    expect(causes).toEqual([
      { resource_id: 'web', cause: 'schedule' },
      { resource_id: 'worker', cause: 'schedule' },
    ]);
  });

  it('reads no drift into a listing another process overtook: its scale-up lands between the listing and the log', async () => {
    const { db, clusters, clusterId, schedules, scheduleOf } = await kubeProject('Kube race');
    api.put({ kind: 'deployment', namespace: 'race', name: 'api', replicas: 2, labels: { app: 'api' } });
    const scheduleId = await scheduleOf('Race office hours', [
      { cluster: clusterId, namespace: 'race', kind: 'deployment', name: 'api', label_selector: null },
    ]);
    let now = FRIDAY_EVENING;
    const notices: string[] = [];
    const reconcilerWith = (workloads: typeof clusters) =>
      createReconciler({
        schedules,
        repo: createReconcilerRepo({ db }),
        inventory: { resources: async () => [] },
        targets: { resolve: async () => null },
        workloads,
        notify: async (payload) => {
          notices.push(payload.subject);
        },
        now: () => new Date(now),
        tickMs: TICK,
      });
    const one = reconcilerWith(clusters);
    // The second process's listing of the namespace: once armed, the first process's whole tick runs after the
    // cluster answered it (the other tests' schedules share the database and are listed too).
    let overtake = false;
    const two = reconcilerWith({
      ...clusters,
      ports: async (ids) => {
        const ports = await clusters.ports(ids);
        return new Map(
          [...ports].map(([id, cluster]) => [
            id,
            {
              ...cluster,
              port: {
                ...cluster.port,
                listWorkloads: async (...args: Parameters<typeof cluster.port.listWorkloads>) => {
                  const listed = await cluster.port.listWorkloads(...args);
                  if (overtake && args[0] === 'race') {
                    overtake = false;
                    await one.tick();
                  }
                  return listed;
                },
              },
            },
          ]),
        );
      },
    });
    for (; now <= Date.parse('2026-01-09T19:00:00Z'); now += TICK) await one.tick();
    expect(api.replicas('deployment', 'race', 'api')).toBe(0);
    for (; now < Date.parse('2026-01-12T07:00:00Z'); now += TICK) await one.tick();
    // Monday 07:00 UTC: the second process lists api at 0 replicas, then the first scales it back to 2.
    overtake = true;
    await two.tick();
    expect(api.replicas('deployment', 'race', 'api')).toBe(2);
    const outcomes = await db
      .selectFrom('scheduler_actions')
      .select(['action', 'outcome'])
      .where('schedule_id', '=', scheduleId)
      .orderBy('performed_at')
      .execute();
    expect(outcomes).toEqual([
      { action: 'scale', outcome: 'succeeded' },
      { action: 'scale', outcome: 'succeeded' },
    ]);
    expect(notices.filter((n) => n.startsWith('api '))).toEqual([]);
  });
});
