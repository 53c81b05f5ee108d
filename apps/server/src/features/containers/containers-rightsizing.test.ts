import { workloadKey } from '@finlens/cost-model/recommendations/container-rules';
import { describe, expect, it } from 'vitest';
import type { WorkloadResourceUse, WorkloadUsageRow } from '../../warehouse/cost-query/workload-usage';
import { recommendWorkloads } from './containers-rightsizing';

/** 14 days of a workload requesting 2 vCPU a pod and using at most `peak`, $1 of split cost a pod-day. */
const use = (peak: number): WorkloadResourceUse => ({
  podHours: 336,
  reserved: 672,
  actual: 336 * peak,
  splitUsage: 672,
  rows: 14,
  usedRows: 14,
  hours: 14,
  coveredHours: 336,
  p95: peak,
  peak,
  splitCost: 14,
  netSplitCost: 14,
  onDemandSplitCost: 20,
});

const row = (accountId: string, peak: number): WorkloadUsageRow => ({
  day: null,
  cluster: 'prod',
  namespace: 'web',
  kind: 'Deployment',
  controller: 'api',
  accountId,
  region: 'us-east-1',
  cpu: use(peak),
  memory: use(peak),
});

describe('container rightsizing rows', () => {
  it('links each account’s same-named workload to its own recommendation', () => {
    const id = 'prod/web/Deployment/api';
    const ids = new Map([
      [workloadKey('111111111111', id), 'rec-a'],
      [workloadKey('222222222222', id), 'rec-b'],
    ]);
    const rows = recommendWorkloads(
      [row('222222222222', 0.5), row('111111111111', 0.5)],
      { headroom: 0.2, days: 14, basis: 'net_amortized' },
      ids,
    );
    expect(rows.map((w) => [w.id, w.account_id, w.recommendation_id])).toEqual([
      [id, '111111111111', 'rec-a'],
      [id, '222222222222', 'rec-b'],
    ]);
  });
});
