import type { WorkloadKind, WorkloadTarget } from '@finlens/contracts/kubernetes';
import type { WorkloadEstimate } from '@finlens/contracts/scheduler';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { runningMinutesPerWeek } from '@finlens/cost-model/scheduler/desired-state';
import { MINUTES_IN_WEEK, type WeekWindow } from '@finlens/cost-model/scheduler/week';
import type { ClusterWorkload, KubernetesPort } from '../../integrations/kubernetes/kubernetes-port';
import type {
  KubernetesCostPort,
  KubernetesCostRow,
  SplitBasis,
} from '../../warehouse/cost-query/kubernetes-costs';
import { ESTIMATE_DAYS } from './schedule-estimate';
import { type InventoryEntry, resourceKey, scheduledResources } from './scheduled-resources';
import type { ScheduleRow } from './scheduler.tables';

/** How long a label selector's listing may take before the estimate leaves it out (a page must not hang on it). */
const LIST_TIMEOUT_MS = 5_000;

/** The clusters a schedule's workloads name: each id's name and a port to list what a label selector matches. */
export interface WorkloadClusters {
  ports(clusterIds: readonly string[]): Promise<Map<string, { name: string; port: KubernetesPort }>>;
}

export interface WorkloadEstimateDeps {
  costs: Pick<KubernetesCostPort, 'kubernetesCosts'>;
  clusters: WorkloadClusters;
}

/** One workload a schedule scales, named or found by its label selector. */
export interface EstimatedWorkload {
  cluster: string;
  clusterName: string;
  namespace: string;
  kind: WorkloadKind;
  name: string;
}

type Unlisted = WorkloadEstimate['unlisted'][number];

/** A workload's split cost and running hours over the window (see workloadBill). */
export interface WorkloadBill {
  cost: number;
  runningHours: number;
}

const workloadKey = (clusterName: string, namespace: string, kind: string, name: string) =>
  `${clusterName}/${namespace}/${kind.toLowerCase()}/${name}`;

function timeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(
        () => reject(new Error(`no answer within ${LIST_TIMEOUT_MS / 1000} s`)),
        LIST_TIMEOUT_MS,
      ).unref(),
    ),
  ]);
}

/**
 * The workloads of each schedule: its named targets, and what its label selectors match now (one listing per
 * cluster, namespace, kind and selector, shared by the schedules). A selector whose cluster does not answer is
 * reported as unlisted; a target whose cluster is gone is left out.
 */
export async function scheduledWorkloads(
  clusters: WorkloadClusters,
  schedules: readonly { id: string; workloads: readonly WorkloadTarget[] }[],
): Promise<Map<string, { workloads: EstimatedWorkload[]; unlisted: Unlisted[] }>> {
  const ports = await clusters.ports(schedules.flatMap((s) => s.workloads.map((t) => t.cluster)));
  const lists = new Map<string, Promise<ClusterWorkload[]>>();
  const out = new Map<string, { workloads: EstimatedWorkload[]; unlisted: Unlisted[] }>();
  for (const schedule of schedules) {
    const found = new Map<string, EstimatedWorkload>();
    const unlisted: Unlisted[] = [];
    for (const t of schedule.workloads) {
      const cluster = ports.get(t.cluster);
      if (cluster === undefined) continue;
      const add = (name: string) =>
        found.set(`${t.cluster}/${t.namespace}/${t.kind}/${name}`, {
          cluster: t.cluster,
          clusterName: cluster.name,
          namespace: t.namespace,
          kind: t.kind,
          name,
        });
      if (t.name !== null) {
        add(t.name);
        continue;
      }
      const selector = t.label_selector ?? '';
      const key = `${t.cluster}|${t.namespace}|${t.kind}|${selector}`;
      let listing = lists.get(key);
      if (listing === undefined) {
        listing = timeout(cluster.port.listWorkloads(t.namespace, t.kind, selector));
        lists.set(key, listing);
      }
      try {
        for (const w of await listing) add(w.name);
      } catch (error) {
        const { cluster: id, namespace, kind } = t;
        unlisted.push({
          cluster: id,
          namespace,
          kind,
          label_selector: selector,
          error: (error as Error).message,
        });
      }
    }
    out.set(schedule.id, { workloads: [...found.values()], unlisted });
  }
  return out;
}

/**
 * Each workload's split cost and running hours from rows grouped by controller kind, controller, pod and day
 * (the container rollup's daily sums): running hours are, per day, the most hours any one of its pods ran —
 * replicas scaled together run the same hours, so a workload a schedule already stops half the day counts 12
 * hours, not 24, and its cost per running hour stays what it costs while it runs.
 */
export function workloadBills(
  clusterName: string,
  namespace: string,
  rows: readonly KubernetesCostRow[],
): Map<string, WorkloadBill> {
  const bills = new Map<string, WorkloadBill>();
  const dayHours = new Map<string, number>();
  for (const row of rows) {
    const [kind, controller, , day] = row.keys;
    if (kind == null || controller == null) continue;
    const key = workloadKey(clusterName, namespace, kind, controller);
    const bill = bills.get(key) ?? { cost: 0, runningHours: 0 };
    bill.cost += row.cpu.splitCost + row.memory.splitCost;
    bills.set(key, bill);
    const hours = Math.min(24, Math.max(row.cpu.podHours, row.memory.podHours));
    const perDay = `${key}|${day}`;
    dayHours.set(perDay, Math.max(dayHours.get(perDay) ?? 0, hours));
  }
  for (const [perDay, hours] of dayHours) {
    const bill = bills.get(perDay.slice(0, perDay.lastIndexOf('|')));
    if (bill) bill.runningHours += hours;
  }
  return bills;
}

/**
 * The split cost rows of every cluster and namespace the workloads live in, at net amortized cost — or
 * amortized where the bill carries no net split cost (legacy CURs and bills without discounts leave it empty).
 */
export async function readWorkloadBills(
  costs: WorkloadEstimateDeps['costs'],
  scope: { clientId: string; projectIds: string[] },
  window: { from: string; to: string },
  workloads: readonly EstimatedWorkload[],
): Promise<Map<string, WorkloadBill>> {
  const places = new Map(workloads.map((w) => [`${w.clusterName}|${w.namespace}`, w]));
  const bills = new Map<string, WorkloadBill>();
  for (const { clusterName, namespace } of places.values()) {
    const read = (basis: SplitBasis) =>
      costs.kubernetesCosts({
        ...scope,
        ...window,
        basis,
        filters: { cluster_name: clusterName, pod_namespace: namespace },
        groupBy: ['controllerKind', 'controller', 'pod', 'day'],
      });
    let rows = await read('net_amortized');
    const cost = rows.reduce((sum, r) => sum + r.cpu.splitCost + r.memory.splitCost, 0);
    if (cost === 0 && rows.length > 0) rows = await read('amortized');
    for (const [key, bill] of workloadBills(clusterName, namespace, rows)) bills.set(key, bill);
  }
  return bills;
}

/** A schedule's workload estimate: per workload, split cost per running hour × the hours it stops them in 30 days. */
export function estimateWorkloads(
  windows: readonly WeekWindow[],
  window: { from: string; to: string } | null,
  workloads: readonly EstimatedWorkload[],
  bills: ReadonlyMap<string, WorkloadBill>,
): Pick<WorkloadEstimate, 'window' | 'monthly_saving' | 'workloads'> {
  const stoppedHours = ESTIMATE_DAYS * 24 * (1 - runningMinutesPerWeek(windows) / MINUTES_IN_WEEK);
  const rows = workloads.map((w) => {
    const bill = bills.get(workloadKey(w.clusterName, w.namespace, w.kind, w.name));
    const cost = bill?.cost ?? 0;
    const running = bill?.runningHours ?? 0;
    const hourly = running > 0 ? cost / running : 0;
    return {
      cluster: w.cluster,
      cluster_name: w.clusterName,
      namespace: w.namespace,
      kind: w.kind,
      name: w.name,
      split_cost_30d: cost,
      running_hours_30d: running,
      hourly_cost: hourly,
      stopped_hours_30d: stoppedHours,
      estimated_saving_30d: hourly * stoppedHours,
    };
  });
  const total = rows.reduce((sum, r) => sum + r.estimated_saving_30d, 0);
  return {
    window,
    monthly_saving: window === null ? null : (total * DAYS_PER_MONTH) / ESTIMATE_DAYS,
    workloads: rows,
  };
}

/** An inventory resource's attributes (the node group's sizes), null when it is not stored. */
export type ResourceAttributes = (
  key: Pick<InventoryEntry, 'project_id' | 'account_id' | 'region' | 'kind' | 'resource_id'>,
) => Promise<{ attributes: Record<string, unknown> } | null>;

const size = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * The EKS node groups of each cluster name (`<cluster>/<node group>` in the inventory) with the enabled schedule
 * that scales each, and its sizes: whether anything removes the nodes a workload's pods free.
 */
async function nodeGroupsByCluster(
  inventory: readonly InventoryEntry[],
  schedules: readonly ScheduleRow[],
  attributes: ResourceAttributes | undefined,
): Promise<Map<string, WorkloadEstimate['node_groups']>> {
  const groups = inventory.filter((r) => r.kind === 'eks-nodegroup');
  const scheduledBy = new Map<string, string>();
  for (const s of schedules) {
    if (!s.enabled) continue;
    const own = inventory.filter((r) => r.project_id === s.project_id);
    for (const r of scheduledResources(s, own))
      if (!scheduledBy.has(resourceKey(r))) scheduledBy.set(resourceKey(r), s.name);
  }
  const out = new Map<string, WorkloadEstimate['node_groups']>();
  for (const g of groups) {
    const clusterName = g.resource_id.slice(0, g.resource_id.indexOf('/'));
    const attrs = (await attributes?.(g))?.attributes ?? {};
    const list = out.get(`${g.project_id}|${clusterName}`) ?? [];
    list.push({
      cluster_name: clusterName,
      resource_id: g.resource_id,
      scheduled_by: scheduledBy.get(resourceKey(g)) ?? null,
      min_size: size(attrs.minSize),
      max_size: size(attrs.maxSize),
    });
    out.set(`${g.project_id}|${clusterName}`, list);
  }
  return out;
}

/**
 * Every workload schedule's estimate, for the schedules shown: their workloads (named, or listed by selector),
 * one split cost read per cluster and namespace over the estimate's window, and the clusters' node groups.
 */
export async function workloadEstimates(
  deps: WorkloadEstimateDeps,
  args: {
    rows: readonly ScheduleRow[];
    scope: { clientId: string; projectIds: string[] };
    window: { from: string; to: string } | null;
    inventory: readonly InventoryEntry[];
    /** The projects' schedules (a node group may be scheduled by another schedule than the workloads'). */
    schedules: readonly ScheduleRow[];
    attributes?: ResourceAttributes;
  },
): Promise<Map<string, WorkloadEstimate>> {
  const rows = args.rows.filter((r) => r.workloads.length > 0);
  if (rows.length === 0) return new Map();
  const found = await scheduledWorkloads(deps.clusters, rows);
  const all = [...found.values()].flatMap((f) => f.workloads);
  const bills =
    args.window === null ? new Map() : await readWorkloadBills(deps.costs, args.scope, args.window, all);
  const groups = await nodeGroupsByCluster(args.inventory, args.schedules, args.attributes);
  const out = new Map<string, WorkloadEstimate>();
  for (const row of rows) {
    const { workloads, unlisted } = found.get(row.id) ?? { workloads: [], unlisted: [] };
    const names = [...new Set(workloads.map((w) => w.clusterName))];
    out.set(row.id, {
      ...estimateWorkloads(row.windows, args.window, workloads, bills),
      unlisted,
      node_groups: names.flatMap((name) => groups.get(`${row.project_id}|${name}`) ?? []),
    });
  }
  return out;
}
