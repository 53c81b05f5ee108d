import type { EksFargate, EksNodeGroup } from '@finlens/contracts/containers';
import { resourceTagKey } from '@finlens/cost-model/billing-column-names';
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

type Selector = { namespace: string; labels: Record<string, string> };

/** A Fargate profile's selectors (EKS: a namespace and, optionally, labels every pod it takes must carry). */
function selectorsOf(profile: InventoryRow): Selector[] {
  const list = Array.isArray(profile.resource.selectors) ? (profile.resource.selectors as Attrs[]) : [];
  return list.flatMap((s) =>
    typeof s.namespace === 'string'
      ? [
          {
            namespace: s.namespace,
            labels: Object.fromEntries(
              Object.entries((s.labels ?? {}) as Attrs).filter(
                (e): e is [string, string] => typeof e[1] === 'string',
              ),
            ),
          },
        ]
      : [],
  );
}

/**
 * The resource tag keys of the Fargate profiles' selector labels (a pod label `app` reaches the bill as the cost
 * allocation tag `user:app`, key `user_app`): the Fargate cost read groups by them so a selector's labels can be
 * tested against the pods' lines.
 */
export function fargateLabelTags(inventory: readonly InventoryRow[]): string[] {
  const keys = inventory
    .filter((r) => r.kind === 'eks-fargate-profile')
    .flatMap((p) => selectorsOf(p).flatMap((s) => Object.keys(s.labels)));
  return [...new Set(keys.map(resourceTagKey))].sort();
}

/**
 * The profile that takes a namespace's pods: the first whose selector names the namespace and whose labels the
 * pods' lines all carry with the same values. Pods whose lines carry no such labels (labels not activated as cost
 * allocation tags) fall to a profile selecting the namespace alone, else to the first naming the namespace.
 */
function profileOf(profiles: readonly InventoryRow[], row: FargateCostRow): string | null {
  if (row.namespace === null) return null;
  const matches = (s: Selector, strict: boolean) =>
    s.namespace === row.namespace &&
    Object.entries(s.labels).every(([key, value]) => {
      const carried = row.labels[resourceTagKey(key)] ?? null;
      return carried === value || (!strict && carried === null);
    });
  const nameOf = (p: InventoryRow) => p.resource_id.split('/')[1] ?? p.resource_id;
  for (const strict of [true, false]) {
    const match = profiles.find((p) => selectorsOf(p).some((s) => matches(s, strict)));
    if (match !== undefined) return nameOf(match);
  }
  return null;
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
    namespaces: byNamespaceAndProfile(own, profiles).sort(
      (a, b) => b.cost - a.cost || a.namespace.localeCompare(b.namespace),
    ),
    profiles: profiles.map((p) => ({
      name: p.resource_id.split('/')[1] ?? p.resource_id,
      state: p.state,
      namespaces: [...new Set(selectorsOf(p).map((s) => s.namespace))],
    })),
  };
}

/** The Fargate rows (per namespace and label values) summed per namespace and the profile that takes them. */
function byNamespaceAndProfile(rows: readonly FargateCostRow[], profiles: readonly InventoryRow[]) {
  const out = new Map<string, EksFargate['namespaces'][number]>();
  for (const r of rows) {
    const namespace = r.namespace ?? UNGROUPED;
    const profile = profileOf(profiles, r);
    const key = `${namespace}\u0000${profile ?? ''}`;
    const row = out.get(key) ?? { namespace, profile, cost: 0, pods: 0 };
    row.cost += r.cpuCost + r.memoryCost;
    row.pods += r.pods;
    out.set(key, row);
  }
  return [...out.values()];
}
