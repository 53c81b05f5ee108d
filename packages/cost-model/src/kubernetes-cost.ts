import { splitAmount } from './allocation';
import { DAYS_PER_MONTH } from './recommendations/rule-kit';

/**
 * Kubernetes cost from the CUR's split cost allocation data (billing-formats §1.3.12): every pod-hour has a
 * vCPU row and a memory row with the pod's split cost (its requested or used share of the node) and its share
 * of the node's unused cost. Pure rules: how a node-hour's cost splits to the cent, how idle cost is shared,
 * and how far a workload's requests can come down.
 */

export type IdleRule = 'separate' | 'node' | 'cluster' | 'proportional';
export const IDLE_RULES: readonly IdleRule[] = ['separate', 'node', 'cluster', 'proportional'];

/** The line that carries idle cost under the `separate` rule. */
export const IDLE_LINE = '(idle)';

/** The resource a split row allocates, from its usage type (`USE1-EKS-EC2-vCPU-Hours` / `…-GB-Hours`). */
export function splitResourceOf(usageType: string): 'cpu' | 'memory' {
  return /vcpu/i.test(usageType) ? 'cpu' : 'memory';
}

export interface PodShare {
  id: string;
  /** The pod's split cost (its weight for the node's used share). */
  split: number;
  /** The pod's share of the node's unused cost. */
  unused: number;
}

/**
 * One node-hour's cost allocated to its pods: each pod's split cost and its share of the unused cost, in
 * whole cents by largest remainder, so the pods' costs plus their unused costs add up to `nodeCost` exactly.
 * The CUR's split and unused costs are the weights (they already add up to the node's amortized cost when the
 * export is consistent); a node-hour whose pods carry no weight goes entirely to unused.
 */
export function allocateNodeHour(
  nodeCost: number,
  pods: readonly PodShare[],
): { pods: { id: string; cost: number; unused: number }[]; unallocated: number } {
  const weights = [...pods.map((p) => p.split), ...pods.map((p) => p.unused)];
  const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
  if (pods.length === 0 || total <= 0) {
    return { pods: pods.map((p) => ({ id: p.id, cost: 0, unused: 0 })), unallocated: nodeCost };
  }
  const parts = splitAmount(nodeCost, weights);
  return {
    pods: pods.map((p, i) => ({ id: p.id, cost: parts[i] ?? 0, unused: parts[pods.length + i] ?? 0 })),
    unallocated: 0,
  };
}

export interface NodeHourCheck {
  hour: string;
  node: string;
  /** The node's own cost for the hour (its instance line items, at the chosen rate). */
  nodeCost: number;
  /** The sum of its pods' split and unused costs for the hour. */
  podCost: number;
}

export interface Reconciliation {
  nodeHours: number;
  /** How many node-hours differ by a cent or more, and the first `limit` of them. */
  mismatchCount: number;
  mismatches: (NodeHourCheck & { gap: number })[];
  /** Node-hours with pod rows but no instance cost in the bill (the instance's rows are elsewhere). */
  missingNodes: number;
  nodeCost: number;
  podCost: number;
}

const cents = (v: number) => Math.round(v * 100);

/**
 * Compares, per hour and node, the pods' split plus unused cost with the node's own cost, to the cent.
 * `nodes` are the instance costs keyed by hour and node; `pods` the pod sums keyed the same way.
 */
export function reconcileNodeHours(nodes: readonly NodeHourCheck[], limit = 100): Reconciliation {
  const mismatches: Reconciliation['mismatches'] = [];
  let missingNodes = 0;
  let nodeCost = 0;
  let podCost = 0;
  let mismatched = 0;
  for (const n of nodes) {
    nodeCost += n.nodeCost;
    podCost += n.podCost;
    if (n.nodeCost === 0 && n.podCost !== 0) {
      missingNodes += 1;
      continue;
    }
    const gap = n.podCost - n.nodeCost;
    if (cents(n.podCost) !== cents(n.nodeCost) && Math.abs(gap) >= 0.005) {
      mismatched += 1;
      if (mismatches.length < limit) mismatches.push({ ...n, gap });
    }
  }
  return { nodeHours: nodes.length, mismatchCount: mismatched, mismatches, missingNodes, nodeCost, podCost };
}

export interface IdleInput {
  cluster: string;
  key: string;
  split: number;
  unused: number;
}

export interface SharedCost {
  cluster: string;
  key: string;
  /** The key's own split cost. */
  split: number;
  /** The idle cost the rule gives it (0 under `separate`, where each cluster's `IDLE_LINE` carries it). */
  idle: number;
  cost: number;
}

/**
 * Idle (unused) capacity cost under a rule, per cluster and key: `separate` keeps it as each cluster's own
 * line; `node` gives each key the unused cost of the nodes it ran on, in proportion to its use there (the
 * CUR's own split); `cluster` shares each cluster's idle cost by the keys' split cost in that cluster;
 * `proportional` shares all idle cost by split cost across every cluster. The costs add up to the inputs'
 * split plus unused cost to the cent.
 */
export function shareIdle(rows: readonly IdleInput[], rule: IdleRule): SharedCost[] {
  const out = new Map<string, SharedCost>();
  const add = (cluster: string, key: string, split: number, idle: number) => {
    const id = `${cluster}\u0000${key}`;
    const row = out.get(id) ?? { cluster, key, split: 0, idle: 0, cost: 0 };
    row.split += split;
    row.idle += idle;
    row.cost += split + idle;
    out.set(id, row);
  };
  const pools = new Map<string, IdleInput[]>();
  const poolOf = (r: IdleInput) => (rule === 'proportional' ? '' : r.cluster);
  for (const r of rows) {
    const pool = pools.get(poolOf(r)) ?? [];
    pool.push(r);
    pools.set(poolOf(r), pool);
  }
  for (const [cluster, pool] of pools) {
    if (rule === 'separate' || rule === 'node') {
      for (const r of pool) add(r.cluster, r.key, r.split, rule === 'node' ? r.unused : 0);
      const idle = pool.reduce((sum, r) => sum + r.unused, 0);
      if (rule === 'separate' && idle !== 0) add(cluster, IDLE_LINE, 0, idle);
      continue;
    }
    const idle = pool.reduce((sum, r) => sum + r.unused, 0);
    const shares = splitAmount(
      idle,
      pool.map((r) => r.split),
    );
    for (const [i, r] of pool.entries()) add(r.cluster, r.key, r.split, shares[i] ?? 0);
  }
  return [...out.values()];
}

export interface RequestUsage {
  resource: 'cpu' | 'memory';
  /** Pod-hours observed (split rows of this resource). */
  podHours: number;
  /** Sum of the requested amount over the pod-hours (vCPU-hours or GB-hours). */
  reserved: number;
  /** Sum of the used amount over the pod-hours. */
  actual: number;
  /** p95 of the hourly values over the look-back: the busiest pod's use in each hour (vCPU or GB). */
  p95: number;
  /** Highest use of one pod in one hour (vCPU or GB). */
  peak: number;
  /** Sum of max(requested, used) over the pod-hours: what the split cost is proportional to. */
  splitUsage: number;
  /** The split cost of this resource over the window, at the chosen rate. */
  splitCost: number;
}

/** Smallest steps a recommended request moves by: 0.05 vCPU (50m) and 64 MiB. */
export const REQUEST_STEP = { cpu: 0.05, memory: 0.0625 } as const;
export const DEFAULT_HEADROOM = 0.2;
/** A request cut by less than this share is left as it is (the change is not worth a rollout). */
export const RIGHTSIZED_MARGIN = 0.1;

export interface RequestRecommendation {
  resource: 'cpu' | 'memory';
  /** Average request per pod (vCPU or GB). */
  requested: number;
  /** Average use per pod-hour, the p95 of the hourly values and the peak. */
  averageUsage: number;
  p95Usage: number;
  peakUsage: number;
  /** The p95 × (1 + headroom), never below the peak, rounded up to the step; null when the request fits. */
  recommended: number | null;
  /** Share of the split usage (so of the split cost, at any rate) the smaller request frees. */
  freedShare: number;
  /** The split cost over the window that the smaller request would no longer take. */
  windowSaving: number;
}

const upToStep = (value: number, step: number) => Math.ceil(value / step - 1e-9) * step;

/**
 * A workload's request for one resource against its use: the recommendation covers the p95 of the hourly use
 * plus headroom and never goes below the peak (as the EC2 rule keeps p95 within 100 − headroom and the peak
 * within 100 %), and is made when it cuts the request by at least `minCut`. The split cost follows
 * max(request, use) per pod-hour, so the saving is the share of the split usage that the smaller request frees.
 * Requests below their use are not raised here: the split cost already charges the use.
 */
export function recommendRequest(
  usage: RequestUsage,
  headroom = DEFAULT_HEADROOM,
  minCut = RIGHTSIZED_MARGIN,
): RequestRecommendation {
  const step = REQUEST_STEP[usage.resource];
  const hours = Math.max(usage.podHours, 0);
  const requested = hours > 0 ? usage.reserved / hours : 0;
  const averageUsage = hours > 0 ? usage.actual / hours : 0;
  const target = Math.max(
    step,
    upToStep(usage.p95 * (1 + Math.max(0, headroom)), step),
    upToStep(usage.peak, step),
  );
  const base = {
    resource: usage.resource,
    requested,
    averageUsage,
    p95Usage: usage.p95,
    peakUsage: usage.peak,
  };
  if (hours === 0 || requested <= 0 || 1 - target / requested < minCut - 1e-9) {
    return { ...base, recommended: null, freedShare: 0, windowSaving: 0 };
  }
  // After the change each pod-hour splits max(target, use) = target (target ≥ peak ≥ use).
  const newSplit = target * hours;
  const freedShare = usage.splitUsage > 0 ? Math.max(0, 1 - newSplit / usage.splitUsage) : 0;
  return {
    ...base,
    recommended: Number(target.toFixed(4)),
    freedShare,
    windowSaving: usage.splitCost * freedShare,
  };
}

/** A saving over `days` days per average month (30.4375 days, as every recommendation and the ledger count). */
export function monthly(amount: number, days: number): number {
  return days > 0 ? (amount * DAYS_PER_MONTH) / days : 0;
}
