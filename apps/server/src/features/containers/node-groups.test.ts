import { describe, expect, it } from 'vitest';
import type { KubernetesCostRow, NodeBillRow } from '../../warehouse/cost-query/kubernetes-costs';
import { fargateOf, inventoryNodeGroups, nodeGroupsOf, UNGROUPED } from './node-groups';

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
      { cluster: 'prod', namespace: 'jobs', cpuCost: 3, memoryCost: 1, vcpuHours: 30, gbHours: 60, pods: 2 },
      { cluster: 'prod', namespace: 'web', cpuCost: 1, memoryCost: 0.5, vcpuHours: 10, gbHours: 20, pods: 1 },
      { cluster: 'other', namespace: 'web', cpuCost: 9, memoryCost: 9, vcpuHours: 1, gbHours: 1, pods: 1 },
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
});
