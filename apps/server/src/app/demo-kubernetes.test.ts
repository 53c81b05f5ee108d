import { kubernetesScenario, planEksNodes } from '@finlens/fixtures/demo/eks-split';
import { derivePrng } from '@finlens/fixtures/demo/prng';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../db/test-app-database';
import { createInventoryRepo } from '../features/inventory/inventory.repo';
import { createKubernetesClustersRepo } from '../features/kubernetes-clusters/kubernetes-clusters.repo';
import { createReconciler } from '../features/scheduler/reconciler';
import { createReconcilerRepo } from '../features/scheduler/reconciler.repo';
import { createSchedulerRepo } from '../features/scheduler/scheduler.repo';
import { scheduleActionLog, scheduleValues } from '../features/scheduler/scheduler.test-helper';
import { manualClock } from '../integrations/cloud/simulated/sim-clock';
import type { ClientCaller } from '../platform/auth/caller';
import { kubernetesClustersFor } from './register-kubernetes-clusters';

// Issue 24 items 4 and 8: the demo's two EKS clusters, simulated from the cloud scenario's kubernetes section
// (the demo generator's, demo-sized), registered for the project as `finlens demo` does; a workload schedule
// scales a deployment to zero at its stop and back at its start through the reconciler, on the cloud's clock.

const HOUR = 3_600_000;
const MONDAY_EVENING = Date.parse('2026-03-02T18:00:00Z');

describe('the demo’s simulated Kubernetes clusters', () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('demo-kubernetes');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('list the scenario’s workloads, and a schedule scales one to zero at stop and back at start', async () => {
    const db = database.db;
    const { clientId, projectId } = await insertClientAndProject(db, 'Demo');
    const kubernetes = kubernetesScenario(planEksNodes(derivePrng(7, 'eks'), 1));
    const scenario = {
      version: 1,
      transitionSeconds: 60,
      regions: [{ name: 'us-east-1' }],
      accounts: [{ accountId: '222222222222' }],
      kubernetes,
    };
    await createInventoryRepo({ db }).saveScenario(projectId, scenario);
    const repo = createKubernetesClustersRepo({ db });
    const rows = await repo.ensureSimulated(clientId, projectId, ['prod-eks-use1', 'staging-eks-use1']);
    expect(rows.map((r) => [r.name, r.simulated, r.api_server_url])).toEqual([
      ['prod-eks-use1', true, 'simulated://prod-eks-use1'],
      ['staging-eks-use1', true, 'simulated://staging-eks-use1'],
    ]);
    const prod = rows[0]?.id as string;

    const clock = manualClock(new Date(MONDAY_EVENING));
    const clusters = kubernetesClustersFor({
      db,
      secretKey: 'k'.repeat(32),
      outboundAllow: [],
      simClock: clock,
    });
    const caller = { clientId, user: { id: 'u' } } as ClientCaller;
    const listed = (await clusters.list(caller)).results;
    expect(listed.map((c) => [c.name, c.simulated, c.reach.state])).toEqual([
      ['prod-eks-use1', true, 'unchecked'],
      ['staging-eks-use1', true, 'unchecked'],
    ]);
    expect((await clusters.check(caller, prod)).reach.state).toBe('reachable');

    // The Container Scheduler's listing: the namespace's deployments and statefulsets with the bill's pod counts.
    const spec = kubernetes.clusters[0]?.workloads ?? [];
    const target = spec.find((w) => w.kind === 'deployment' && w.replicas > 1) ?? spec[0];
    if (target === undefined) throw new Error('the demo cluster has no workloads');
    const listing = async () =>
      (await clusters.workloads(caller, prod, { namespace: target.namespace })).results;
    const byName = <T extends { kind: string; name: string }>(list: T[]) =>
      [...list].sort((a, b) => `${a.kind}/${a.name}`.localeCompare(`${b.kind}/${b.name}`));
    expect(byName(await listing())).toEqual(
      byName(
        spec
          .filter((w) => w.namespace === target.namespace)
          .map((w) => ({ ...w, ready_replicas: w.replicas })),
      ),
    );
    const selected = await clusters.workloads(caller, prod, {
      namespace: target.namespace,
      kind: 'deployment',
      label_selector: `app.kubernetes.io/name=${target.name}`,
    });
    expect(selected.results.map((w) => w.name)).toEqual([target.name]);
    const replicas = async () => (await listing()).find((w) => w.name === target.name);

    const schedules = createSchedulerRepo({ db });
    const scheduleId = await schedules.insert(
      scheduleValues(clientId, projectId, {
        name: 'Office hours',
        workloads: [
          {
            cluster: prod,
            namespace: target.namespace,
            kind: 'deployment',
            name: target.name,
            label_selector: null,
          },
        ],
      }),
      null,
    );
    const reconciler = createReconciler({
      schedules,
      repo: createReconcilerRepo({ db }),
      inventory: { resources: async () => [] },
      targets: { resolve: async () => null },
      workloads: clusters,
      notify: async () => undefined,
      now: clock.now,
      tickMs: HOUR,
    });
    const tickUntil = async (end: number) => {
      while (clock.now().getTime() < end) {
        clock.advance(HOUR);
        await reconciler.tick();
      }
    };

    // Monday 20:00 UTC, the office-hours stop: replicas 0 at once, the pods ready until they have stopped.
    await tickUntil(Date.parse('2026-03-02T19:00:00Z'));
    expect((await replicas())?.replicas).toBe(target.replicas);
    await tickUntil(Date.parse('2026-03-02T20:00:00Z'));
    expect(await replicas()).toMatchObject({ replicas: 0, ready_replicas: target.replicas });
    clock.advance(60_000);
    expect(await replicas()).toMatchObject({ replicas: 0, ready_replicas: 0 });
    // Tuesday 08:00 UTC, the start: the saved count comes back.
    await tickUntil(Date.parse('2026-03-03T07:00:00Z'));
    expect((await replicas())?.replicas).toBe(0);
    await tickUntil(Date.parse('2026-03-03T08:00:00Z'));
    expect(await replicas()).toMatchObject({ replicas: target.replicas, ready_replicas: 0 });
    clock.advance(60_000);
    expect(await replicas()).toMatchObject({ replicas: target.replicas, ready_replicas: target.replicas });

    // The action log shows both scales; the other cluster's workloads are untouched.
    const log = await scheduleActionLog(db, scheduleId);
    const step = {
      kind: 'k8s-deployment',
      resource_id: target.name,
      account_id: prod,
      region: target.namespace,
    };
    const many = `${target.replicas} replicas`;
    expect(log).toEqual([
      { ...step, action: 'scale', outcome: 'succeeded', state_before: many, state_after: '0 replicas' },
      { ...step, action: 'scale', outcome: 'succeeded', state_before: '0 replicas', state_after: many },
    ]);
    const staging = rows[1]?.id as string;
    const stagingSpec = kubernetes.clusters[1]?.workloads ?? [];
    const stagingListed = await clusters.workloads(caller, staging, { namespace: target.namespace });
    expect(stagingListed.results.map((w) => w.replicas)).toEqual(
      stagingSpec.filter((w) => w.namespace === target.namespace).map((w) => w.replicas),
    );

    // `finlens demo` again: the same cluster ids (the schedule still targets them), back to the scenario's counts.
    await repo.ensureSimulated(clientId, projectId, ['prod-eks-use1', 'staging-eks-use1']);
    const again = await db.selectFrom('kubernetes_simulated_replicas').select('cluster_id').execute();
    expect(again).toEqual([]);
    expect((await clusters.list(caller)).results.map((c) => c.id)).toEqual(rows.map((r) => r.id));
    // A simulated cluster is not edited through the API: its scenario defines it.
    await expect(clusters.update(caller, prod, { name: 'renamed' })).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});
