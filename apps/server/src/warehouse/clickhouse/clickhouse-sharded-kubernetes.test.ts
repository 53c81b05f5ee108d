import { describe, expect, it } from 'vitest';
import type { KubernetesKey, KubernetesScope } from '../cost-query/kubernetes-costs';
import { DEMO_KUBERNETES_SCOPE } from '../duckdb/demo-warehouse.test-helper';
import { expectSameFigures } from './clickhouse-parity.test-helper';
import { demoOnBothEngines } from './demo-on-both-engines.test-helper';

/**
 * Pods by capacity type on two ClickHouse shards read through their Distributed tables: the rollup's key, and the
 * same key over the line items (each shard looks up its own nodes' lines: a project lives whole on one shard, and
 * ClickHouse refuses a subquery over a Distributed table inside a read of one).
 */
const demo = demoOnBothEngines('finlens-k8s-sharded-', 2);
const scope = DEMO_KUBERNETES_SCOPE;
const sorted = <T extends { keys: (string | null)[] }>(rows: T[]) =>
  [...rows].sort((a, b) => a.keys.join('|').localeCompare(b.keys.join('|')));

describe('Kubernetes capacity types on a sharded ClickHouse', () => {
  it('groups and filters by capacity type as DuckDB does, from the rollup and from the line items', async (context) => {
    const { duck, house } = demo;
    if (house === null) return context.skip('clickhouse-server is not installed');
    const groupBy: KubernetesKey[] = ['cluster_name', 'capacity_type'];
    for (const useRollup of [true, false]) {
      const want = sorted(await duck.kubernetesCosts({ ...scope, groupBy, useRollup }));
      // The demo's nodes are all on demand: one row per cluster.
      expect(want.map((r) => r.keys[1])).toEqual(['on_demand', 'on_demand']);
      expectSameFigures(
        sorted(await house.kubernetesCosts({ ...scope, groupBy, useRollup })),
        want,
        `by capacity type, rollup ${useRollup}`,
      );
    }
    // Node capacity under a capacity filter reads the line items (the node-hour rollup does not keep the type).
    const onDemand: KubernetesScope = { ...scope, filters: { capacity_type: 'on_demand' } };
    const byCluster = <T extends { cluster: string | null }>(rows: T[]) =>
      [...rows].sort((x, y) => String(x.cluster).localeCompare(String(y.cluster)));
    const capacity = byCluster(await duck.kubernetesCapacity(onDemand));
    expect(capacity).toHaveLength(2);
    expectSameFigures(
      byCluster(await house.kubernetesCapacity(onDemand)),
      capacity,
      'capacity of on-demand nodes',
    );
  });
});
