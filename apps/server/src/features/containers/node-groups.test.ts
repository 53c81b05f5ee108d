import { describe, expect, it } from 'vitest';
import type {
  FargateCostRow,
  KubernetesCostRow,
  NodeBillRow,
} from '../../warehouse/cost-query/kubernetes-costs';
import { fargateLabelTags, fargateOf, inventoryNodeGroups, nodeGroupsOf, UNGROUPED } from './node-groups';

const sums = (splitCost: number, unusedCost: number) => ({
  podHours: 1,
  reserved: 1,
  actual: 1,
  splitUsage: 1,
  peak: 1,
  splitCost,
  unusedCost,
});
const node = (id: string, split: number, unused: number): KubernetesCostRow => ({
  keys: ['prod', id],
  cpu: sums(split, unused),
  memory: sums(0, 0),
});
const bill = (id: string, cost: number, nodeGroup: string | null): NodeBillRow => ({
  node: id,
  purchaseOption: 'OnDemand',
  instanceType: 'm5.xlarge',
  nodeGroup,
  cost,
});
const inv = (kind: string, resource_id: string, resource: Record<string, unknown>) => ({
  kind,
  resource_id,
  state: 'active',
  resource: { kind, id: resource_id, ...resource },
});
const INVENTORY = [
  inv('eks-nodegroup', 'prod/spot', {
    attachments: [
      { kind: 'eks-cluster', id: 'prod' },
      { kind: 'autoscaling-group', id: 'eks-spot-1' },
    ],
    instanceTypes: ['m5.large', 'm6i.large'],
    capacityType: 'SPOT',
    minSize: 0,
    desiredSize: 2,
    maxSize: 6,
  }),
  inv('eks-nodegroup', 'prod/empty', { attachments: [], minSize: 0, desiredSize: 0, maxSize: 2 }),
  inv('autoscaling-group', 'eks-spot-1', { attachments: [{ kind: 'ec2-instance', id: 'i-3' }] }),
  inv('eks-fargate-profile', 'prod/batch', { selectors: [{ namespace: 'jobs', labels: {} }] }),
  inv('eks-fargate-profile', 'other/batch', { selectors: [{ namespace: 'web', labels: {} }] }),
];

const fargate = (
  cluster: string,
  namespace: string,
  cpuCost: number,
  memoryCost: number,
  pods: number,
  more: Partial<FargateCostRow> = {},
): FargateCostRow => ({
  cluster,
  namespace,
  labels: {},
  cpuCost,
  memoryCost,
  vcpuHours: 0,
  gbHours: 0,
  pods,
  ...more,
});

describe('node groups and Fargate', () => {
  it("group the nodes by their tag, else by the inventory's Auto Scaling group, and keep every cent", () => {
    const nodes = [node('i-1', 6, 2), node('i-2', 3, 1), node('i-3', 4, 0), node('i-4', 1, 1)];
    const bills = [
      bill('i-1', 8, 'workers'),
      bill('i-2', 4, 'workers'),
      bill('i-3', 4, null),
      bill('i-4', 2, null),
    ];
    const groups = nodeGroupsOf('prod', nodes, bills, inventoryNodeGroups(INVENTORY));
    expect(groups.map((g) => [g.node_group, g.nodes, g.node_cost, g.pod_cost, g.idle_cost])).toEqual([
      ['workers', 2, 12, 9, 3],
      ['spot', 1, 4, 4, 0],
      [UNGROUPED, 1, 2, 1, 1],
      ['empty', 0, 0, 0, 0],
    ]);
    expect(groups[1]).toMatchObject({ capacity_type: 'SPOT', min_size: 0, desired_size: 2, max_size: 6 });
    expect(groups[1]?.instance_types).toEqual(['m5.xlarge']);
    expect(groups[3]?.instance_types).toEqual([]);
    expect(groups.reduce((s, g) => s + g.node_cost, 0)).toBe(18);
  });

  it("sum a cluster's Fargate pods and name the profile each namespace runs under", () => {
    const rows = [
      fargate('prod', 'jobs', 3, 1, 2, { vcpuHours: 30, gbHours: 60 }),
      fargate('prod', 'web', 1, 0.5, 1, { vcpuHours: 10, gbHours: 20 }),
      fargate('other', 'web', 9, 9, 1, { vcpuHours: 1, gbHours: 1 }),
    ];
    const f = fargateOf('prod', rows, INVENTORY);
    expect(f).toMatchObject({
      cost: 5.5,
      cpu_cost: 4,
      memory_cost: 1.5,
      vcpu_hours: 40,
      gb_hours: 80,
      pods: 3,
    });
    expect(f.namespaces).toEqual([
      { namespace: 'jobs', profile: 'batch', cost: 4, pods: 2 },
      { namespace: 'web', profile: null, cost: 1.5, pods: 1 },
    ]);
    expect(f.profiles).toEqual([{ name: 'batch', state: 'active', namespaces: ['jobs'] }]);
  });

  it('gives a namespace’s pods to the profile whose selector labels their lines carry (pod labels as cost allocation tags)', () => {
    const inventory = [
      // Pods labelled tier=batch in `jobs` run under batch-fp, those labelled app.kubernetes.io/name=etl under
      // etl-fp; any other pod of `jobs` under the namespace-only profile.
      inv('eks-fargate-profile', 'prod/batch-fp', {
        selectors: [{ namespace: 'jobs', labels: { tier: 'batch' } }],
      }),
      inv('eks-fargate-profile', 'prod/etl-fp', {
        selectors: [{ namespace: 'jobs', labels: { 'app.kubernetes.io/name': 'etl' } }],
      }),
      inv('eks-fargate-profile', 'prod/jobs-fp', { selectors: [{ namespace: 'jobs', labels: {} }] }),
    ];
    const tags = fargateLabelTags(inventory);
    expect(tags).toEqual(['user_app_kubernetes_io_name', 'user_tier']);
    const labelled = (tier: string | null, name: string | null) => ({
      labels: { user_tier: tier, user_app_kubernetes_io_name: name },
    });
    const f = fargateOf(
      'prod',
      [
        fargate('prod', 'jobs', 2, 1, 3, labelled('batch', null)),
        fargate('prod', 'jobs', 1, 1, 1, labelled(null, 'etl')),
        fargate('prod', 'jobs', 0.5, 0.5, 1, labelled('web', null)),
      ],
      inventory,
    );
    expect(f.namespaces).toEqual([
      { namespace: 'jobs', profile: 'batch-fp', cost: 3, pods: 3 },
      { namespace: 'jobs', profile: 'etl-fp', cost: 2, pods: 1 },
      { namespace: 'jobs', profile: 'jobs-fp', cost: 1, pods: 1 },
    ]);
    expect(f.cost).toBe(6);
    // Lines with no label tags (labels not activated for cost allocation): the namespace-only profile takes them.
    const untagged = fargateOf('prod', [fargate('prod', 'jobs', 1, 0, 1, labelled(null, null))], inventory);
    expect(untagged.namespaces).toEqual([{ namespace: 'jobs', profile: 'jobs-fp', cost: 1, pods: 1 }]);
    // Without a namespace-only profile, a label-selecting one naming the namespace is the best guess.
    const guessed = fargateOf('prod', [fargate('prod', 'jobs', 1, 0, 1)], inventory.slice(0, 2));
    expect(guessed.namespaces[0]?.profile).toBe('batch-fp');
  });
});
