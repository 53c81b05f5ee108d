import {
  allocationQuerySchema,
  containersQuerySchema,
  IDLE_RULE_NAMES,
  rightsizingQuerySchema,
  SPLIT_DATA_ACTION,
} from '@finlens/contracts/containers';
import { IDLE_LINE } from '@finlens/cost-model/kubernetes-cost';
import { describe, expect, it } from 'vitest';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { costScopesOver } from '../../warehouse/cost-scope';
import { DEMO_CLIENT, DEMO_PROJECT, demoWarehouse } from '../../warehouse/duckdb/demo-warehouse.test-helper';
import { createContainersService } from './containers.service';

/** The containers service over the small demo export (two EKS clusters with split rows) in DuckDB. */
const demo = demoWarehouse('finlens-containers-');
const caller = testCaller(DEMO_CLIENT);
const range = { start_date: '2026-01-01', end_date: '2026-03-31' };

function service() {
  return createContainersService({
    scopes: costScopesOver(async () => [{ id: DEMO_PROJECT, name: 'Demo', cloudType: 'aws' as const }]),
    warehouse: demo.store,
  });
}

const cents = (v: number) => Math.round(v * 100);

describe('containers service', () => {
  it('filters by capacity type: Fargate shows only the Fargate pods, a type no node ran on shows nothing', async () => {
    const all = await service().summary(caller, containersQuerySchema.parse(range));
    const fargate = await service().summary(
      caller,
      containersQuerySchema.parse({ ...range, capacity_type: 'fargate' }),
    );
    expect(fargate.clusters.map((c) => [c.cluster_name, c.cost])).toEqual([['prod-eks-use1', 0]]);
    expect(cents(fargate.totals.fargate_cost)).toBe(cents(all.totals.fargate_cost));
    expect(fargate.capacity_types.map((t) => t.capacity_type)).toEqual(['fargate']);
    expect(fargate.top_namespaces).toEqual([]);
    const onDemand = await service().summary(
      caller,
      containersQuerySchema.parse({ ...range, capacity_type: 'on_demand' }),
    );
    expect(cents(onDemand.totals.cost)).toBe(cents(all.totals.cost));
    expect(onDemand.totals.fargate_cost).toBe(0);
    const spot = await service().summary(
      caller,
      containersQuerySchema.parse({ ...range, capacity_type: 'spot' }),
    );
    expect(spot.clusters).toEqual([]);
    // Grouped by capacity type in the details.
    const byType = await service().allocation(
      caller,
      allocationQuerySchema.parse({ ...range, group_by: 'capacity_type' }),
    );
    expect(byType.rows.filter((r) => r.key !== IDLE_LINE).map((r) => r.key)).toEqual([
      'on_demand',
      'on_demand',
    ]);
    expect(() => containersQuerySchema.parse({ capacity_type: 'lease' })).toThrow(/capacity_type/);
  });

  it('sums both clusters at the effective rate, reconciled with their nodes, and lists clusters without split data', async () => {
    const s = await service().summary(caller, containersQuerySchema.parse(range));
    expect(s.window).toEqual({ ...range, days: 90 });
    expect(s.clusters.map((c) => c.cluster_name).sort()).toEqual(['prod-eks-use1', 'staging-eks-use1']);
    for (const c of s.clusters) {
      // The pods' split plus unused cost is the nodes' own cost in the bill.
      expect(cents(c.cost)).toBe(cents(c.node_cost));
      expect(cents(c.cpu_cost + c.memory_cost + c.idle_cost)).toBe(cents(c.cost));
      expect(c.idle_cost).toBeGreaterThan(0);
      expect(c.cpu.used_over_requested).toBeGreaterThan(0);
      expect(c.cpu.used_over_requested).toBeLessThan(1);
      // The demo's pods fit their nodes as the scheduler places them (at most 85 % requested).
      expect(c.cpu.requested_over_capacity).toBeGreaterThan(0);
      expect(c.cpu.requested_over_capacity).toBeLessThanOrEqual(0.85 + 1e-9);
      expect(c.memory.requested_over_capacity).toBeLessThanOrEqual(0.85 + 1e-9);
      expect(c.purchase_options.reduce((sum, o) => sum + o.nodes, 0)).toBe(c.nodes);
      // One managed node group per cluster (its nodes' eks:nodegroup-name tag): all of its nodes and bill.
      expect(c.node_groups.map((g) => [g.node_group, g.nodes])).toEqual([['workers', c.nodes]]);
      expect(cents(c.node_groups[0]?.node_cost ?? 0)).toBe(cents(c.node_cost));
    }
    // The production cluster's pods of the `jobs` namespace run on Fargate (their own lines, not split rows).
    const [prod, staging] = ['prod-eks-use1', 'staging-eks-use1'].map((n) =>
      s.clusters.find((c) => c.cluster_name === n),
    );
    expect(staging?.fargate.cost).toBe(0);
    expect(prod?.fargate.pods).toBeGreaterThanOrEqual(2);
    expect(prod?.fargate.namespaces.map((n) => n.namespace)).toEqual(['jobs']);
    const [hand] = (
      await demo.store.connection.runAndReadAll(
        `SELECT sum(line_item_amortized_cost) AS cost FROM line_items WHERE line_item_operation = 'FargatePod'
           AND line_item_resource_id LIKE 'arn:aws:eks:%:pod/prod-eks-use1/jobs/%'
           AND line_item_usage_start_date >= TIMESTAMP '2026-01-01' AND line_item_usage_start_date < TIMESTAMP '2026-04-01'`,
      )
    ).getRowObjectsJson();
    expect(cents(prod?.fargate.cost ?? 0)).toBe(cents(Number(hand?.cost)));
    expect(cents((prod?.fargate.cpu_cost ?? 0) + (prod?.fargate.memory_cost ?? 0))).toBe(
      cents(prod?.fargate.cost ?? 0),
    );
    expect(cents(s.totals.fargate_cost)).toBe(cents(Number(hand?.cost)));
    // Cost by capacity type: the demo's nodes are all on demand; the Fargate pods are their own type.
    expect(prod?.capacity_types.map((t) => t.capacity_type)).toEqual(['on_demand', 'fargate']);
    expect(cents(prod?.capacity_types[0]?.cost ?? 0)).toBe(cents(prod?.cost ?? 0));
    expect(cents(prod?.capacity_types[0]?.idle_cost ?? 0)).toBe(cents(prod?.idle_cost ?? 0));
    expect(staging?.capacity_types.map((t) => t.capacity_type)).toEqual(['on_demand']);
    expect(cents(s.capacity_types.reduce((sum, t) => sum + t.cost, 0))).toBe(
      cents(s.totals.cost + s.totals.fargate_cost),
    );
    const daily = s.daily.reduce((sum, d) => sum + d.cost, 0);
    expect(cents(daily)).toBe(cents(s.totals.cost));
    expect(s.top_namespaces.length).toBeGreaterThan(0);
    expect(s.top_workloads[0]?.kind).toMatch(/Deployment|StatefulSet|DaemonSet/);
    // The demo bill's other EKS clusters (control-plane fees) have no pod rows.
    expect(s.clusters_without_split_data.length).toBeGreaterThan(0);
    expect(s.clusters_without_split_data.every((c) => c.action === SPLIT_DATA_ACTION)).toBe(true);
    expect(s.clusters_without_split_data.map((c) => c.cluster_name)).not.toContain('prod-eks-use1');

    const net = await service().summary(
      caller,
      containersQuerySchema.parse({ ...range, cost_basis: 'net_amortized' }),
    );
    expect(net.totals.cost).toBeLessThan(s.totals.cost);
    expect(cents(net.totals.cost)).toBe(cents(net.totals.node_cost));
  });

  it('keeps the total under every idle rule, with idle as its own line per cluster when separate', async () => {
    const totals: number[] = [];
    for (const idle of IDLE_RULE_NAMES) {
      const a = await service().allocation(
        caller,
        allocationQuerySchema.parse({ ...range, group_by: 'pod_namespace', idle, page_size: 500 }),
      );
      totals.push(cents(a.total_cost));
      const idleRows = a.rows.filter((r) => r.key === IDLE_LINE);
      expect(idleRows.length).toBe(idle === 'separate' ? 2 : 0);
      if (idle === 'separate') expect(a.rows.at(-1)?.key).toBe(IDLE_LINE);
    }
    expect(new Set(totals).size).toBe(1);
    const s = await service().summary(caller, containersQuerySchema.parse(range));
    expect(totals[0]).toBe(cents(s.totals.cost));
  });

  it('pages, sorts and filters the groups, and exports them as CSV', async () => {
    const all = await service().allocation(
      caller,
      allocationQuerySchema.parse({ ...range, group_by: 'pod', idle: 'node', page_size: 500 }),
    );
    const page = await service().allocation(
      caller,
      allocationQuerySchema.parse({ ...range, group_by: 'pod', idle: 'node', page: 2, page_size: 3 }),
    );
    expect(page.count).toBe(all.count);
    expect(page.rows).toEqual(all.rows.slice(3, 6));
    expect(all.rows.map((r) => r.cost)).toEqual([...all.rows.map((r) => r.cost)].sort((a, b) => b - a));
    const ns = all.rows[0]?.cluster_name as string;
    const filtered = await service().allocation(
      caller,
      allocationQuerySchema.parse({ ...range, group_by: 'pod_namespace', cluster: ns }),
    );
    expect(filtered.rows.every((r) => r.cluster_name === ns)).toBe(true);
    const csv = await service().allocationCsv(
      caller,
      allocationQuerySchema.parse({ ...range, group_by: 'controller', format: 'csv' }),
    );
    const lines = csv.trim().split('\n');
    expect(lines[0]).toMatch(/^cluster_name,controller,cost,split_cost,idle_cost/);
    expect(lines.length).toBeGreaterThan(2);
  });

  it('reconciles every node-hour to the cent', async () => {
    const r = await service().reconciliation(caller, containersQuerySchema.parse(range));
    expect(r.node_hours).toBeGreaterThan(100);
    expect(r.mismatch_count).toBe(0);
    expect(r.missing_nodes).toBe(0);
    expect(cents(r.pod_cost)).toBe(cents(r.node_cost));
  });

  it('recommends smaller requests for the over-requested workloads, with a monthly saving', async () => {
    const r = await service().rightsizing(caller, rightsizingQuerySchema.parse({ ...range, headroom: '20' }));
    const over = r.workloads.filter((w) =>
      ['checkout-worker', 'search-indexer', 'prometheus'].includes(w.controller),
    );
    expect(over.length).toBeGreaterThan(0);
    for (const w of r.workloads) {
      // Per pod, although the demo's rows cover a day each: requests of 0.05 to 1.5 vCPU.
      expect(w.cpu.requested).toBeGreaterThanOrEqual(0.05);
      expect(w.cpu.requested).toBeLessThanOrEqual(1.5);
      expect(w.cpu.peak_usage).toBeLessThanOrEqual(1.5 * 1.15 + 1e-9);
    }
    for (const w of over) {
      expect(w.cpu.recommended).not.toBeNull();
      // The p95 of the busiest pod's use plus 20 %, never below its peak.
      expect(w.cpu.p95_usage).toBeLessThanOrEqual(w.cpu.peak_usage);
      expect(w.cpu.recommended ?? 0).toBeGreaterThanOrEqual(w.cpu.p95_usage * 1.2 - 1e-9);
      expect(w.cpu.recommended ?? 0).toBeGreaterThanOrEqual(w.cpu.peak_usage);
      expect(w.cpu.hours).toBe(90);
      // On demand costs at least the effective rate.
      expect(w.on_demand_monthly_saving).toBeGreaterThanOrEqual(w.monthly_saving);
      expect(w.cpu.recommended ?? 0).toBeLessThan(w.cpu.requested);
      expect(w.monthly_saving).toBeGreaterThan(0);
    }
    expect(r.workloads[0]?.monthly_saving).toBeGreaterThan(0);
    expect(cents(r.monthly_saving)).toBe(cents(r.workloads.reduce((s, w) => s + w.monthly_saving, 0)));
    // More headroom never saves more.
    const wide = await service().rightsizing(
      caller,
      rightsizingQuerySchema.parse({ ...range, headroom: '80' }),
    );
    expect(wide.monthly_saving).toBeLessThanOrEqual(r.monthly_saving);
  });

  it('answers empty without data and defaults to the last 30 days of data (rightsizing: 14)', async () => {
    const none = createContainersService({
      scopes: costScopesOver(async () => []),
      warehouse: demo.store,
    });
    const s = await none.summary(caller, containersQuerySchema.parse({}));
    expect(s).toMatchObject({ window: null, clusters: [], clusters_without_split_data: [] });
    const last = await service().summary(caller, containersQuerySchema.parse({}));
    expect(last.window).toEqual({ start_date: '2026-03-02', end_date: '2026-03-31', days: 30 });
    // Rightsizing looks back 14 days (contracts: CONTAINER_RIGHTSIZING_LOOKBACK_DAYS).
    const sizing = await service().rightsizing(caller, rightsizingQuerySchema.parse({}));
    expect(sizing.window).toEqual({ start_date: '2026-03-18', end_date: '2026-03-31', days: 14 });
    expect(sizing.workloads.every((w) => w.cpu.hours === 14 && w.recommendation_id === null)).toBe(true);
    expect(sizing.series).toBeNull();
    // Filtered to one workload: its use against its request per day, the evidence of its recommendation.
    const [first] = sizing.workloads;
    const one = await service().rightsizing(
      caller,
      rightsizingQuerySchema.parse({
        cluster: first?.cluster_name,
        namespace: first?.namespace,
        controller: first?.controller,
      }),
    );
    expect(one.workloads).toHaveLength(1);
    expect(one.series?.map((d) => d.date)).toEqual(
      Array.from({ length: 14 }, (_, i) => `2026-03-${String(18 + i).padStart(2, '0')}`),
    );
    for (const d of one.series ?? []) {
      expect(d.cpu_p95).toBeLessThanOrEqual(d.cpu_max);
      expect(d.cpu_request).toBeGreaterThan(0);
      expect(d.memory_max).toBeLessThanOrEqual(one.workloads[0]?.memory.peak_usage ?? 0);
    }
    expect(Math.max(...(one.series ?? []).map((d) => d.cpu_max))).toBeCloseTo(first?.cpu.peak_usage ?? -1, 9);
  });

  it('names the field of bad input', () => {
    const issue = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
      r.error?.issues[0]?.path.join('.');
    expect(issue(allocationQuerySchema.safeParse({ group_by: 'planet' }))).toBe('group_by');
    expect(issue(allocationQuerySchema.safeParse({ idle: 'spread' }))).toBe('idle');
    expect(issue(containersQuerySchema.safeParse({ cost_basis: 'list' }))).toBe('cost_basis');
    expect(issue(rightsizingQuerySchema.safeParse({ headroom: '500' }))).toBe('headroom');
    // The p95 is exact on both engines up to 8,192 hourly values: 200 days at most.
    expect(
      issue(rightsizingQuerySchema.safeParse({ start_date: '2026-01-01', end_date: '2026-07-20' })),
    ).toBe('end_date');
    expect(issue(containersQuerySchema.safeParse({ start_date: '2026-02-30', end_date: '2026-03-01' }))).toBe(
      'start_date',
    );
  });
});
