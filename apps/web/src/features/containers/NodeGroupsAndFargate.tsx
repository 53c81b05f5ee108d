import type { ContainersSummary, EksFargate, EksNodeGroup } from '@finlens/contracts/containers';
import { formatMoney } from '@finlens/cost-model/format';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';

type Cluster = ContainersSummary['clusters'][number];
type GroupRow = EksNodeGroup & { cluster_name: string };
type FargateRow = EksFargate['namespaces'][number] & { cluster_name: string };

const sizes = (g: EksNodeGroup) =>
  g.desired_size === null ? '—' : `${g.min_size ?? '?'} / ${g.desired_size} / ${g.max_size ?? '?'}`;

const GROUP_COLUMNS: SimpleColumn<GroupRow>[] = [
  { label: 'Cluster', render: (g) => g.cluster_name },
  { label: 'Node group', render: (g) => (g.node_group === '(none)' ? 'No node group tag' : g.node_group) },
  { label: 'Nodes', align: 'right', render: (g) => String(g.nodes) },
  { label: "Nodes' bill", align: 'right', render: (g) => formatMoney(g.node_cost) },
  { label: 'Pods', align: 'right', render: (g) => formatMoney(g.pod_cost) },
  { label: 'Idle', align: 'right', render: (g) => formatMoney(g.idle_cost) },
  { label: 'Instance types', render: (g) => g.instance_types.join(', ') || '—' },
  { label: 'Capacity', render: (g) => g.capacity_type ?? '—' },
  { label: 'Min / desired / max', align: 'right', render: sizes },
];

const FARGATE_COLUMNS: SimpleColumn<FargateRow>[] = [
  { label: 'Cluster', render: (f) => f.cluster_name },
  { label: 'Namespace', render: (f) => f.namespace },
  { label: 'Fargate profile', render: (f) => f.profile ?? 'No profile names it' },
  { label: 'Pods', align: 'right', render: (f) => String(f.pods) },
  { label: 'Cost', align: 'right', render: (f) => formatMoney(f.cost) },
];

/** The clusters' node groups (their nodes' bill, pods and idle) and their Fargate pods by namespace. */
export function NodeGroupsTable({ clusters }: { clusters: readonly Cluster[] }) {
  const rows = clusters.flatMap((c) => c.node_groups.map((g) => ({ ...g, cluster_name: c.cluster_name })));
  return (
    <SimpleTable
      label="Node groups"
      columns={GROUP_COLUMNS}
      rows={rows}
      rowKey={(g) => `${g.cluster_name}/${g.node_group}`}
    />
  );
}

export function FargateTable({ clusters }: { clusters: readonly Cluster[] }) {
  const rows = clusters.flatMap((c) =>
    c.fargate.namespaces.map((n) => ({ ...n, cluster_name: c.cluster_name })),
  );
  return (
    <SimpleTable
      label="Fargate pods"
      columns={FARGATE_COLUMNS}
      rows={rows}
      rowKey={(f) => `${f.cluster_name}/${f.namespace}`}
    />
  );
}

/** The Fargate profiles the inventory lists without pods in the window, as a sentence. */
export function idleProfiles(clusters: readonly Cluster[]): string[] {
  return clusters.flatMap((c) =>
    c.fargate.profiles
      .filter((p) => !c.fargate.namespaces.some((n) => n.profile === p.name))
      .map((p) => `${c.cluster_name}/${p.name} (${p.namespaces.join(', ')})`),
  );
}
