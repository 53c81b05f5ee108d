import {
  allocationSchema,
  containersSummarySchema,
  CONTAINERS_PATHS as P,
  reconciliationSchema,
  rightsizingSchema,
  SPLIT_DATA_ACTION,
} from '@finlens/contracts/containers';
import { INVENTORY_PATHS } from '@finlens/contracts/inventory';
import { clusterListSchema, KUBERNETES_PATHS } from '@finlens/contracts/kubernetes';
import { SCHEDULER_PATHS, scheduleListSchema, scheduleSchema } from '@finlens/contracts/scheduler';
import { addDays } from '@finlens/cost-model/utc-calendar';
import { LEGACY_SPLIT_COLUMNS } from '@finlens/server/ingest/aws-cur/legacy-split-columns.test-helper';
import { beforeAll, describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS, clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import { useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
const ACCOUNT = AWS_TEST_SETTINGS.account_id;
const now = new Date();
const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 2))
  .toISOString()
  .slice(0, 10);
const NODE = 'i-0aaaabbbbccccdddd';
const POD = (name: string) => `arn:aws:eks:us-east-1:${ACCOUNT}:pod/shop-eks/web/${name}/0000-1111`;

/** Legacy CUR (slash headers) with split cost allocation columns: one node-hour split between two pods. */
const HEADER = [
  'lineItem/LineItemType',
  'lineItem/UsageStartDate',
  'lineItem/UsageAccountId',
  'lineItem/ProductCode',
  'product/servicename',
  'product/region',
  'lineItem/ResourceId',
  'lineItem/UsageType',
  'lineItem/Operation',
  'lineItem/UnblendedCost',
  'lineItem/CurrencyCode',
  'resourceTags/aws:eks:cluster-name',
  'resourceTags/aws:eks:namespace',
  'resourceTags/aws:eks:workload-type',
  'resourceTags/aws:eks:workload-name',
  ...LEGACY_SPLIT_COLUMNS,
].join(',');

function cur(): Buffer {
  const lines = [HEADER];
  for (const hour of ['00', '01']) {
    const at = `${day}T${hour}:00:00Z`;
    lines.push(
      `Usage,${at},${ACCOUNT},AmazonEC2,Amazon Elastic Compute Cloud,us-east-1,${NODE},USE1-BoxUsage:m5.xlarge,RunInstances,0.2,USD,shop-eks,,,,,,,,,,`,
      // A cluster whose export has no split data: only its control-plane fee.
      `Usage,${at},${ACCOUNT},AmazonEKS,Amazon Elastic Container Service for Kubernetes,us-east-1,arn:aws:eks:us-east-1:${ACCOUNT}:cluster/batch-eks,USE1-AmazonEKS-Hours:perCluster,CreateOperation,0.1,USD,,,,,,,,,,,`,
    );
    // [pod, usage type, reserved, actual, ratio, split cost, unused cost]: CPU takes 0.12 of the hour, memory 0.08.
    const pods: [string, string, number, number, number, number, number][] = [
      ['api-1', 'vCPU-Hours', 2, 1.8, 0.5, 0.06, 0.02],
      ['worker-1', 'vCPU-Hours', 1, 0.1, 0.25, 0.03, 0.01],
      ['api-1', 'GB-Hours', 8, 6, 0.5, 0.04, 0.01],
      ['worker-1', 'GB-Hours', 4, 0.5, 0.25, 0.02, 0.01],
    ];
    for (const [pod, unit, reserved, actual, ratio, split, unused] of pods) {
      const workload = pod.replace(/-\d+$/, '');
      lines.push(
        `Usage,${at},${ACCOUNT},AmazonEKS,Amazon Elastic Container Service for Kubernetes,us-east-1,${POD(pod)},USE1-EKS-EC2-${unit},EKSPod-EC2,0,USD,shop-eks,web,Deployment,${workload},${NODE},${reserved},${actual},${Math.max(reserved, actual)},${ratio},${split},${unused}`,
      );
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

let a: Awaited<ReturnType<typeof clientWithBilling>>;

beforeAll(async () => {
  a = await clientWithBilling(context, 'containers', cur());
}, 120_000);

const get = async (path: string) => {
  const answer = await a.admin.session.get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const range = `start_date=${day}&end_date=${day}`;

describe('Kubernetes cost from split cost allocation data', () => {
  it('allocates the node to its pods from a legacy CUR, reconciled, and names the cluster without split data', async () => {
    const s = containersSummarySchema.parse(await get(`${P.summary}?${range}`));
    expect(s.clusters).toHaveLength(1);
    expect(s.clusters[0]).toMatchObject({ cluster_name: 'shop-eks', nodes: 1 });
    expect(s.clusters[0]?.cost).toBeCloseTo(0.4, 9);
    expect(s.clusters[0]?.node_cost).toBeCloseTo(0.4, 9);
    expect(s.clusters[0]?.idle_cost).toBeCloseTo(0.1, 9);
    expect(s.clusters[0]?.cpu.used_over_requested).toBeCloseTo(1.9 / 3, 9);
    // Capacity from split usage ÷ ratio: 4 vCPU and 16 GB per hour.
    expect(s.clusters[0]?.cpu.capacity).toBeCloseTo(8, 9);
    expect(s.clusters[0]?.memory.requested_over_capacity).toBeCloseTo(24 / 32, 9);
    // The node's lines are on-demand usage: all of its pods' cost runs on on-demand capacity.
    expect(s.capacity_types.map((t) => t.capacity_type)).toEqual(['on_demand']);
    expect(s.capacity_types[0]?.cost).toBeCloseTo(0.4, 9);
    const spot = containersSummarySchema.parse(await get(`${P.summary}?${range}&capacity_type=spot`));
    expect(spot.clusters).toEqual([]);
    expect(s.clusters_without_split_data).toEqual([
      {
        cluster_name: 'batch-eks',
        account_id: ACCOUNT,
        region: 'us-east-1',
        cost: 0.2,
        action: SPLIT_DATA_ACTION,
      },
    ]);

    const r = reconciliationSchema.parse(await get(`${P.reconciliation}?${range}`));
    expect(r).toMatchObject({ node_hours: 2, mismatch_count: 0, missing_nodes: 0 });
  });

  it('groups by workload with idle shared, exports CSV, and recommends smaller requests', async () => {
    const alloc = allocationSchema.parse(
      await get(`${P.allocation}?${range}&group_by=controller&idle=cluster`),
    );
    const cost = Object.fromEntries(alloc.rows.map((row) => [row.key, row.cost]));
    // Split 0.2 (api) and 0.1 (worker) over two hours; idle 0.1 shared 2:1 in whole cents.
    expect(cost.api).toBeCloseTo(0.27, 9);
    expect(cost.worker).toBeCloseTo(0.13, 9);
    const csv = await a.admin.session.get(`${P.allocation}?${range}&group_by=pod&format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\n')[0]).toMatch(/^cluster_name,pod,cost/);

    const rs = rightsizingSchema.parse(await get(`${P.rightsizing}?${range}`));
    const worker = rs.workloads.find((w) => w.controller === 'worker');
    expect(worker?.cpu).toMatchObject({ requested: 1, recommended: 0.15 });
    expect(worker?.monthly_saving).toBeGreaterThan(0);
  });

  it('answers 400 naming the field for bad input', async () => {
    const s = a.admin.session;
    await expect400(s.get(`${P.allocation}?group_by=planet`), 'group_by');
    await expect400(s.get(`${P.allocation}?idle=spread`), 'idle');
    await expect400(s.get(`${P.summary}?cost_basis=list`), 'cost_basis');
    await expect400(s.get(`${P.summary}?capacity_type=lease`), 'capacity_type');
    await expect400(s.get(`${P.rightsizing}?headroom=500`), 'headroom');
    await expect400(s.get(`${P.summary}?start_date=2026-02-30&end_date=2026-03-01`), 'start_date');
    await expect400(s.get(`${P.allocation}?page_size=0`), 'page_size');
  });
});

describe('a workload schedule’s estimate', () => {
  it("prices each scheduled workload by its pods' split cost per running hour × the hours it stays at zero", async () => {
    const s = a.admin.session;
    // The bill's cluster, registered as a simulated one (PUT …/scenario/); worker carries the selector's label.
    const loaded = await s.request('PUT', INVENTORY_PATHS.scenario(a.projectId), {
      body: {
        version: 1,
        regions: [{ name: 'us-east-1' }],
        accounts: [{ accountId: ACCOUNT }],
        kubernetes: {
          clusters: [
            {
              name: 'shop-eks',
              workloads: [
                { namespace: 'web', kind: 'deployment', name: 'api', replicas: 1 },
                {
                  namespace: 'web',
                  kind: 'deployment',
                  name: 'worker',
                  replicas: 1,
                  labels: { tier: 'batch' },
                },
              ],
            },
          ],
        },
      },
    });
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
    const [cluster] = clusterListSchema.parse((await s.get(KUBERNETES_PATHS.clusters)).body).results;
    const created = await s.post(SCHEDULER_PATHS.schedules, {
      schedule_name: 'Shop office hours',
      project: a.projectId,
      time_zone: 'UTC',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      start: '08:00',
      end: '20:00',
      workloads: [
        { cluster: cluster?.id, namespace: 'web', kind: 'deployment', name: 'api' },
        { cluster: cluster?.id, namespace: 'web', kind: 'deployment', label_selector: 'tier=batch' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const schedule = scheduleSchema.parse(created.body);
    const estimate = schedule.workload_estimate;
    // The legacy CUR has no net split cost: amortized split cost, $0.10 (api) and $0.05 (worker) per running
    // hour over its two billed hours; office hours keep them at zero 108 of 168 hours, 462.86 h of 30 days.
    const stopped = (720 * 108) / 168;
    expect(estimate?.window).toEqual({ from: addDays(day, -29), to: day });
    expect(
      estimate?.workloads.map((w) => [w.name, w.running_hours_30d, Number(w.hourly_cost.toFixed(6))]),
    ).toEqual([
      ['api', 2, 0.1],
      ['worker', 2, 0.05],
    ]);
    expect(estimate?.workloads[0]?.stopped_hours_30d).toBeCloseTo(stopped, 9);
    expect(estimate?.workloads[1]?.estimated_saving_30d).toBeCloseTo(0.05 * stopped, 9);
    expect(estimate?.monthly_saving).toBeCloseTo((0.15 * stopped * 30.4375) / 30, 9);
    expect(Number(estimate?.monthly_saving?.toFixed(2))).toBe(70.44);
    // No node group in the inventory, nothing left unlisted; the cloud resources' estimate stays apart.
    expect(estimate).toMatchObject({ unlisted: [], node_groups: [] });
    expect(schedule.estimated_monthly_saving).toBe(0);
    // The list answers the same figures.
    const listed = scheduleListSchema.parse((await s.get(SCHEDULER_PATHS.schedules)).body).results;
    expect(listed.find((x) => x.id === schedule.id)?.workload_estimate).toEqual(estimate);
  });
});
