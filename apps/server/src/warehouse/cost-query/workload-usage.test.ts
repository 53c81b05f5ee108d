import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile } from '@finlens/cost-model/forecast-band';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSameFigures } from '../clickhouse/clickhouse-parity.test-helper';
import { demoOnBothEngines } from '../clickhouse/demo-on-both-engines.test-helper';
import { DEMO_CLIENT, DEMO_PROJECT } from '../duckdb/demo-warehouse.test-helper';
import { type DuckDbCostStore, openDuckDbCostStore } from '../duckdb/duckdb-cost-store';
import { duckDbDialect } from '../duckdb/duckdb-dialect';
import type { KubernetesScope } from './kubernetes-costs';
import { compileWorkloadUsage, type WorkloadUsageRow } from './workload-usage';

/** Container rightsizing's read of the small demo export (two EKS clusters, daily split rows) on both engines. */
const demo = demoOnBothEngines('finlens-workload-usage-');
const scope: KubernetesScope = {
  clientId: DEMO_CLIENT,
  projectIds: [DEMO_PROJECT],
  from: '2026-03-18',
  to: '2026-03-31',
  basis: 'amortized',
  filters: {},
};

const keyOf = (r: Pick<WorkloadUsageRow, 'cluster' | 'namespace' | 'kind' | 'controller'>) =>
  [r.cluster, r.namespace, r.kind, r.controller].join('/');
const sorted = (rows: WorkloadUsageRow[]) => [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

describe('workload usage', () => {
  it('reads the workload-hour rollup, which answers as the line items do, on DuckDB and ClickHouse alike', async () => {
    expect(compileWorkloadUsage(duckDbDialect, scope).sql).toMatch(/FROM "container_workload_rollup_hourly"/);
    expect(compileWorkloadUsage(duckDbDialect, { ...scope, filters: { node: 'i-1' } }).sql).toMatch(
      /FROM "line_items"/,
    );
    const all = sorted(await demo.duck.workloadUsage(scope));
    expect(all.length).toBeGreaterThan(5);
    const one = all.find((r) => r.namespace !== 'kube-system') ?? all[0];
    const scopes: KubernetesScope[] = [
      scope,
      { ...scope, from: '2026-01-01', basis: 'net_amortized' },
      { ...scope, filters: { cluster_name: String(one?.cluster), pod_namespace: String(one?.namespace) } },
      { ...scope, filters: { controller: String(one?.controller) } },
    ];
    for (const [i, s] of scopes.entries()) {
      const rollup = sorted(await demo.duck.workloadUsage(s));
      const lines = sorted(await demo.duck.workloadUsage({ ...s, useRollup: false }));
      expect(lines.length, `scope ${i}`).toBeGreaterThan(0);
      expectSameFigures(rollup, lines, `scope ${i}`);
      if (demo.house !== null)
        expectSameFigures(sorted(await demo.house.workloadUsage(s)), rollup, `house ${i}`);
    }
    // Per day: the days' sums add up to the whole, their largest is the peak; the same on ClickHouse.
    const byDay = await demo.duck.workloadUsage(scope, { byDay: true });
    for (const whole of all) {
      const days = byDay.filter((d) => keyOf(d) === keyOf(whole));
      expect(days.every((d) => d.day !== null && d.day >= scope.from && d.day <= scope.to)).toBe(true);
      expect(days.reduce((sum, d) => sum + d.cpu.podHours, 0)).toBeCloseTo(whole.cpu.podHours, 6);
      expect(Math.max(...days.map((d) => d.memory.peak))).toBeCloseTo(whole.memory.peak, 9);
    }
    const byDayKey = (rows: WorkloadUsageRow[]) =>
      [...rows].sort((a, b) => `${a.day}|${keyOf(a)}`.localeCompare(`${b.day}|${keyOf(b)}`));
    if (demo.house !== null)
      expectSameFigures(
        byDayKey(await demo.house.workloadUsage(scope, { byDay: true })),
        byDayKey(byDay),
        'by day',
      );
    // Every pod row of the import is in the rollup once.
    const count = async (sql: string) =>
      Number((await demo.duck.connection.runAndReadAll(sql)).getRowObjectsJson()[0]?.n);
    expect(await count('SELECT sum(row_count) AS n FROM container_workload_rollup_hourly')).toBe(
      await count(
        `SELECT count(*) AS n FROM line_items WHERE line_item_operation = 'EKSPod-EC2' AND split_line_item_parent_resource_id <> ''`,
      ),
    );
  });

  it('takes the p95 and the peak of the busiest pod per hour, with the sums, CPU and memory apart', async () => {
    const reader = await demo.duck.connection.runAndReadAll(
      `SELECT resource_tags['aws_eks_workload_name'] AS controller, line_item_usage_type LIKE '%vCPU%' AS cpu,
         line_item_usage_start_date AS hour,
         max(split_line_item_actual_usage / 24) AS busiest, sum(split_line_item_reserved_usage) AS reserved,
         sum(split_line_item_split_cost) AS cost, sum(split_line_item_public_on_demand_split_cost) AS on_demand
       FROM line_items WHERE line_item_operation = 'EKSPod-EC2' AND resource_tags['aws_eks_cluster_name'] = 'prod-eks-use1'
         AND line_item_usage_start_date >= TIMESTAMP '2026-03-18' AND line_item_usage_start_date < TIMESTAMP '2026-04-01'
       GROUP BY ALL`,
    );
    const hand = new Map<string, { values: number[]; reserved: number; cost: number; onDemand: number }>();
    for (const r of reader.getRowObjectsJson()) {
      const key = `${r.controller}|${r.cpu}`;
      const known = hand.get(key) ?? { values: [], reserved: 0, cost: 0, onDemand: 0 };
      known.values.push(Number(r.busiest));
      known.reserved += Number(r.reserved);
      known.cost += Number(r.cost);
      known.onDemand += Number(r.on_demand);
      hand.set(key, known);
    }
    const rows = await demo.duck.workloadUsage({ ...scope, filters: { cluster_name: 'prod-eks-use1' } });
    expect(rows.length).toBe(new Set([...hand.keys()].map((k) => k.split('|')[0])).size);
    for (const row of rows) {
      for (const [resource, use] of [
        ['true', row.cpu],
        ['false', row.memory],
      ] as const) {
        const expected = hand.get(`${row.controller}|${resource}`);
        const label = `${row.controller} ${resource}`;
        // The demo's rows cover a day each: a value per day, each covering 24 hours.
        expect(use.hours, label).toBe(expected?.values.length);
        expect(use.coveredHours, label).toBeCloseTo(24 * use.hours, 9);
        expect(use.p95, label).toBeCloseTo(quantile(expected?.values ?? [], 0.95), 9);
        expect(use.peak, label).toBeCloseTo(Math.max(...(expected?.values ?? [])), 9);
        expect(use.p95, label).toBeLessThanOrEqual(use.peak);
        expect(use.reserved, label).toBeCloseTo(expected?.reserved ?? -1, 6);
        expect(use.splitCost, label).toBeCloseTo(expected?.cost ?? -1, 6);
        expect(use.onDemandSplitCost, label).toBeCloseTo(expected?.onDemand ?? -1, 6);
        expect(use.usedRows, label).toBe(use.rows);
      }
    }
  });
});

describe('workload usage from hourly rows', () => {
  let dir = '';
  let store: DuckDbCostStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'finlens-workload-hours-'));
    store = await openDuckDbCostStore({ path: join(dir, 'w.duckdb') });
    await store.init();
    // Twenty hours of two pods of `api` (vCPU: pod a uses h/10, pod b 0.05; memory rows for pod a only) and
    // ten hours of `batch`, whose rows carry no used amount.
    const row = (pod: string, workload: string, hour: number, type: string, used: string, reserved: number) =>
      `('c', 'p', DATE '2026-05-01', TIMESTAMP '2026-05-02 00:00:00' + INTERVAL ${hour} HOUR,
        TIMESTAMP '2026-05-02 00:00:00' + INTERVAL ${hour + 1} HOUR, 'arn:aws:eks:us-east-1:1:pod/k/web/${pod}/u',
        'USE1-EKS-EC2-${type}', 'EKSPod-EC2', 'i-1', 0.1, 0.2, ${reserved}, ${used}, ${reserved},
        MAP {'aws_eks_cluster_name': 'k', 'aws_eks_namespace': 'web', 'aws_eks_workload_type': 'Deployment', 'aws_eks_workload_name': '${workload}'})`;
    const rows = [
      ...Array.from({ length: 20 }, (_, h) => row('api-a', 'api', h, 'vCPU-Hours', String((h + 1) / 10), 2)),
      ...Array.from({ length: 20 }, (_, h) => row('api-b', 'api', h, 'vCPU-Hours', '0.05', 2)),
      ...Array.from({ length: 20 }, (_, h) => row('api-a', 'api', h, 'GB-Hours', '1', 4)),
      ...Array.from({ length: 10 }, (_, h) => row('batch-a', 'batch', h, 'vCPU-Hours', 'NULL', 1)),
    ];
    await store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, line_item_usage_end_date,
         line_item_resource_id, line_item_usage_type, line_item_operation, split_line_item_parent_resource_id,
         split_line_item_split_cost, split_line_item_public_on_demand_split_cost, split_line_item_reserved_usage,
         split_line_item_actual_usage, split_line_item_split_usage, resource_tags)
       VALUES ${rows.join(',\n')}`,
    );
    // The next day, account 2 of the same project runs a same-named cluster with its own `api`: one pod, 5 hours.
    await store.connection.run(
      `UPDATE line_items SET line_item_usage_account_id = '1';
       INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, line_item_usage_end_date,
         line_item_usage_account_id, line_item_resource_id, line_item_usage_type, line_item_operation,
         split_line_item_parent_resource_id, split_line_item_split_cost, split_line_item_reserved_usage,
         split_line_item_actual_usage, resource_tags)
       SELECT 'c', 'p', DATE '2026-05-01', TIMESTAMP '2026-05-03 00:00:00' + INTERVAL (h) HOUR,
         TIMESTAMP '2026-05-03 00:00:00' + INTERVAL (h + 1) HOUR, '2', 'arn:aws:eks:us-east-1:2:pod/k/web/api-z/u',
         'USE1-EKS-EC2-vCPU-Hours', 'EKSPod-EC2', 'i-2', 1, 3, 3,
         MAP {'aws_eks_cluster_name': 'k', 'aws_eks_namespace': 'web', 'aws_eks_workload_type': 'Deployment', 'aws_eks_workload_name': 'api'}
       FROM range(5) AS t(h)`,
    );
    const { rebuildRollups } = await import('../duckdb/duckdb-rollups');
    const { CONTAINER_WORKLOAD_ROLLUP } = await import('./container-workload-rollup');
    await rebuildRollups(store.connection, null, [CONTAINER_WORKLOAD_ROLLUP]);
  }, 60_000);
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('has a value per hour, the busiest pod’s, and tells rows without a used amount', async () => {
    const at: KubernetesScope = {
      ...scope,
      clientId: 'c',
      projectIds: ['p'],
      from: '2026-05-02',
      to: '2026-05-02',
    };
    for (const useRollup of [true, false]) {
      const rows = sorted(await store.workloadUsage({ ...at, useRollup }));
      expect(rows.map((r) => r.controller)).toEqual(['api', 'batch']);
      const [api, batch] = rows;
      // Pod a is the busiest every hour: 0.1 … 2.0 vCPU; p95 of those by linear interpolation.
      expect(api?.cpu).toMatchObject({ hours: 20, podHours: 40, rows: 40, usedRows: 40, reserved: 80 });
      expect(api?.cpu.coveredHours).toBeCloseTo(20, 9);
      expect(api?.cpu.p95).toBeCloseTo(1.905, 9);
      expect(api?.cpu.peak).toBeCloseTo(2, 9);
      expect(api?.cpu.splitCost).toBeCloseTo(4, 9);
      expect(api?.cpu.onDemandSplitCost).toBeCloseTo(8, 9);
      expect(api?.memory).toMatchObject({ hours: 20, podHours: 20, rows: 20, usedRows: 20 });
      expect(api?.memory.p95).toBeCloseTo(1, 9);
      expect(batch?.cpu).toMatchObject({ hours: 10, rows: 10, usedRows: 0, peak: 0 });
      expect(batch?.memory).toMatchObject({ podHours: 0, rows: 0 });
    }
  });

  it('keeps two accounts’ same-named workloads apart, and reads one account’s alone', async () => {
    const at: KubernetesScope = {
      ...scope,
      clientId: 'c',
      projectIds: ['p'],
      from: '2026-05-02',
      to: '2026-05-03',
    };
    for (const useRollup of [true, false]) {
      const api = (await store.workloadUsage({ ...at, useRollup })).filter((r) => r.controller === 'api');
      const byAccount = api.map((r) => [
        r.accountId,
        r.cpu.podHours,
        r.cpu.peak,
        Number(r.cpu.splitCost.toFixed(9)),
      ]);
      expect(byAccount.sort()).toEqual([
        ['1', 40, 2, 4],
        ['2', 5, 3, 5],
      ]);
      const own = await store.workloadUsage({ ...at, accountId: '2', useRollup });
      expect(own.map((r) => [r.accountId, r.controller, r.cpu.podHours])).toEqual([['2', 'api', 5]]);
    }
  });
});
