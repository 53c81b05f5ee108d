import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  containersQuerySchema,
  FOCUS_SPLIT_DATA_ACTION,
  SPLIT_DATA_ACTION,
} from '@finlens/contracts/containers';
import { athenaColumnName } from '@finlens/cost-model/billing-column-names';
import { describe, expect, it } from 'vitest';
import { LEGACY_SPLIT_COLUMNS } from '../../ingest/aws-cur/legacy-split-columns.test-helper';
import { importPath, tempWarehouse } from '../../ingest/import-file.test-helper';
import { testCaller } from '../../platform/auth/caller.test-helper';
import type { KubernetesScope } from '../../warehouse/cost-query/kubernetes-costs';
import { costScopesOver } from '../../warehouse/cost-scope';
import { createContainersService } from './containers.service';

/**
 * Split cost allocation data in the other AWS layouts (billing-formats §1.3.12, §1.6, §4.8): legacy CUR carries
 * it as `splitLineItem/*` columns, which become the CUR 2.0 names the containers screens read; FOCUS (1.0–1.2,
 * and AWS's FOCUS exports with their x_ columns) carries none, so a FOCUS-only bill lists its clusters as
 * lacking split data with a FOCUS-specific action.
 *
 * The legacy file is hand-made (no public legacy CUR with split columns was found): one m5.xlarge node of
 * cluster legacy-eks at $0.192 an hour for two hours ($0.144 vCPU, $0.048 memory), pods web-a (both hours)
 * and api-b (first hour), each pod-hour a vCPU and a memory row whose split plus unused costs add up to the
 * node's hour, as AWS allocates them.
 */
const warehouse = tempWarehouse('finlens-split-formats-');

const NODE = 'i-0a1b2c3d4e5f60001';
const ACCOUNT = '111122223333';
const LEGACY_HEADER = [
  'identity/LineItemId',
  'bill/PayerAccountId',
  'bill/BillingPeriodStartDate',
  'lineItem/UsageAccountId',
  'lineItem/LineItemType',
  'lineItem/UsageStartDate',
  'lineItem/UsageEndDate',
  'lineItem/ProductCode',
  'lineItem/UsageType',
  'lineItem/Operation',
  'lineItem/ResourceId',
  'lineItem/UsageAmount',
  'lineItem/CurrencyCode',
  'lineItem/UnblendedCost',
  'product/instanceType',
  'product/region',
  ...LEGACY_SPLIT_COLUMNS,
  'splitLineItem/NetSplitCost',
  'splitLineItem/NetUnusedCost',
  'splitLineItem/PublicOnDemandSplitCost',
  'splitLineItem/PublicOnDemandUnusedCost',
  'resourceTags/aws:eks:cluster-name',
  'resourceTags/aws:eks:namespace',
  'resourceTags/aws:eks:workload-type',
  'resourceTags/aws:eks:workload-name',
];

const hour = (h: number) => [`2026-03-01T0${h}:00:00Z`, `2026-03-01T0${h + 1}:00:00Z`];
let lineId = 0;
function row(h: number, cells: Partial<Record<string, string | number>>): string {
  lineId += 1;
  const base: Record<string, string | number> = {
    'identity/LineItemId': `line-${lineId}`,
    'bill/PayerAccountId': ACCOUNT,
    'bill/BillingPeriodStartDate': '2026-03-01T00:00:00Z',
    'lineItem/UsageAccountId': ACCOUNT,
    'lineItem/LineItemType': 'Usage',
    'lineItem/UsageStartDate': hour(h)[0] as string,
    'lineItem/UsageEndDate': hour(h)[1] as string,
    'lineItem/CurrencyCode': 'USD',
    'product/region': 'us-east-1',
  };
  const all = { ...base, ...cells };
  return LEGACY_HEADER.map((c) => String(all[c] ?? '')).join(',');
}

const nodeRow = (h: number) =>
  row(h, {
    'lineItem/ProductCode': 'AmazonEC2',
    'lineItem/UsageType': 'BoxUsage:m5.xlarge',
    'lineItem/Operation': 'RunInstances',
    'lineItem/ResourceId': NODE,
    'lineItem/UsageAmount': 1,
    'lineItem/UnblendedCost': 0.192,
    'product/instanceType': 'm5.xlarge',
    'resourceTags/aws:eks:cluster-name': 'legacy-eks',
  });

/** One pod-hour's row of one resource: reserved, actual, split usage and ratio, split and unused cost. */
function podRow(h: number, pod: string, unit: 'vCPU' | 'GB', figures: number[]): string {
  const [reserved, actual, split, ratio, splitCost, unusedCost] = figures;
  const namespace = pod === 'web-a' ? 'web' : 'api';
  return row(h, {
    'lineItem/ProductCode': 'AmazonEKS',
    'lineItem/UsageType': `USE1-EKS-EC2-${unit}-Hours`,
    'lineItem/Operation': 'EKSPod-EC2',
    'lineItem/ResourceId': `arn:aws:eks:us-east-1:${ACCOUNT}:pod/legacy-eks/${namespace}/${pod}/uid-${pod}`,
    'lineItem/UsageAmount': split,
    'lineItem/UnblendedCost': 0,
    'splitLineItem/ParentResourceId': NODE,
    'splitLineItem/ReservedUsage': reserved,
    'splitLineItem/ActualUsage': actual,
    'splitLineItem/SplitUsage': split,
    'splitLineItem/SplitUsageRatio': ratio,
    'splitLineItem/SplitCost': splitCost,
    'splitLineItem/UnusedCost': unusedCost,
    'splitLineItem/NetSplitCost': splitCost,
    'splitLineItem/NetUnusedCost': unusedCost,
    'splitLineItem/PublicOnDemandSplitCost': splitCost,
    'splitLineItem/PublicOnDemandUnusedCost': unusedCost,
    'resourceTags/aws:eks:cluster-name': 'legacy-eks',
    'resourceTags/aws:eks:namespace': namespace,
    'resourceTags/aws:eks:workload-type': 'Deployment',
    'resourceTags/aws:eks:workload-name': pod.split('-')[0],
  });
}

const LEGACY_CSV = [
  LEGACY_HEADER.join(','),
  nodeRow(0),
  nodeRow(1),
  // Hour 0: web-a asks 1 vCPU / 4 GB and uses 0.5 / 2; api-b asks 2 / 4 and uses 2.5 / 3.
  podRow(0, 'web-a', 'vCPU', [1, 0.5, 1, 0.25, 0.036, 0.006]),
  podRow(0, 'web-a', 'GB', [4, 2, 4, 0.25, 0.012, 0.012]),
  podRow(0, 'api-b', 'vCPU', [2, 2.5, 2.5, 0.625, 0.09, 0.012]),
  podRow(0, 'api-b', 'GB', [4, 3, 4, 0.25, 0.012, 0.012]),
  // Hour 1: web-a alone carries the node's idle capacity.
  podRow(1, 'web-a', 'vCPU', [1, 0.5, 1, 0.25, 0.036, 0.108]),
  podRow(1, 'web-a', 'GB', [4, 2, 4, 0.25, 0.012, 0.036]),
].join('\n');

/**
 * A FOCUS 1.2 export as AWS writes it (x_ServiceCode, x_Operation; hand-made): an EKS cluster's control plane
 * (no SkuMeter on that row) and a node, and no split columns, as no FOCUS version or AWS FOCUS table has any.
 */
const FOCUS_HEADER = [
  'BillingAccountId',
  'SubAccountId',
  'BillingPeriodStart',
  'BillingPeriodEnd',
  'ChargePeriodStart',
  'ChargePeriodEnd',
  'ChargeCategory',
  'BilledCost',
  'EffectiveCost',
  'ListCost',
  'BillingCurrency',
  'ResourceId',
  'RegionId',
  'ServiceName',
  'SkuMeter',
  'x_ServiceCode',
  'x_Operation',
];
const FOCUS_CSV = [
  FOCUS_HEADER.join(','),
  `${ACCOUNT},${ACCOUNT},2026-03-01T00:00:00Z,2026-04-01T00:00:00Z,2026-03-01T00:00:00Z,2026-03-01T01:00:00Z,Usage,0.1,0.1,0.1,USD,arn:aws:eks:us-east-1:${ACCOUNT}:cluster/focus-eks,us-east-1,Amazon Elastic Kubernetes Service,,AmazonEKS,CreateOperation`,
  `${ACCOUNT},${ACCOUNT},2026-03-01T00:00:00Z,2026-04-01T00:00:00Z,2026-03-01T00:00:00Z,2026-03-01T01:00:00Z,Usage,0.192,0.192,0.192,USD,${NODE},us-east-1,Amazon Elastic Compute Cloud,BoxUsage:m5.xlarge,AmazonEC2,RunInstances`,
].join('\n');

/** The EKS dashboard's summary of one imported project, over the fixtures' day. */
async function summary(projectId: string) {
  const service = createContainersService({
    scopes: costScopesOver(async () => [{ id: projectId, name: projectId, cloudType: 'aws' as const }]),
    warehouse: warehouse.store,
  });
  const query = { project_ids: projectId, start_date: '2026-03-01', end_date: '2026-03-01' };
  return service.summary(testCaller('client'), containersQuerySchema.parse(query));
}

const scopeOf = (projectId: string): KubernetesScope => ({
  clientId: 'client',
  projectIds: [projectId],
  from: '2026-03-01',
  to: '2026-03-01',
  basis: 'amortized',
  filters: {},
});

describe('split cost allocation data by billing format', () => {
  // The same bill with the CSV's slash headers and with the Athena/Parquet names (splitLineItem/SplitCost → split_line_item_split_cost).
  it.each(['legacy-csv', 'legacy-athena'])(
    'reads a %s CUR with split columns into pod figures reconciled to the node',
    async (variant) => {
      const path = join(warehouse.dir, `${variant}.csv`);
      const csv =
        variant === 'legacy-csv'
          ? LEGACY_CSV
          : LEGACY_CSV.replace(LEGACY_HEADER.join(','), LEGACY_HEADER.map(athenaColumnName).join(','));
      await writeFile(path, `${csv}\n`);
      await importPath(warehouse.store, path, variant);
      const store = warehouse.store;
      const formats = await store.connection.runAndReadAll(
        `SELECT DISTINCT source_format FROM line_items WHERE project_id = '${variant}'`,
      );
      expect(formats.getRowObjectsJson()).toEqual([{ source_format: variant }]);
      const scope = scopeOf(variant);
      const pods = await store.kubernetesCosts({
        ...scope,
        groupBy: ['cluster_name', 'pod_namespace', 'pod'],
      });
      const figures = pods
        .map((r) => ({
          keys: r.keys,
          cpu: [r.cpu.podHours, r.cpu.reserved, r.cpu.actual, r.cpu.splitCost, r.cpu.unusedCost],
          memory: [r.memory.reserved, r.memory.actual, r.memory.splitCost, r.memory.unusedCost],
        }))
        .sort((a, b) => a.keys.join().localeCompare(b.keys.join()));
      const round = (xs: number[]) => xs.map((x) => Math.round(x * 1e6) / 1e6);
      expect(figures.map((f) => ({ ...f, cpu: round(f.cpu), memory: round(f.memory) }))).toEqual([
        { keys: ['legacy-eks', 'api', 'api-b'], cpu: [1, 2, 2.5, 0.09, 0.012], memory: [4, 3, 0.012, 0.012] },
        { keys: ['legacy-eks', 'web', 'web-a'], cpu: [2, 2, 1, 0.072, 0.114], memory: [8, 4, 0.024, 0.048] },
      ]);
      // Workloads and nodes come from the aws:eks tags and the parent instance, as in CUR 2.0.
      const workloads = await store.kubernetesCosts({
        ...scope,
        groupBy: ['controllerKind', 'controller', 'node'],
      });
      expect(workloads.map((r) => r.keys).sort()).toEqual([
        ['Deployment', 'api', NODE],
        ['Deployment', 'web', NODE],
      ]);
      // Per hour and node: pods' split + unused = the node's $0.192, on both bases, and nothing is counted twice.
      for (const basis of ['amortized', 'net_amortized'] as const) {
        const r = await store.reconcileNodeHours({ ...scope, basis });
        expect({
          ...r,
          nodeCost: Math.round(r.nodeCost * 100),
          podCost: Math.round(r.podCost * 100),
        }).toEqual({
          nodeHours: 2,
          mismatchCount: 0,
          mismatches: [],
          missingNodes: 0,
          nodeCost: 38,
          podCost: 38,
        });
      }
      expect(await store.billClusters(scope)).toEqual([
        expect.objectContaining({ cluster: 'legacy-eks', focusOnly: false }),
      ]);
      // The EKS dashboard: the cluster with its cost = its node's, CPU, memory and idle apart.
      const s = await summary(variant);
      expect(s.clusters_without_split_data).toEqual([]);
      const figures6 = (xs: number[]) => xs.map((x) => Math.round(x * 1e6) / 1e6);
      expect(
        s.clusters.map((c) => [
          c.cluster_name,
          ...figures6([c.cost, c.node_cost, c.cpu_cost, c.memory_cost, c.idle_cost]),
        ]),
      ).toEqual([['legacy-eks', 0.384, 0.384, 0.162, 0.036, 0.186]]);
    },
  );

  it('finds no pod rows in a FOCUS export and marks its clusters as known from FOCUS alone', async () => {
    const path = join(warehouse.dir, 'focus.csv');
    await writeFile(path, `${FOCUS_CSV}\n`);
    await importPath(warehouse.store, path, 'focus');
    const scope = scopeOf('focus');
    expect(await warehouse.store.kubernetesCosts({ ...scope, groupBy: ['cluster_name'] })).toEqual([]);
    expect(await warehouse.store.billClusters(scope)).toEqual([
      { cluster: 'focus-eks', accountId: ACCOUNT, region: 'us-east-1', cost: 0.1, focusOnly: true },
    ]);
    // The EKS dashboard says the FOCUS export is why, and what to import instead.
    const s = await summary('focus');
    expect(s.clusters).toEqual([]);
    expect(s.clusters_without_split_data).toEqual([
      {
        cluster_name: 'focus-eks',
        account_id: ACCOUNT,
        region: 'us-east-1',
        cost: 0.1,
        action: FOCUS_SPLIT_DATA_ACTION,
      },
    ]);
    expect(FOCUS_SPLIT_DATA_ACTION).not.toBe(SPLIT_DATA_ACTION);
  });
});
