import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Reconciliation, reconcileNodeHours } from '@finlens/cost-model/kubernetes-cost';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../ingest/duckdb/import-files';
import { localSource } from '../../ingest/sources/local-source';
import { openClient } from '../clickhouse/clickhouse-cost-store';
import { expectSameFigures } from '../clickhouse/clickhouse-parity.test-helper';
import { demoOnBothEngines } from '../clickhouse/demo-on-both-engines.test-helper';
import type { CostStore } from '../cost-store';
import { DEMO_CLIENT, DEMO_KUBERNETES_SCOPE, DEMO_PROJECT } from '../duckdb/demo-warehouse.test-helper';
import { duckDbDialect } from '../duckdb/duckdb-dialect';
import {
  compileKubernetesCosts,
  compilePodNodeHours,
  compileReconciliationTotals,
  type KubernetesCostRow,
  type KubernetesKey,
  type KubernetesScope,
} from './kubernetes-costs';

/** Kubernetes cost of the small demo export (two EKS clusters with split rows) on DuckDB and ClickHouse. */
const demo = demoOnBothEngines('finlens-k8s-');
const scope = DEMO_KUBERNETES_SCOPE;

const cents = (v: number) => Math.round(v * 100);
const sortedMismatches = (r: Reconciliation) =>
  [...r.mismatches].sort((a, b) => `${a.hour}|${a.node}`.localeCompare(`${b.hour}|${b.node}`));

/** The warehouse's comparison equals cost-model's over the same node-hours (totals to the cent). */
async function expectWarehouseReconciles(store: CostStore, s: KubernetesScope) {
  const reference = await reconcile(store, s);
  const own = await store.reconcileNodeHours(s);
  expect({
    ...own,
    mismatches: sortedMismatches(own),
    nodeCost: cents(own.nodeCost),
    podCost: cents(own.podCost),
  }).toEqual({
    ...reference,
    mismatches: sortedMismatches(reference),
    nodeCost: cents(reference.nodeCost),
    podCost: cents(reference.podCost),
  });
  return own;
}

type RunSql = (sql: string) => Promise<Record<string, unknown>[]>;
const NODE_ROLLUP = 'container_node_rollup_hourly';
const PLANTED = 'planted-project';

/**
 * Plants, in a copy of one demo day's node-hour rollup under another project, a node-hour whose node costs
 * $0.37 more than its pods (a mismatch) and pods on a node the bill does not hold (a missing node). The
 * rollup is copied row by row with some columns replaced, so the same SQL plants on DuckDB and ClickHouse.
 */
async function plantMismatches(run: RunSql, columns: string[]) {
  const copy = async (replace: Record<string, string>, where: string, limit = '') => {
    // Replaced outside the row filter: ClickHouse would read a same-named alias in the WHERE.
    const select = columns.map((c) => replace[c] ?? c).join(', ');
    await run(
      `INSERT INTO ${NODE_ROLLUP} (${columns.join(', ')}) SELECT ${select} FROM (SELECT * FROM ${NODE_ROLLUP} WHERE ${where} ORDER BY usage_hour, node_id${limit}) AS src`,
    );
  };
  const day = `project_id = '${DEMO_PROJECT}' AND usage_date = '2026-02-03'`;
  await copy({ project_id: `'${PLANTED}'` }, day);
  const podsOnly = {
    pod_cost: '0',
    net_pod_cost: '0',
    pod_rows: '0',
    cpu_capacity: '0',
    memory_capacity: '0',
  };
  await copy(
    { project_id: `'${PLANTED}'`, ...podsOnly, node_cost: '0.37', net_node_cost: '0.37', node_rows: '1' },
    `${day} AND pod_rows > 0`,
    ' LIMIT 1',
  );
  await copy(
    {
      project_id: `'${PLANTED}'`,
      node_id: "'i-not-in-the-bill'",
      node_cost: '0',
      net_node_cost: '0',
      node_rows: '0',
    },
    `${day} AND pod_rows > 0 AND pod_cost > 0`,
    ' LIMIT 1',
  );
  return (
    await run(
      `SELECT usage_hour AS hour, node_id AS node FROM ${NODE_ROLLUP} WHERE ${day} AND pod_rows > 0 ORDER BY usage_hour, node_id LIMIT 1`,
    )
  )[0];
}

/** The warehouse finds the planted mismatch and the missing node, as cost-model's reconciliation does. */
async function expectPlantedFound(store: CostStore, run: RunSql, columns: string[]) {
  const first = await plantMismatches(run, columns);
  const planted = { ...scope, projectIds: [PLANTED], from: '2026-02-03', to: '2026-02-03' };
  for (const basis of ['amortized', 'net_amortized'] as const) {
    const r = await expectWarehouseReconciles(store, { ...planted, basis });
    // The demo's pod rows cover a day each: its nodes of the day, and the missing one.
    expect(r.nodeHours).toBeGreaterThan(2);
    expect(r.mismatchCount).toBe(1);
    expect(r.missingNodes).toBe(1);
    expect(r.mismatches).toHaveLength(1);
    expect(r.mismatches[0]).toMatchObject({ hour: String(first?.hour), node: String(first?.node) });
    expect(r.mismatches[0]?.gap).toBeCloseTo(-0.37, 6);
  }
  // Only the totals come back when nothing differs; a limit keeps the list short.
  expect((await store.reconcileNodeHours({ ...planted, basis: 'amortized' }, 0)).mismatches).toEqual([]);
}
const sorted = <T extends { keys: (string | null)[] }>(rows: T[]) =>
  [...rows].sort((a, b) => a.keys.join('|').localeCompare(b.keys.join('|')));

/** cost-model's reconciliation over both sides read apart: what the warehouse's own comparison must answer. */
async function reconcile(store: CostStore, s: KubernetesScope) {
  const pods = await store.podNodeHours(s);
  const nodes = await store.nodeHours(s, [...new Set(pods.map((p) => p.node))]);
  const nodeCost = new Map(nodes.map((n) => [`${n.hour}|${n.node}`, n.cost]));
  return reconcileNodeHours(
    pods.map((p) => ({
      hour: p.hour,
      node: p.node,
      podCost: p.cost,
      nodeCost: nodeCost.get(`${p.hour}|${p.node}`) ?? 0,
    })),
  );
}

/** What the containers screens ask (every grouping the service reads), with and without filters and a range. */
const GROUPINGS: KubernetesKey[][] = [
  [],
  ['cluster_name', 'node'],
  ['day', 'cluster_name'],
  ['cluster_name', 'pod_namespace'],
  ['cluster_name', 'controllerKind', 'controller'],
  ['cluster_name', 'pod_namespace', 'controllerKind', 'controller'],
  ['cluster_name', 'deployment'],
  ['cluster_name', 'pod'],
  ['cluster_name', 'container'],
  ['cluster_name', 'capacity_type'],
  ['capacity_type', 'pod_namespace'],
];

/** Every grouping on both bases, unfiltered and filtered by a namespace, a workload, a node and a shorter range. */
async function expectRollupAnswersAsLineItems(store: CostStore) {
  const pods = await store.kubernetesCosts({ ...scope, groupBy: ['pod_namespace', 'controller', 'node'] });
  const [namespace, controller, node] = pods.find((r) => r.keys[1] !== null)?.keys ?? [];
  const scopes: KubernetesScope[] = [
    scope,
    { ...scope, basis: 'net_amortized' },
    { ...scope, filters: { cluster_name: 'prod-eks-use1', pod_namespace: namespace ?? '' } },
    { ...scope, basis: 'net_amortized', filters: { controller: controller ?? '', node: node ?? '' } },
    { ...scope, from: '2026-02-10', to: '2026-02-20', filters: { pod_namespace: namespace ?? '' } },
    { ...scope, filters: { capacity_type: 'on_demand' } },
  ];
  for (const [i, s] of scopes.entries()) {
    for (const groupBy of GROUPINGS) {
      const rollup = sorted(await store.kubernetesCosts({ ...s, groupBy }));
      const lines = sorted(await store.kubernetesCosts({ ...s, groupBy, useRollup: false }));
      expect(lines.length, `scope ${i} by ${groupBy.join(', ')}`).toBeGreaterThan(0);
      expectSameFigures(rollup, lines, `scope ${i} by ${groupBy.join(', ')}`);
    }
  }
  // The hourly reads from the node-hour rollup: unfiltered, by cluster and node, a shorter range, both bases.
  const hourly: KubernetesScope[] = [
    scope,
    { ...scope, basis: 'net_amortized', filters: { cluster_name: 'prod-eks-use1' } },
    { ...scope, from: '2026-02-10', to: '2026-02-20', filters: { node: node ?? '' } },
  ];
  const byHour = <T extends { hour: string; node: string }>(rows: T[]) =>
    [...rows].sort((a, b) => `${a.hour}|${a.node}`.localeCompare(`${b.hour}|${b.node}`));
  for (const [i, s] of hourly.entries()) {
    const lines = { ...s, useRollup: false };
    const pods = byHour(await store.podNodeHours(lines));
    expect(pods.length, `hourly scope ${i}`).toBeGreaterThan(0);
    expectSameFigures(byHour(await store.podNodeHours(s)), pods, `pod node-hours ${i}`);
    const nodes = [...new Set(pods.map((p) => p.node))];
    expectSameFigures(
      byHour(await store.nodeHours(s, nodes)),
      byHour(await store.nodeHours(lines, nodes)),
      `node hours ${i}`,
    );
    const byCluster = <T extends { cluster: string | null }>(rows: T[]) =>
      [...rows].sort((x, y) => String(x.cluster).localeCompare(String(y.cluster)));
    expectSameFigures(
      byCluster(await store.kubernetesCapacity(s)),
      byCluster(await store.kubernetesCapacity(lines)),
      `capacity ${i}`,
    );
  }
}

describe('kubernetes costs', () => {
  it('reads the container rollups, which answer every grouping, filter and hourly read as the line items do to 1e-6', async () => {
    const q = { ...scope, groupBy: ['cluster_name', 'pod'] as KubernetesKey[] };
    expect(compileKubernetesCosts(duckDbDialect, q).sql).toMatch(/FROM "container_rollup_daily" WHERE/);
    expect(compileKubernetesCosts(duckDbDialect, { ...q, useRollup: false }).sql).toMatch(
      /FROM "line_items" WHERE/,
    );
    expect(compilePodNodeHours(duckDbDialect, q).sql).toMatch(/FROM "container_node_rollup_hourly" WHERE/);
    // A namespace filter is not kept by the node-hour rollup: the line items answer.
    expect(compilePodNodeHours(duckDbDialect, { ...q, filters: { pod_namespace: 'web' } }).sql).toMatch(
      /FROM "line_items" WHERE/,
    );
    const count = async (sql: string) =>
      Number((await demo.duck.connection.runAndReadAll(sql)).getRowObjectsJson()[0]?.n);
    const podRows = await count(
      `SELECT count(*) AS n FROM line_items WHERE line_item_operation = 'EKSPod-EC2'`,
    );
    // Every pod row of the import, summed per pod, day and usage type.
    expect(podRows).toBeGreaterThan(0);
    expect(await count('SELECT sum(row_count) AS n FROM container_rollup_daily')).toBe(podRows);
    await expectRollupAnswersAsLineItems(demo.duck);
  });

  it('sum the pod rows per cluster as the line items do, CPU and memory apart', async () => {
    const rows = await demo.duck.kubernetesCosts({ ...scope, groupBy: ['cluster_name'] });
    expect(rows.map((r) => r.keys[0]).sort()).toEqual(['prod-eks-use1', 'staging-eks-use1']);
    const reader = await demo.duck.connection.runAndReadAll(
      `SELECT resource_tags['aws_eks_cluster_name'] AS cluster,
        sum(CASE WHEN line_item_usage_type LIKE '%vCPU%' THEN split_line_item_split_cost ELSE 0 END) AS cpu,
        sum(CASE WHEN line_item_usage_type LIKE '%vCPU%' THEN 0 ELSE split_line_item_split_cost END) AS mem,
        sum(split_line_item_unused_cost) AS unused,
        sum(CASE WHEN line_item_usage_type LIKE '%vCPU%' THEN split_line_item_reserved_usage ELSE 0 END) AS cpu_req
       FROM line_items WHERE line_item_operation = 'EKSPod-EC2' GROUP BY 1`,
    );
    for (const hand of reader.getRowObjectsJson()) {
      const row = rows.find((r) => r.keys[0] === hand.cluster);
      expect(cents(row?.cpu.splitCost ?? 0)).toBe(cents(Number(hand.cpu)));
      expect(cents(row?.memory.splitCost ?? 0)).toBe(cents(Number(hand.mem)));
      expect(cents((row?.cpu.unusedCost ?? 0) + (row?.memory.unusedCost ?? 0))).toBe(
        cents(Number(hand.unused)),
      );
      expect(row?.cpu.reserved).toBeCloseTo(Number(hand.cpu_req), 6);
    }
  });

  it('reads workloads from the aws:eks tags, filters by namespace, and shows over-requested ones', async () => {
    const all = await demo.duck.kubernetesCosts({
      ...scope,
      groupBy: ['pod_namespace', 'controllerKind', 'controller', 'deployment'],
    });
    const namespace = all[0]?.keys[0] as string;
    const one = await demo.duck.kubernetesCosts({
      ...scope,
      filters: { pod_namespace: namespace },
      groupBy: ['pod_namespace', 'controller'],
    });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((r) => r.keys[0] === namespace)).toBe(true);
    const usage = (r: (typeof all)[number]) => r.cpu.actual / r.cpu.reserved;
    // The demo's over-requested workloads use about a quarter of their CPU requests, the others most of them.
    const over = all.filter((r) =>
      ['checkout-worker', 'search-indexer', 'prometheus'].includes(String(r.keys[2])),
    );
    const rest = all.filter((r) => !over.includes(r));
    expect(over.length).toBeGreaterThan(0);
    expect(rest.length).toBeGreaterThan(0);
    for (const r of over) expect(usage(r)).toBeLessThan(0.35);
    for (const r of rest) expect(usage(r)).toBeGreaterThan(0.55);
    for (const r of all) {
      expect(['Deployment', 'StatefulSet', 'DaemonSet']).toContain(r.keys[1]);
      expect(r.keys[3]).toBe(r.keys[1] === 'Deployment' ? r.keys[2] : null);
    }
  });

  it("reconciles every node-hour: the pods' split plus unused cost is the node's cost to the cent", async () => {
    for (const basis of ['amortized', 'net_amortized'] as const) {
      const r = await expectWarehouseReconciles(demo.duck, { ...scope, basis });
      expect(r.nodeHours).toBeGreaterThan(100);
      expect(r.missingNodes).toBe(0);
      expect({ basis, mismatches: r.mismatchCount }).toEqual({ basis, mismatches: 0 });
      expect(cents(r.podCost)).toBe(cents(r.nodeCost));
      // On the line items too (the node side then reads only the pods' nodes).
      expect(
        (await expectWarehouseReconciles(demo.duck, { ...scope, basis, useRollup: false })).nodeHours,
      ).toBe(r.nodeHours);
    }
    // Compared in the warehouse: one statement over the node-hour rollup, no line items read.
    const totals = compileReconciliationTotals(duckDbDialect, scope).sql;
    expect(totals).toMatch(/FROM "container_node_rollup_hourly"/);
    expect(totals).not.toMatch(/"line_items"/);
  });

  it('finds a planted mismatch and a node missing from the bill', async () => {
    const run: RunSql = async (sql) => (await demo.duck.connection.runAndReadAll(sql)).getRowObjectsJson();
    const columns = (
      await run(
        `SELECT column_name AS name FROM information_schema.columns WHERE table_name = '${NODE_ROLLUP}' ORDER BY ordinal_position`,
      )
    ).map((c) => String(c.name));
    await expectPlantedFound(demo.duck, run, columns);
  });

  it('knows the node capacity, the nodes’ purchase options and the clusters the bill names', async () => {
    const capacity = await demo.duck.kubernetesCapacity(scope);
    const requested = await demo.duck.kubernetesCosts({ ...scope, groupBy: ['cluster_name'] });
    for (const c of capacity) {
      const r = requested.find((x) => x.keys[0] === c.cluster);
      // m5.xlarge nodes: 4 vCPU and 16 GB; requests fit within capacity.
      expect(c.memory / c.cpu).toBeCloseTo(4, 6);
      expect(r?.cpu.reserved ?? 0).toBeLessThanOrEqual(c.cpu * 1.5);
    }
    const pods = await demo.duck.podNodeHours(scope);
    const nodes = [...new Set(pods.map((p) => p.node))];
    const bills = await demo.duck.nodeBills(scope, nodes);
    expect(new Set(bills.map((b) => b.node))).toEqual(new Set(nodes));
    expect(bills.every((b) => b.instanceType === 'm5.xlarge' && b.purchaseOption !== null)).toBe(true);
    // The demo's nodes carry their managed node group's eks:nodegroup-name tag.
    expect(new Set(bills.map((b) => b.nodeGroup))).toEqual(new Set(['workers']));
    const clusters = await demo.duck.billClusters(scope);
    expect(clusters.map((c) => c.cluster)).toEqual(
      expect.arrayContaining(['prod-eks-use1', 'staging-eks-use1']),
    );
    // The demo's bill is CUR 2.0: none of its clusters is known from a FOCUS export alone.
    expect(clusters.some((c) => c.focusOnly)).toBe(false);
  });

  it('gives the same figures on ClickHouse', async (context) => {
    const { duck, house } = demo;
    if (house === null) return context.skip('clickhouse-server is not installed');
    await expectRollupAnswersAsLineItems(house);
    const q = { ...scope, groupBy: ['cluster_name', 'pod_namespace', 'controller'] as const };
    expectSameFigures(
      sorted(await house.kubernetesCosts({ ...q, groupBy: [...q.groupBy] })),
      sorted(await duck.kubernetesCosts({ ...q, groupBy: [...q.groupBy] })),
      'kubernetes costs',
    );
    const a = await expectWarehouseReconciles(house, scope);
    const b = await expectWarehouseReconciles(duck, scope);
    expect({ ...a, nodeCost: cents(a.nodeCost), podCost: cents(a.podCost) }).toEqual({
      ...b,
      nodeCost: cents(b.nodeCost),
      podCost: cents(b.podCost),
    });
    const byCluster = <T extends { cluster: string | null }>(rows: T[]) =>
      [...rows].sort((x, y) => String(x.cluster).localeCompare(String(y.cluster)));
    expectSameFigures(
      byCluster(await house.kubernetesCapacity(scope)),
      byCluster(await duck.kubernetesCapacity(scope)),
      'capacity',
    );
    // The clusters without split data, and whether only a FOCUS export names them, alike on both engines.
    expectSameFigures(
      byCluster(await house.billClusters(scope)),
      byCluster(await duck.billClusters(scope)),
      'bill clusters',
    );
    const client = openClient(demo.houseUrl as string);
    const run: RunSql = async (query) => {
      if (query.startsWith('INSERT')) {
        await client.command({ query });
        return [];
      }
      return (await client.query({ query, format: 'JSONEachRow' })).json();
    };
    const columns = (
      await run(
        `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = '${NODE_ROLLUP}'`,
      )
    ).map((c) => String(c.name));
    try {
      await expectPlantedFound(house, run, columns);
    } finally {
      await client.close();
    }
  });

  it("sums EKS pods on Fargate per cluster and namespace from their own lines, not ECS tasks'", async () => {
    const client = 'fargate-client';
    const pod = (ns: string, name: string) =>
      `arn:aws:eks:us-east-1:111122223333:pod/batch-eks/${ns}/${name}/0f1e2d3c-4b5a`;
    // [resource id, usage type, amount, amortized cost, tags]
    const lines: [string, string, number, number, string][] = [
      [
        pod('jobs', 'etl-1'),
        'USE1-Fargate-vCPU-Hours:perCPU',
        2,
        0.08,
        "MAP {'aws_eks_cluster_name': 'batch-eks', 'user_tier': 'batch'}",
      ],
      [
        pod('jobs', 'etl-1'),
        'USE1-Fargate-GB-Hours',
        8,
        0.035,
        "MAP {'aws_eks_cluster_name': 'batch-eks', 'user_tier': 'batch'}",
      ],
      [pod('jobs', 'etl-2'), 'USE1-Fargate-vCPU-Hours:perCPU', 1, 0.04, 'MAP {}'],
      [pod('web', 'api-1'), 'USE1-Fargate-GB-Hours', 4, 0.02, 'MAP {}'],
      [
        'arn:aws:ecs:us-east-1:111122223333:task/ecs-main/abc',
        'USE1-Fargate-vCPU-Hours:perCPU',
        1,
        0.5,
        'MAP {}',
      ],
    ];
    for (const [id, type, amount, cost, tags] of lines) {
      await demo.duck.connection.run(
        `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date,
          line_item_usage_end_date, line_item_resource_id, line_item_usage_account_id, line_item_product_code,
          line_item_usage_type, line_item_operation, line_item_line_item_type, line_item_usage_amount,
          line_item_unblended_cost, line_item_amortized_cost, finlens_line_item_net_amortized_cost, resource_tags)
         VALUES ('${client}', 'p', DATE '2026-02-01', TIMESTAMP '2026-02-03 10:00:00', TIMESTAMP '2026-02-03 11:00:00',
          '${id}', '111122223333', 'AmazonEKS', '${type}', 'FargatePod', 'Usage', ${amount}, ${cost}, ${cost},
          ${cost * 0.9}, ${tags})`,
      );
    }
    const fargateScope = { ...scope, clientId: client, projectIds: ['p'] };
    const rows = await demo.duck.fargateCosts(fargateScope);
    const byNs = new Map(rows.map((r) => [`${r.cluster}/${r.namespace}`, r]));
    expect([...byNs.keys()].sort()).toEqual(['batch-eks/jobs', 'batch-eks/web']);
    expect(byNs.get('batch-eks/jobs')).toMatchObject({ vcpuHours: 3, gbHours: 8, pods: 2 });
    expect(cents(byNs.get('batch-eks/jobs')?.cpuCost ?? 0)).toBe(12);
    expect(cents(byNs.get('batch-eks/jobs')?.memoryCost ?? 0)).toBe(4);
    expect(cents(byNs.get('batch-eks/web')?.memoryCost ?? 0)).toBe(2);
    const net = await demo.duck.fargateCosts({
      ...fargateScope,
      basis: 'net_amortized',
      filters: { pod_namespace: 'web' },
    });
    expect(net.map((r) => cents(r.memoryCost))).toEqual([2]);
    // Asked for a label's tag (a Fargate profile selecting pods by label), the namespace splits by its value.
    const byTier = await demo.duck.fargateCosts(fargateScope, ['user_tier']);
    const jobs = byTier.filter((r) => r.namespace === 'jobs');
    expect(jobs.map((r) => [r.labels.user_tier, r.pods, cents(r.cpuCost + r.memoryCost)]).sort()).toEqual([
      [null, 1, 4],
      ['batch', 1, 12],
    ]);
    // A cluster billed only through Fargate misses no split data.
    expect(await demo.duck.billClusters(fargateScope)).toEqual([]);
  });

  it('answers nothing for an empty scope', async () => {
    expect(await demo.duck.kubernetesCosts({ ...scope, projectIds: [], groupBy: ['pod'] })).toEqual([]);
    expect(await demo.duck.kubernetesCosts({ ...scope, clientId: 'other', groupBy: ['pod'] })).toEqual([]);
    expect(await demo.duck.nodeHours(scope, [])).toEqual([]);
  });
});

/**
 * Capacity types on a hand-made CUR 2.0 hour pair of cluster cap-eks (the demo's nodes are all on-demand): an
 * on-demand node ($0.192 an hour), a spot node ($0.08), a node a reservation covers ($0.12 effective), a node a
 * savings plan covers ($0.13 effective in hour 0; in hour 1 partly: $0.10 covered and $0.05 on demand, which
 * counts as SP-covered), and pods on a node the bill does not hold. One pod per node-hour; its vCPU and memory
 * rows allocate the node's hour (split plus unused), as AWS does.
 */
const CAPACITY_PROJECT = 'capacity-project';
const CAPACITY_HEADER = [
  'bill_billing_period_start_date',
  'line_item_usage_account_id',
  'line_item_line_item_type',
  'line_item_usage_start_date',
  'line_item_usage_end_date',
  'line_item_unblended_cost',
  'line_item_currency_code',
  'line_item_resource_id',
  'line_item_product_code',
  'line_item_usage_type',
  'line_item_operation',
  'reservation_reservation_a_r_n',
  'reservation_effective_cost',
  'savings_plan_savings_plan_a_r_n',
  'savings_plan_savings_plan_effective_cost',
  ...(
    [
      'parent_resource_id',
      'reserved_usage',
      'actual_usage',
      'split_usage',
      'split_usage_ratio',
      'split_cost',
      'unused_cost',
      'net_split_cost',
      'net_unused_cost',
    ] as const
  ).map((name) => `split_line_item_${name}` as const),
  'resource_tags',
] as const;
type CapacityCells = Partial<Record<(typeof CAPACITY_HEADER)[number], string | number>>;
const ACCOUNT_ID = '111122223333';
const HOURS = ['2026-03-01T00:00:00Z', '2026-03-01T01:00:00Z', '2026-03-01T02:00:00Z'];
const RI = `arn:aws:ec2:us-east-1:${ACCOUNT_ID}:reserved-instances/ri-1`;
const SP = `arn:aws:savingsplans::${ACCOUNT_ID}:savingsplan/sp-1`;

function capacityLine(h: number, cells: CapacityCells): string {
  const all: CapacityCells = {
    bill_billing_period_start_date: '2026-03-01T00:00:00Z',
    line_item_usage_account_id: ACCOUNT_ID,
    line_item_line_item_type: 'Usage',
    line_item_usage_start_date: HOURS[h],
    line_item_usage_end_date: HOURS[h + 1],
    line_item_currency_code: 'USD',
    line_item_unblended_cost: 0,
    ...cells,
  };
  const text = (v: string | number | undefined) => (v === undefined ? '' : String(v));
  return CAPACITY_HEADER.map((c) =>
    c === 'resource_tags' ? `"${text(all[c]).replaceAll('"', '""')}"` : text(all[c]),
  ).join(',');
}

/** A node's instance line in hour `h`: on demand, spot, or covered by the reservation or the savings plan. */
function nodeLine(h: number, node: string, kind: 'od' | 'spot' | 'ri' | 'sp', cost: number): string {
  const base = {
    line_item_resource_id: node,
    line_item_product_code: 'AmazonEC2',
    line_item_operation: 'RunInstances',
  };
  const tags = JSON.stringify({ aws_eks_cluster_name: 'cap-eks' });
  switch (kind) {
    case 'od':
      return capacityLine(h, {
        ...base,
        line_item_usage_type: 'BoxUsage:m5.xlarge',
        line_item_unblended_cost: cost,
        resource_tags: tags,
      });
    case 'spot':
      return capacityLine(h, {
        ...base,
        line_item_usage_type: 'SpotUsage:m5.xlarge',
        line_item_unblended_cost: cost,
        resource_tags: tags,
      });
    case 'ri':
      return capacityLine(h, {
        ...base,
        line_item_line_item_type: 'DiscountedUsage',
        line_item_usage_type: 'BoxUsage:m5.xlarge',
        reservation_reservation_a_r_n: RI,
        reservation_effective_cost: cost,
        resource_tags: tags,
      });
    case 'sp':
      return capacityLine(h, {
        ...base,
        line_item_line_item_type: 'SavingsPlanCoveredUsage',
        line_item_usage_type: 'BoxUsage:m5.xlarge',
        line_item_unblended_cost: 0.192,
        savings_plan_savings_plan_a_r_n: SP,
        savings_plan_savings_plan_effective_cost: cost,
        resource_tags: tags,
      });
  }
}

/** One pod's vCPU and memory rows in hour `h`, allocating `cost` of its node's hour (half used, half idle). */
function podLines(h: number, node: string, cost: number): string[] {
  const pod = `pod-${node}`;
  const tags = JSON.stringify({
    aws_eks_cluster_name: 'cap-eks',
    aws_eks_namespace: 'web',
    aws_eks_workload_type: 'Deployment',
    aws_eks_workload_name: 'web',
  });
  return (
    [
      ['vCPU', 0.6],
      ['GB', 0.4],
    ] as const
  ).map(([unit, share]) => {
    const half = Number(((cost * share) / 2).toFixed(6));
    return capacityLine(h, {
      line_item_resource_id: `arn:aws:eks:us-east-1:${ACCOUNT_ID}:pod/cap-eks/web/${pod}/uid-${node}`,
      line_item_product_code: 'AmazonEKS',
      line_item_usage_type: `USE1-EKS-EC2-${unit}-Hours`,
      line_item_operation: 'EKSPod-EC2',
      split_line_item_parent_resource_id: node,
      split_line_item_reserved_usage: 1,
      split_line_item_actual_usage: 0.5,
      split_line_item_split_usage: 1,
      split_line_item_split_usage_ratio: 0.5,
      split_line_item_split_cost: half,
      split_line_item_unused_cost: half,
      split_line_item_net_split_cost: half,
      split_line_item_net_unused_cost: half,
      resource_tags: tags,
    });
  });
}

/** The bill by hour: [node, its lines' kind and cost…], the pods allocating the lines' sum. */
const CAPACITY_NODES: [string, ['od' | 'spot' | 'ri' | 'sp', number][][]][] = [
  ['i-0000000000000od01', [[['od', 0.192]], [['od', 0.192]]]],
  ['i-0000000000000sp0t', [[['spot', 0.08]], [['spot', 0.08]]]],
  ['i-00000000000000ri1', [[['ri', 0.12]], [['ri', 0.12]]]],
  [
    'i-00000000000000sp1',
    [
      [['sp', 0.13]],
      [
        ['sp', 0.1],
        ['od', 0.05],
      ],
    ],
  ],
];
const GONE = 'i-000000000000gone1';
/** Expected pod cost by capacity type over both hours. */
const BY_CAPACITY = { on_demand: 0.384, spot: 0.16, reserved: 0.24, savings_plan: 0.28, null: 0.2 };

function capacityCsv(): string {
  const lines: string[] = [CAPACITY_HEADER.join(',')];
  for (const h of [0, 1]) {
    for (const [node, hours] of CAPACITY_NODES) {
      const parts = hours[h] ?? [];
      for (const [kind, cost] of parts) lines.push(nodeLine(h, node, kind, cost));
      lines.push(
        ...podLines(
          h,
          node,
          parts.reduce((sum, [, cost]) => sum + cost, 0),
        ),
      );
    }
    lines.push(...podLines(h, GONE, 0.1));
  }
  return `${lines.join('\n')}\n`;
}

/** The pod cost per capacity type of a store's answer, in cents ('null' where the node's lines are missing). */
const centsByType = (rows: KubernetesCostRow[]) =>
  Object.fromEntries(
    sorted(rows).map((r) => [
      String(r.keys[0]),
      cents(r.cpu.splitCost + r.cpu.unusedCost + r.memory.splitCost + r.memory.unusedCost),
    ]),
  );

describe('capacity types', () => {
  const capacityScope: KubernetesScope = {
    ...scope,
    projectIds: [CAPACITY_PROJECT],
    from: '2026-03-01',
    to: '2026-03-01',
  };
  const stores = () => [demo.duck, ...(demo.house === null ? [] : [demo.house])];
  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'finlens-capacity-'));
    await writeFile(join(folder, 'export-00001.csv'), capacityCsv());
    const files = await localSource(folder).listFiles();
    for (const [i, store] of stores().entries()) {
      await importFiles({
        warehouse: store,
        importId: `capacity${i}`,
        clientId: DEMO_CLIENT,
        projectId: CAPACITY_PROJECT,
        files,
        format: 'auto',
      });
    }
    await rm(folder, { recursive: true, force: true });
  }, 120_000);

  it("gives each pod its node's purchase option in the hour, from the rollup as from the line items, on both engines", async () => {
    const expected = Object.fromEntries(Object.entries(BY_CAPACITY).map(([k, v]) => [k, cents(v)]));
    for (const store of stores()) {
      for (const useRollup of [true, false]) {
        const rows = await store.kubernetesCosts({ ...capacityScope, groupBy: ['capacity_type'], useRollup });
        expect(centsByType(rows), `${store.kind} rollup ${useRollup}`).toEqual(expected);
        // A capacity filter keeps that type's pods only: the spot node's.
        const spot = await store.kubernetesCosts({
          ...capacityScope,
          filters: { capacity_type: 'spot' },
          groupBy: ['node'],
          useRollup,
        });
        expect(spot.map((r) => r.keys[0])).toEqual(['i-0000000000000sp0t']);
      }
      // The reconciliation is unchanged: every node-hour of the bill to the cent, the missing node apart.
      const r = await store.reconcileNodeHours(capacityScope);
      expect([r.nodeHours, r.mismatchCount, r.missingNodes]).toEqual([10, 0, 2]);
    }
  });

  it('groups and filters the demo by capacity type alike on both engines, and the Fargate label read too', async (context) => {
    const { duck, house } = demo;
    if (house === null) return context.skip('clickhouse-server is not installed');
    for (const groupBy of [
      ['cluster_name', 'capacity_type'],
      ['capacity_type', 'pod_namespace'],
    ] as KubernetesKey[][]) {
      expectSameFigures(
        sorted(await house.kubernetesCosts({ ...scope, groupBy })),
        sorted(await duck.kubernetesCosts({ ...scope, groupBy })),
        `by ${groupBy.join(', ')}`,
      );
    }
    const onDemand = { ...scope, filters: { capacity_type: 'on_demand' } };
    expectSameFigures(
      sorted(await house.kubernetesCosts({ ...onDemand, groupBy: ['pod_namespace'] })),
      sorted(await duck.kubernetesCosts({ ...onDemand, groupBy: ['pod_namespace'] })),
      'on-demand pods by namespace',
    );
    // Fargate pods grouped by the tags of their profiles' selector labels (the demo's pods carry team and env).
    const labels = ['user_team', 'user_env', 'user_app_kubernetes_io_name'];
    const byLabels = <T extends { namespace: string | null; labels: Record<string, string | null> }>(
      rows: T[],
    ) =>
      [...rows].sort((a, b) =>
        JSON.stringify([a.namespace, a.labels]).localeCompare(JSON.stringify([b.namespace, b.labels])),
      );
    const fargate = byLabels(await duck.fargateCosts(scope, labels));
    expect(fargate.map((r) => [r.namespace, r.labels])).toEqual([
      ['jobs', { user_team: 'platform', user_env: 'prod', user_app_kubernetes_io_name: null }],
    ]);
    expectSameFigures(byLabels(await house.fargateCosts(scope, labels)), fargate, 'fargate by labels');
  });

  it('rebuilds a ClickHouse container rollup of an older release (no capacity type) at start', async (context) => {
    const { house, houseUrl } = demo;
    if (house === null || houseUrl === null) return context.skip('clickhouse-server is not installed');
    const client = openClient(houseUrl);
    try {
      await client.command({ query: 'ALTER TABLE container_rollup_daily DROP COLUMN k8s_capacity_type' });
    } finally {
      await client.close();
    }
    expect(await house.init()).toEqual(['rebuild container_rollup_daily']);
    const rows = await house.kubernetesCosts({ ...capacityScope, groupBy: ['capacity_type'] });
    expect(centsByType(rows)).toEqual(
      Object.fromEntries(Object.entries(BY_CAPACITY).map(([k, v]) => [k, cents(v)])),
    );
    expect(await house.init()).toEqual([]);
  });
});
