import { describe, expect, it } from 'vitest';
import type { ClusterWorkload, KubernetesPort } from '../../integrations/kubernetes/kubernetes-port';
import { KubernetesApiError } from '../../integrations/kubernetes/kubernetes-port';
import type { KubernetesCostRow, SplitSums } from '../../warehouse/cost-query/kubernetes-costs';
import { estimateWorkloads, scheduledWorkloads, workloadBills } from './workload-estimate';

const sums = (podHours: number, splitCost: number): SplitSums => ({
  podHours,
  reserved: 0,
  actual: 0,
  splitUsage: 0,
  peak: 0,
  splitCost,
  unusedCost: 0,
});

/** A pod's day: its hours, 60 % of its split cost on the vCPU row and 40 % on the memory row. */
const podDay = (
  controller: string,
  pod: string,
  day: string,
  hours: number,
  cost: number,
): KubernetesCostRow => ({
  keys: ['Deployment', controller, pod, day],
  cpu: sums(hours, cost * 0.6),
  memory: sums(hours, cost * 0.4),
});

/** Weekdays 08:00–20:00 (local minutes of the week from Monday 00:00): 60 running hours of 168. */
const OFFICE_HOURS = [0, 1, 2, 3, 4].map((d) => ({ start: d * 1440 + 480, end: d * 1440 + 1200 }));

describe('a workload schedule’s estimate', () => {
  it('prices a workload by its split cost per running hour, the same whether a schedule already stops it or not', () => {
    const bills = workloadBills('prod', 'shop', [
      // web: two replicas all day, $0.10 an hour each.
      ...['2026-11-02', '2026-11-03'].flatMap((day) => [
        podDay('web', 'web-a', day, 24, 2.4),
        podDay('web', 'web-b', day, 24, 2.4),
      ]),
      // batch: the same two replicas, already kept at zero 12 hours a day (new pods every morning).
      ...['2026-11-02', '2026-11-03'].flatMap((day) => [
        podDay('batch', `batch-a-${day}`, day, 12, 1.2),
        podDay('batch', `batch-b-${day}`, day, 12, 1.2),
      ]),
      // api: a rollout replaced its one pod at 14:00 — the day counts the longer pod's 14 hours.
      podDay('api', 'api-old', '2026-11-02', 14, 1.4),
      podDay('api', 'api-new', '2026-11-02', 10, 1.0),
    ]);
    expect(bills.get('prod/shop/deployment/web')).toEqual({ cost: expect.closeTo(9.6, 9), runningHours: 48 });
    expect(bills.get('prod/shop/deployment/batch')).toEqual({
      cost: expect.closeTo(4.8, 9),
      runningHours: 24,
    });
    expect(bills.get('prod/shop/deployment/api')).toEqual({ cost: expect.closeTo(2.4, 9), runningHours: 14 });

    const workload = (name: string) => ({
      cluster: 'k1',
      clusterName: 'prod',
      namespace: 'shop',
      kind: 'deployment' as const,
      name,
    });
    const estimate = estimateWorkloads(
      OFFICE_HOURS,
      { from: '2026-10-05', to: '2026-11-03' },
      [workload('web'), workload('batch'), workload('gone')],
      bills,
    );
    const [web, batch, gone] = estimate.workloads;
    // Office hours stop it 108 of 168 hours: 462.86 of 30 days' 720.
    expect(web?.stopped_hours_30d).toBeCloseTo((720 * 108) / 168, 9);
    expect(web?.hourly_cost).toBeCloseTo(0.2, 9);
    expect(batch?.hourly_cost).toBeCloseTo(0.2, 9);
    expect(web?.estimated_saving_30d).toBeCloseTo(0.2 * ((720 * 108) / 168), 9);
    // A workload without split rows (no bill for it) saves nothing by this estimate.
    expect(gone).toMatchObject({
      split_cost_30d: 0,
      running_hours_30d: 0,
      hourly_cost: 0,
      estimated_saving_30d: 0,
    });
    expect(estimate.monthly_saving).toBeCloseTo((2 * 0.2 * ((720 * 108) / 168) * 30.4375) / 30, 9);
    // $187.84 a month for two $0.20-an-hour workloads under office hours.
    expect(Number(estimate.monthly_saving?.toFixed(2))).toBe(187.84);
    expect(estimateWorkloads(OFFICE_HOURS, null, [workload('web')], bills).monthly_saving).toBeNull();
  });

  it('finds the named workloads and those a label selector matches now, one listing per selector; a refusal is reported', async () => {
    const listed: string[] = [];
    const port = (answer: (selector: string | null) => ClusterWorkload[]): KubernetesPort => ({
      check: async () => undefined,
      listNamespaces: async () => [],
      readScale: async () => 0,
      scale: async () => ({ before: 0, after: 0 }),
      async listWorkloads(namespace, kind, selector) {
        listed.push(`${namespace}/${kind}/${selector}`);
        return answer(selector ?? null);
      },
    });
    const queue: ClusterWorkload = {
      kind: 'statefulset',
      namespace: 'ops',
      name: 'queue',
      replicas: 2,
      readyReplicas: 2,
      labels: { tier: 'batch' },
    };
    const clusters = {
      ports: async () =>
        new Map([
          ['k1', { name: 'prod', port: port(() => [queue]) }],
          [
            'k2',
            {
              name: 'batch',
              port: port(() => {
                throw new KubernetesApiError('401 Unauthorized', 401);
              }),
            },
          ],
        ]),
    };
    const selector = {
      cluster: 'k1',
      namespace: 'ops',
      kind: 'statefulset' as const,
      name: null,
      label_selector: 'tier=batch',
    };
    const found = await scheduledWorkloads(clusters, [
      {
        id: 's1',
        workloads: [
          { cluster: 'k1', namespace: 'ops', kind: 'deployment', name: 'worker', label_selector: null },
          selector,
          { cluster: 'k2', namespace: 'jobs', kind: 'deployment', name: null, label_selector: 'app=etl' },
          { cluster: 'gone', namespace: 'x', kind: 'deployment', name: 'y', label_selector: null },
        ],
      },
      { id: 's2', workloads: [selector] },
    ]);
    expect(
      found.get('s1')?.workloads.map((w) => `${w.clusterName}/${w.namespace}/${w.kind}/${w.name}`),
    ).toEqual(['prod/ops/deployment/worker', 'prod/ops/statefulset/queue']);
    expect(found.get('s1')?.unlisted).toEqual([
      {
        cluster: 'k2',
        namespace: 'jobs',
        kind: 'deployment',
        label_selector: 'app=etl',
        error: '401 Unauthorized',
      },
    ]);
    expect(found.get('s2')?.workloads.map((w) => w.name)).toEqual(['queue']);
    // The two schedules' same selector is asked once.
    expect(listed).toEqual(['ops/statefulset/tier=batch', 'jobs/deployment/app=etl']);
  });
});
