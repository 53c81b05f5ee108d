import { WEEK_PRESETS } from '@finlens/cost-model/scheduler/week';
import { describe, expect, it } from 'vitest';
import type { ResourceCostRow } from '../../warehouse/cost-query/resource-costs';
import { estimateSchedule } from './schedule-estimate';

const row = (resourceId: string, currentCost: number): ResourceCostRow => ({
  projectId: 'p1',
  resourceId,
  accountId: '123456789012',
  accountName: null,
  region: 'us-east-1',
  serviceCode: null,
  service: null,
  instanceType: null,
  currentCost,
  previousCost: 0,
  firstDay: '2026-10-01',
  lastDay: '2026-10-30',
  tags: [],
});
const entry = (kind: string, resource_id: string) => ({
  project_id: 'p1',
  account_id: '123456789012',
  region: 'us-east-1',
  kind,
  resource_id,
  name: null,
  state: 'running',
  tags: {},
});

describe('pre-flight estimate', () => {
  it('reads the last 30 billed days and matches instances by id and RDS by ARN', async () => {
    const asked: unknown[] = [];
    const bill = {
      newestUsageDay: async () => '2026-10-30',
      resourceCosts: async (q: unknown) => {
        asked.push(q);
        return [
          row('i-0abc', 720),
          row('arn:aws:rds:us-east-1:123456789012:db:dev-db', 360),
          row('vol-0abc', 50), // the instance's volume keeps billing: not saved
        ];
      },
    };
    const estimate = await estimateSchedule(
      bill,
      { clientId: 'c1', projectIds: ['p1'] },
      WEEK_PRESETS['office-hours'],
      [entry('ec2-instance', 'i-0abc'), entry('rds-instance', 'dev-db')],
    );
    expect(asked).toEqual([
      expect.objectContaining({
        from: '2026-10-01',
        to: '2026-10-30',
        current: '2026-10-01',
        costType: 'amortized',
      }),
    ]);
    expect(estimate.window).toEqual({ from: '2026-10-01', to: '2026-10-30' });
    expect(estimate.stopped_hours_per_week).toBe(108);
    expect(estimate.resources.map((r) => [r.resource_id, r.cost_30d, r.hourly_cost])).toEqual([
      ['i-0abc', 720, 1],
      ['dev-db', 360, 0.5],
    ]);
    // (720 + 360) × 108/168
    expect(estimate.total_saving_30d).toBeCloseTo(694.2857142857, 6);
  });

  it('is zero with no bill yet', async () => {
    const bill = { newestUsageDay: async () => null, resourceCosts: async () => [] };
    const estimate = await estimateSchedule(
      bill,
      { clientId: 'c1', projectIds: ['p1'] },
      WEEK_PRESETS['nights-off'],
      [entry('ec2-instance', 'i-0abc')],
    );
    expect(estimate.window).toBeNull();
    expect(estimate.total_saving_30d).toBe(0);
  });
});
