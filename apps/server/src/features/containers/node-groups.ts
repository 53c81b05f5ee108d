import type { EksFargate, EksNodeGroup } from '@finlens/contracts/containers';
import type {
  FargateCostRow,
  KubernetesCostRow,
  NodeBillRow,
} from '../../warehouse/cost-query/kubernetes-costs';
import type { EksInventoryRepo } from './eks-inventory.repo';
import { splitCost, unusedCost } from './split-figures';

type InventoryRow = Awaited<ReturnType<EksInventoryRepo['eksResources']>>[number];
type Attrs = Record<string, unknown>;

export const UNGROUPED = '(none)';

const texts = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const int = (v: unknown) => (typeof v === 'number' ? v : null);
const refs = (r: Attrs, kind: string) =>
  (Array.isArray(r.attachments) ? (r.attachments as Attrs[]) : [])
    .filter((a) => a.kind === kind && typeof a.id === 'string')
    .map((a) => a.id as string);

interface InventoryGroup {
  cluster: string;
  name: string;
  state: string;
  resource: Attrs;
  /** The instances of its Auto Scaling groups. */
  instances: Set<string>;
}

/** The inventory's node groups per cluster, each with the instances its Auto Scaling groups hold. */
export function inventoryNodeGroups(rows: readonly InventoryRow[]): InventoryGroup[] {
  const asgInstances = new Map(
    rows
      .filter((r) => r.kind === 'autoscaling-group')
      .map((r) => [r.resource_id, refs(r.resource, 'ec2-instance')]),
  );
  return rows
    .filter((r) => r.kind === 'eks-nodegroup')
    .map((r) => {
      const [cluster = r.resource_id, name = r.resource_id] = r.resource_id.split('/');
      const asgs = refs(r.resource, 'autoscaling-group');
      return {
        cluster,
        name,
        state: r.state,
        resource: r.resource,
        instances: new Set(asgs.flatMap((a) => asgInstances.get(a) ?? [])),
      };
    });
}

/**
 * A cluster's nodes per node group: the group the instance's tags name in the bill (eks:nodegroup-name, or a
 * Karpenter node pool), else the inventory's node group whose Auto Scaling group holds the instance. Each group's
 * nodes' own bill, their pods' split cost and idle cost, and the group's sizes where the inventory has it.
 */
export function nodeGroupsOf(
  cluster: string,
  nodes: readonly KubernetesCostRow[],
  bills: readonly NodeBillRow[],
  groups: readonly InventoryGroup[],
): EksNodeGroup[] {
  const own = groups.filter((g) => g.cluster === cluster);
  const tagged = new Map(
    bills.flatMap((b) => (b.nodeGroup === null ? [] : [[b.node, b.nodeGroup] as const])),
  );
  const groupOf = (node: string) =>
    tagged.get(node) ?? own.find((g) => g.instances.has(node))?.name ?? UNGROUPED;
  const out = new Map<string, EksNodeGroup>();
  const rowOf = (name: string): EksNodeGroup => {
    const known = out.get(name);
    if (known) return known;
    const inv = own.find((g) => g.name === name)?.resource;
    const row: EksNodeGroup = {
      node_group: name,
      nodes: 0,
      node_cost: 0,
      pod_cost: 0,
      idle_cost: 0,
      instance_types: [],
      capacity_type: typeof inv?.capacityType === 'string' ? inv.capacityType : null,
      min_size: int(inv?.minSize),
      desired_size: int(inv?.desiredSize),
      max_size: int(inv?.maxSize),
      state: own.find((g) => g.name === name)?.state ?? null,
    };
    out.set(name, row);
    return row;
  };
  for (const n of nodes) {
    const row = rowOf(groupOf(String(n.keys[1])));
    row.nodes += 1;
    row.pod_cost += splitCost(n);
    row.idle_cost += unusedCost(n);
  }
  for (const b of bills) {
    const row = rowOf(groupOf(b.node));
    row.node_cost += b.cost;
    if (b.instanceType !== null && !row.instance_types.includes(b.instanceType))
      row.instance_types.push(b.instanceType);
  }
  // Groups the inventory knows whose nodes ran no pods in the window still show (at no cost).
  for (const g of own) rowOf(g.name);
  for (const row of out.values()) {
    const inv = own.find((g) => g.name === row.node_group)?.resource;
    if (row.instance_types.length === 0) row.instance_types = texts(inv?.instanceTypes);
    row.instance_types.sort();
  }
  return [...out.values()].sort(
    (a, b) => b.node_cost - a.node_cost || a.node_group.localeCompare(b.node_group),
  );
}

/** The profile whose selectors take a namespace (labels aside: the bill has no pod labels to test). */
function profileOf(profiles: readonly InventoryRow[], namespace: string | null): string | null {
  if (namespace === null) return null;
  const match = profiles.find((p) =>
    (Array.isArray(p.resource.selectors) ? (p.resource.selectors as Attrs[]) : []).some(
      (s) => s.namespace === namespace,
    ),
  );
  return match === undefined ? null : (match.resource_id.split('/')[1] ?? match.resource_id);
}

/** A cluster's Fargate pods: their cost by namespace with the profile that takes it, and the cluster's profiles. */
export function fargateOf(
  cluster: string,
  rows: readonly FargateCostRow[],
  inventory: readonly InventoryRow[],
): EksFargate {
  const own = rows.filter((r) => r.cluster === cluster);
  const profiles = inventory.filter(
    (r) => r.kind === 'eks-fargate-profile' && r.resource_id.startsWith(`${cluster}/`),
  );
  const sum = (f: (r: FargateCostRow) => number) => own.reduce((s, r) => s + f(r), 0);
  return {
    cost: sum((r) => r.cpuCost + r.memoryCost),
    cpu_cost: sum((r) => r.cpuCost),
    memory_cost: sum((r) => r.memoryCost),
    vcpu_hours: sum((r) => r.vcpuHours),
    gb_hours: sum((r) => r.gbHours),
    pods: sum((r) => r.pods),
    namespaces: own
      .map((r) => ({
        namespace: r.namespace ?? UNGROUPED,
        profile: profileOf(profiles, r.namespace),
        cost: r.cpuCost + r.memoryCost,
        pods: r.pods,
      }))
      .sort((a, b) => b.cost - a.cost || a.namespace.localeCompare(b.namespace)),
    profiles: profiles.map((p) => ({
      name: p.resource_id.split('/')[1] ?? p.resource_id,
      state: p.state,
      namespaces: (Array.isArray(p.resource.selectors) ? (p.resource.selectors as Attrs[]) : []).flatMap(
        (s) => (typeof s.namespace === 'string' ? [s.namespace] : []),
      ),
    })),
  };
}
