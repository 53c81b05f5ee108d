import { describe, expect, it } from 'vitest';
import type { ScenarioKubernetesCluster } from '../cloud/simulated/scenario-schema';
import { manualClock } from '../cloud/simulated/sim-clock';
import { KubernetesApiError } from './kubernetes-port';
import { createSimulatedKubernetes, type SimulatedScale, type SimulatedScales } from './simulated-kubernetes';

const START = new Date('2026-03-02T10:00:00Z');

function memoryScales(): SimulatedScales & { kept: Map<string, SimulatedScale> } {
  const kept = new Map<string, SimulatedScale>();
  return {
    kept,
    read: async () => new Map(kept),
    write: async (ref, scale) => {
      kept.set(`${ref.namespace}/${ref.kind}/${ref.name}`, scale);
    },
  };
}

const CLUSTER: ScenarioKubernetesCluster = {
  name: 'prod-eks-use1',
  workloads: [
    {
      namespace: 'shop',
      kind: 'deployment' as const,
      name: 'web',
      replicas: 3,
      labels: { app: 'web', tier: 'front' },
    },
    { namespace: 'shop', kind: 'deployment' as const, name: 'api', replicas: 2, labels: { app: 'api' } },
    {
      namespace: 'shop',
      kind: 'statefulset' as const,
      name: 'queue',
      replicas: 1,
      labels: { tier: 'batch' },
    },
    { namespace: 'search', kind: 'deployment' as const, name: 'web', replicas: 1, labels: {} },
  ],
};

describe('the simulated Kubernetes port', () => {
  it('lists a namespace’s workloads of a kind, matching label selectors as the API server does', async () => {
    const port = createSimulatedKubernetes({
      name: CLUSTER.name,
      cluster: CLUSTER,
      scales: memoryScales(),
      clock: manualClock(START),
      transitionSeconds: 60,
    });
    await port.check();
    // The namespaces are those of its workloads (a scenario names no empty namespace).
    expect(await port.listNamespaces()).toEqual(['search', 'shop']);
    const names = async (kind: 'deployment' | 'statefulset', selector: string | null = null) =>
      (await port.listWorkloads('shop', kind, selector)).map((w) => w.name);
    expect(await names('deployment')).toEqual(['web', 'api']);
    expect(await names('statefulset')).toEqual(['queue']);
    expect(await names('deployment', 'app=web')).toEqual(['web']);
    expect(await names('deployment', 'app in (web, api),tier!=front')).toEqual(['api']);
    expect(await names('deployment', '!tier')).toEqual(['api']);
    expect(await names('deployment', 'tier')).toEqual(['web']);
    expect(await names('deployment', 'app notin (web)')).toEqual(['api']);
    expect(await port.listWorkloads('search', 'deployment')).toEqual([
      { namespace: 'search', kind: 'deployment', name: 'web', replicas: 1, readyReplicas: 1, labels: {} },
    ]);
  });

  it('scales through the kept scales, ready after the transition on the cloud’s clock; unknown names are 404s', async () => {
    const clock = manualClock(START);
    const scales = memoryScales();
    const port = createSimulatedKubernetes({
      name: CLUSTER.name,
      cluster: CLUSTER,
      scales,
      clock,
      transitionSeconds: 60,
    });
    const web = { kind: 'deployment' as const, namespace: 'shop', name: 'web' };
    expect(await port.scale(web, 0)).toEqual({ before: 3, after: 0 });
    expect(scales.kept.get('shop/deployment/web')).toEqual({ replicas: 0, previous: 3, changedAt: START });
    expect(await port.readScale(web)).toBe(0);
    const listed = async () => (await port.listWorkloads('shop', 'deployment')).find((w) => w.name === 'web');
    expect(await listed()).toMatchObject({ replicas: 0, readyReplicas: 3 });
    clock.advance(60_000);
    expect(await listed()).toMatchObject({ replicas: 0, readyReplicas: 0 });
    // Another port over the same kept scales (another process) sees the same cluster.
    const other = createSimulatedKubernetes({
      name: CLUSTER.name,
      cluster: CLUSTER,
      scales,
      clock,
      transitionSeconds: 60,
    });
    expect(await other.readScale(web)).toBe(0);
    expect(await other.scale(web, 3)).toEqual({ before: 0, after: 3 });
    expect(await port.readScale(web)).toBe(3);
    // The same count again changes nothing.
    const written = scales.kept.get('shop/deployment/web');
    clock.advance(60_000);
    expect(await port.scale(web, 3)).toEqual({ before: 3, after: 3 });
    expect(scales.kept.get('shop/deployment/web')).toBe(written);

    await expect(port.readScale({ ...web, name: 'nope' })).rejects.toMatchObject({
      status: 404,
      message: 'deployments.apps "nope" not found',
    });
    await expect(port.scale({ ...web, kind: 'statefulset' }, 0)).rejects.toBeInstanceOf(KubernetesApiError);
  });

  it('answers 404 for a cluster its scenario no longer names', async () => {
    const port = createSimulatedKubernetes({
      name: 'gone',
      cluster: null,
      scales: memoryScales(),
      clock: manualClock(START),
      transitionSeconds: 60,
    });
    await expect(port.check()).rejects.toMatchObject({
      status: 404,
      message: 'the project\'s cloud scenario has no Kubernetes cluster named "gone"',
    });
    await expect(port.listWorkloads('shop', 'deployment')).rejects.toBeInstanceOf(KubernetesApiError);
    await expect(port.listNamespaces()).rejects.toMatchObject({ status: 404 });
  });
});
