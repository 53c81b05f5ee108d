import {
  type AllocationQuery,
  type AllocationRow,
  type CapacityCost,
  CONTAINER_RIGHTSIZING_LOOKBACK_DAYS,
  CONTAINERS_DEFAULT_DAYS,
  type ContainersQuery,
  type ContainersReconciliation,
  type ContainersSummary,
  FOCUS_SPLIT_DATA_ACTION,
  type Rightsizing,
  type RightsizingQuery,
  SPLIT_DATA_ACTION,
  type WorkloadRecommendation,
  type WorkloadUsageDay,
} from '@finlens/contracts/containers';
import { IDLE_LINE, shareIdle } from '@finlens/cost-model/kubernetes-cost';
import { addDays, inclusiveDays } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import type {
  KubernetesCostRow,
  KubernetesKey,
  KubernetesScope,
} from '../../warehouse/cost-query/kubernetes-costs';
import type { CostScopes } from '../../warehouse/cost-scope';
import type { CostStore } from '../../warehouse/cost-store';
import { allocationCsv, type Window } from './containers-csv';
import { recommendWorkloads } from './containers-rightsizing';
import type { EksInventoryRepo } from './eks-inventory.repo';
import { fargateLabelTags, fargateOf, inventoryNodeGroups, nodeGroupsOf } from './node-groups';
import { resourceUse, splitCost, unusedCost } from './split-figures';

export type ContainersWarehouse = Pick<
  CostStore,
  | 'newestUsageDay'
  | 'kubernetesCosts'
  | 'kubernetesCapacity'
  | 'reconcileNodeHours'
  | 'nodeBills'
  | 'billClusters'
  | 'fargateCosts'
  | 'workloadUsage'
>;

/** The open container-rightsizing recommendations by workload id (the recommendations feature, wired in app/). */
export interface WorkloadRecommendationIds {
  workloadRecommendationIds(projectIds: string[]): Promise<Map<string, string>>;
}

const NONE = '(none)';
const TOP = 10;

/**
 * Kubernetes cost (the containers feature): the EKS split rows summed per cluster, node, namespace, workload and
 * pod at the chosen effective rate, idle capacity as its own line or shared by a rule, the node-hour
 * reconciliation, and request rightsizing per workload.
 */
export function createContainersService({
  scopes,
  warehouse,
  inventory,
  recommendations,
}: {
  scopes: Pick<CostScopes, 'requested'>;
  warehouse: ContainersWarehouse;
  /** Absent: the rightsizing rows link to no recommendation. */
  recommendations?: WorkloadRecommendationIds;
  /** Node groups and Fargate profiles as collected (without it, node groups come from the bill's tags only). */
  inventory?: EksInventoryRepo;
}) {
  /** The caller's scope over the asked range, or the last `days` (30) days of data; null without data. */
  async function scopeOf(
    caller: ClientCaller,
    query: ContainersQuery,
    days = CONTAINERS_DEFAULT_DAYS,
  ): Promise<{ scope: KubernetesScope; window: Window } | null> {
    const read = await scopes.requested(caller, query.project_ids);
    let from = query.start_date;
    let to = query.end_date;
    if (from === undefined || to === undefined) {
      const newest = await warehouse.newestUsageDay(read);
      if (newest === null) return null;
      to = newest;
      from = addDays(newest, 1 - days);
    }
    const filters: KubernetesScope['filters'] = {
      cluster_name: query.cluster,
      pod_namespace: query.namespace,
      controller: query.controller,
      node: query.node,
      capacity_type: query.capacity_type,
    };
    return {
      scope: {
        clientId: read.clientId,
        projectIds: read.projectIds,
        from,
        to,
        basis: query.cost_basis,
        filters,
      },
      window: { start_date: from, end_date: to, days: inclusiveDays(from, to) },
    };
  }

  /** One workload's use against its request per day: the evidence behind its recommendation. */
  async function usageSeries(scope: KubernetesScope, w: WorkloadRecommendation): Promise<WorkloadUsageDay[]> {
    const filters = {
      ...scope.filters,
      cluster_name: w.cluster_name,
      pod_namespace: w.namespace,
      controller: w.controller,
    };
    const account = w.account_id === null ? {} : { accountId: w.account_id };
    const days = await warehouse.workloadUsage({ ...scope, ...account, filters }, { byDay: true });
    const request = (use: { reserved: number; podHours: number }) =>
      use.podHours > 0 ? use.reserved / use.podHours : 0;
    return days
      .filter((d) => d.day !== null && d.kind === w.controller_kind)
      .map((d) => ({
        date: String(d.day),
        cpu_request: request(d.cpu),
        cpu_p95: d.cpu.p95,
        cpu_max: d.cpu.peak,
        memory_request: request(d.memory),
        memory_p95: d.memory.p95,
        memory_max: d.memory.peak,
      }))
      .sort((a, b) => a.date.localeCompare(b.date));
  }

  async function summary(caller: ClientCaller, query: ContainersQuery): Promise<ContainersSummary> {
    const empty: ContainersSummary = {
      window: null,
      cost_basis: query.cost_basis,
      totals: { cost: 0, cpu_cost: 0, memory_cost: 0, idle_cost: 0, node_cost: 0, fargate_cost: 0 },
      capacity_types: [],
      clusters: [],
      daily: [],
      top_namespaces: [],
      top_workloads: [],
      clusters_without_split_data: [],
    };
    const at = await scopeOf(caller, query);
    if (at === null) return empty;
    const { scope, window } = at;
    const eksInventory = Promise.resolve(inventory?.eksResources(scope.projectIds) ?? []);
    // Fargate pods are their own capacity type: another type's filter leaves them out.
    const withFargate = query.capacity_type === undefined || query.capacity_type === 'fargate';
    const [byNode, byCapacity, capacity, daily, namespaces, workloads, billClusters, fargate, eks] =
      await Promise.all([
        warehouse.kubernetesCosts({ ...scope, groupBy: ['cluster_name', 'node'] }),
        warehouse.kubernetesCosts({ ...scope, groupBy: ['cluster_name', 'capacity_type'] }),
        warehouse.kubernetesCapacity(scope),
        warehouse.kubernetesCosts({ ...scope, groupBy: ['day', 'cluster_name'] }),
        warehouse.kubernetesCosts({ ...scope, groupBy: ['cluster_name', 'pod_namespace'] }),
        warehouse.kubernetesCosts({ ...scope, groupBy: ['cluster_name', 'controllerKind', 'controller'] }),
        warehouse.billClusters(scope),
        withFargate ? eksInventory.then((rows) => warehouse.fargateCosts(scope, fargateLabelTags(rows))) : [],
        eksInventory,
      ]);
    const groups = inventoryNodeGroups(eks);
    const nodeCluster = new Map(byNode.map((r) => [String(r.keys[1]), r.keys[0] ?? NONE]));
    const bills = await warehouse.nodeBills(scope, [...nodeCluster.keys()]);
    const clusters = new Map<string, KubernetesCostRow[]>();
    for (const r of byNode) clusters.set(r.keys[0] ?? NONE, [...(clusters.get(r.keys[0] ?? NONE) ?? []), r]);
    // Clusters whose pods all run on Fargate have no split rows: they show with their Fargate cost alone.
    for (const f of fargate) if (!clusters.has(f.cluster)) clusters.set(f.cluster, []);
    const clusterRows = [...clusters].map(([name, rows]) => {
      const nodeBills = bills.filter((b) => nodeCluster.get(b.node) === name);
      const options = new Map<string, { cost: number; nodes: Set<string> }>();
      for (const b of nodeBills) {
        const o = options.get(b.purchaseOption ?? NONE) ?? { cost: 0, nodes: new Set() };
        o.cost += b.cost;
        o.nodes.add(b.node);
        options.set(b.purchaseOption ?? NONE, o);
      }
      const cap = capacity.find((c) => (c.cluster ?? NONE) === name);
      const fargateRow = fargateOf(name, fargate, eks);
      const sum = (f: (r: KubernetesCostRow) => number) => rows.reduce((s, r) => s + f(r), 0);
      return {
        cluster_name: name,
        cost: sum((r) => splitCost(r) + unusedCost(r)),
        cpu_cost: sum((r) => r.cpu.splitCost),
        memory_cost: sum((r) => r.memory.splitCost),
        idle_cost: sum(unusedCost),
        cpu: resourceUse(
          rows.map((r) => r.cpu),
          cap?.cpu ?? null,
        ),
        memory: resourceUse(
          rows.map((r) => r.memory),
          cap?.memory ?? null,
        ),
        nodes: rows.length,
        node_cost: nodeBills.reduce((s, b) => s + b.cost, 0),
        purchase_options: [...options]
          .map(([purchase_option, o]) => ({ purchase_option, cost: o.cost, nodes: o.nodes.size }))
          .sort((a, b) => b.cost - a.cost),
        capacity_types: capacityCosts(
          byCapacity.filter((r) => (r.keys[0] ?? NONE) === name),
          fargateRow.cost,
        ),
        node_groups: nodeGroupsOf(name, rows, nodeBills, groups),
        fargate: fargateRow,
      };
    });
    clusterRows.sort((a, b) => b.cost - a.cost || b.fargate.cost - a.fargate.cost);
    const top = (rows: KubernetesCostRow[], kindAt: number | null) =>
      rows
        .map((r) => ({
          cluster_name: r.keys[0] ?? NONE,
          key: r.keys[r.keys.length - 1] ?? NONE,
          kind: kindAt === null ? null : (r.keys[kindAt] ?? null),
          cost: splitCost(r) + unusedCost(r),
        }))
        .sort((a, b) => b.cost - a.cost)
        .slice(0, TOP);
    const withSplit = new Set(byNode.map((r) => r.keys[0] ?? NONE));
    const total = (f: (c: (typeof clusterRows)[number]) => number) =>
      clusterRows.reduce((s, c) => s + f(c), 0);
    return {
      window,
      cost_basis: scope.basis,
      totals: {
        cost: total((c) => c.cost),
        cpu_cost: total((c) => c.cpu_cost),
        memory_cost: total((c) => c.memory_cost),
        idle_cost: total((c) => c.idle_cost),
        node_cost: total((c) => c.node_cost),
        fargate_cost: total((c) => c.fargate.cost),
      },
      capacity_types: capacityCosts(
        byCapacity,
        total((c) => c.fargate.cost),
      ),
      clusters: clusterRows,
      daily: daily
        .map((r) => ({
          date: String(r.keys[0]),
          cluster_name: r.keys[1] ?? NONE,
          cost: splitCost(r) + unusedCost(r),
          idle_cost: unusedCost(r),
        }))
        .sort((a, b) => a.date.localeCompare(b.date) || a.cluster_name.localeCompare(b.cluster_name)),
      top_namespaces: top(namespaces, null),
      top_workloads: top(workloads, 1),
      // Filtered views show only what the filters match: clusters without pod rows match none of them.
      clusters_without_split_data: (filtered(scope) ? [] : billClusters)
        .filter((c) => !withSplit.has(c.cluster))
        .map((c) => ({
          cluster_name: c.cluster,
          account_id: c.accountId,
          region: c.region,
          cost: c.cost,
          action: c.focusOnly ? FOCUS_SPLIT_DATA_ACTION : SPLIT_DATA_ACTION,
        }))
        .sort((a, b) => b.cost - a.cost),
    };
  }

  async function allocationRows(scope: KubernetesScope, query: AllocationQuery): Promise<AllocationRow[]> {
    const group = query.group_by;
    const groupBy: KubernetesKey[] = group === 'cluster_name' ? ['cluster_name'] : ['cluster_name', group];
    // Node capacity belongs to clusters only (a namespace or pod has requests, not capacity): read it only then.
    const [rows, capacity] = await Promise.all([
      warehouse.kubernetesCosts({ ...scope, groupBy }),
      group === 'cluster_name' ? warehouse.kubernetesCapacity(scope) : [],
    ]);
    const keyOf = (r: KubernetesCostRow) => r.keys[groupBy.length - 1] ?? NONE;
    const shared = shareIdle(
      rows.map((r) => ({
        cluster: r.keys[0] ?? NONE,
        key: keyOf(r),
        split: splitCost(r),
        unused: unusedCost(r),
      })),
      query.idle,
    );
    const byId = new Map(rows.map((r) => [`${r.keys[0] ?? NONE}\u0000${keyOf(r)}`, r]));
    return shared.map((s) => {
      const r = byId.get(`${s.cluster}\u0000${s.key}`);
      const cap =
        group === 'cluster_name' ? capacity.find((c) => (c.cluster ?? NONE) === s.cluster) : undefined;
      return {
        cluster_name: s.cluster,
        key: s.key,
        cost: s.cost,
        split_cost: s.split,
        cpu_cost: r?.cpu.splitCost ?? 0,
        memory_cost: r?.memory.splitCost ?? 0,
        idle_cost: s.idle,
        pod_hours: r === undefined ? 0 : Math.max(r.cpu.podHours, r.memory.podHours),
        cpu: resourceUse(r === undefined ? [] : [r.cpu], cap?.cpu ?? null),
        memory: resourceUse(r === undefined ? [] : [r.memory], cap?.memory ?? null),
      };
    });
  }

  return {
    summary,

    async allocation(caller: ClientCaller, query: AllocationQuery) {
      const at = await scopeOf(caller, query);
      const rows = at === null ? [] : sortRows(await allocationRows(at.scope, query), query);
      const page = rows.slice((query.page - 1) * query.page_size, query.page * query.page_size);
      return {
        window: at?.window ?? null,
        cost_basis: query.cost_basis,
        group_by: query.group_by,
        idle: query.idle,
        count: rows.length,
        total_cost: rows.reduce((s, r) => s + r.cost, 0),
        rows: page,
      };
    },

    async allocationCsv(caller: ClientCaller, query: AllocationQuery): Promise<string> {
      const at = await scopeOf(caller, query);
      const rows = at === null ? [] : sortRows(await allocationRows(at.scope, query), query);
      return allocationCsv(rows, query.group_by);
    },

    async reconciliation(caller: ClientCaller, query: ContainersQuery): Promise<ContainersReconciliation> {
      const at = await scopeOf(caller, query);
      const base = { window: at?.window ?? null, cost_basis: query.cost_basis };
      if (at === null) {
        return {
          ...base,
          node_hours: 0,
          mismatch_count: 0,
          missing_nodes: 0,
          node_cost: 0,
          pod_cost: 0,
          mismatches: [],
        };
      }
      // Whole nodes: a namespace or workload filter would compare part of a node's pods with all of its cost.
      const { cluster_name, node } = at.scope.filters;
      const scope = { ...at.scope, filters: { cluster_name, node } };
      // Compared in the warehouse: only the totals and the mismatched node-hours come back.
      const r = await warehouse.reconcileNodeHours(scope);
      return {
        ...base,
        node_hours: r.nodeHours,
        mismatch_count: r.mismatchCount,
        missing_nodes: r.missingNodes,
        node_cost: r.nodeCost,
        pod_cost: r.podCost,
        mismatches: r.mismatches.map((m) => ({
          hour: m.hour,
          node: m.node,
          node_cost: m.nodeCost,
          pod_cost: m.podCost,
          gap: m.gap,
        })),
      };
    },

    /** Per workload over the asked range, or the last 14 days of data (the rightsizing look-back). */
    async rightsizing(caller: ClientCaller, query: RightsizingQuery): Promise<Rightsizing> {
      const at = await scopeOf(caller, query, CONTAINER_RIGHTSIZING_LOOKBACK_DAYS);
      const base = { cost_basis: query.cost_basis, headroom: query.headroom };
      if (at === null) return { ...base, window: null, monthly_saving: 0, workloads: [], series: null };
      const [rows, ids] = await Promise.all([
        warehouse.workloadUsage(at.scope),
        recommendations?.workloadRecommendationIds(at.scope.projectIds) ?? new Map(),
      ]);
      const workloads = recommendWorkloads(
        rows,
        { headroom: query.headroom / 100, days: at.window.days, basis: query.cost_basis },
        ids,
      );
      const [one] = workloads;
      const series = workloads.length !== 1 || one === undefined ? null : await usageSeries(at.scope, one);
      return {
        ...base,
        window: at.window,
        monthly_saving: workloads.reduce((s, w) => s + w.monthly_saving, 0),
        workloads,
        series,
      };
    },
  };
}

/**
 * Pods' cost by capacity type (rows keyed by cluster and capacity type, summed over clusters), Fargate's beside
 * them; largest first, '(none)' for pods whose node-hour has no line of the node in the bill.
 */
function capacityCosts(rows: KubernetesCostRow[], fargateCost: number): CapacityCost[] {
  const byType = new Map<string, CapacityCost>();
  for (const r of rows) {
    const type = r.keys[1] ?? NONE;
    const c = byType.get(type) ?? { capacity_type: type, cost: 0, idle_cost: 0 };
    c.cost += splitCost(r) + unusedCost(r);
    c.idle_cost += unusedCost(r);
    byType.set(type, c);
  }
  if (fargateCost !== 0) byType.set('fargate', { capacity_type: 'fargate', cost: fargateCost, idle_cost: 0 });
  return [...byType.values()].sort(
    (a, b) => b.cost - a.cost || a.capacity_type.localeCompare(b.capacity_type),
  );
}

const filtered = (scope: KubernetesScope) => Object.values(scope.filters).some((v) => v !== undefined);

function sortRows(rows: AllocationRow[], query: AllocationQuery): AllocationRow[] {
  const value = (r: AllocationRow): number | string | null => {
    switch (query.sort) {
      case 'cost':
        return r.cost;
      case 'idle_cost':
        return r.idle_cost;
      case 'name':
        return `${r.key}\u0000${r.cluster_name}`;
      case 'cpu_efficiency':
        return r.cpu.used_over_requested;
      case 'memory_efficiency':
        return r.memory.used_over_requested;
    }
  };
  const sign = query.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    // The idle lines and rows without a value come last either way.
    const aLast = a.key === IDLE_LINE || value(a) === null;
    const bLast = b.key === IDLE_LINE || value(b) === null;
    if (aLast !== bLast) return aLast ? 1 : -1;
    const x = value(a);
    const y = value(b);
    const c = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
    return sign * c || a.cluster_name.localeCompare(b.cluster_name) || a.key.localeCompare(b.key);
  });
}

export type ContainersService = ReturnType<typeof createContainersService>;
