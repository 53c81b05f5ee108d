import { WEEK_PRESETS } from '@finlens/cost-model/scheduler/week';
import { describe, expect, it } from 'vitest';
import type { ResourceUsageCostRow } from '../../warehouse/cost-query/resource-costs';
import { estimateSchedule } from './schedule-estimate';

const row = (
  resourceId: string,
  cost: number,
  usageType: string | null = 'USE1-BoxUsage:m5.large',
  lineItemType = 'Usage',
  tags: (string | null)[] = [],
): ResourceUsageCostRow => ({
  projectId: 'p1',
  resourceId,
  accountId: '123456789012',
  region: 'us-east-1',
  tags,
  usageType,
  lineItemType,
  cost,
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
const volume = (volume_id: string, instance_id: string) => ({
  project_id: 'p1',
  account_id: '123456789012',
  region: 'us-east-1',
  volume_id,
  instance_id,
});

describe('pre-flight estimate', () => {
  it('saves running hours only: RDS storage and attached EBS volumes keep billing and are reported beside', async () => {
    const asked: unknown[] = [];
    const bill = {
      newestUsageDay: async () => '2026-10-30',
      resourceUsageCosts: async (q: unknown) => {
        asked.push(q);
        const db = 'arn:aws:rds:us-east-1:123456789012:db:dev-db';
        return [
          row('i-0abc', 720),
          row(db, 360, 'USE1-InstanceUsage:db.t3.large'),
          row(db, 40, 'RDS:GP3-Storage'),
          row(db, 8, 'RDS:ChargedBackupUsage'),
          row('vol-0abc', 50, 'EBS:VolumeUsage.gp3'), // attached to i-0abc: keeps billing
          row('vol-0other', 99, 'EBS:VolumeUsage.gp3'), // attached elsewhere: not this schedule's
        ];
      },
    };
    const estimate = await estimateSchedule(
      bill,
      { clientId: 'c1', projectIds: ['p1'] },
      WEEK_PRESETS['office-hours'],
      [entry('ec2-instance', 'i-0abc'), entry('rds-instance', 'dev-db')],
      [volume('vol-0abc', 'i-0abc'), volume('vol-0other', 'i-0zzz')],
    );
    expect(asked).toEqual([
      expect.objectContaining({ from: '2026-10-01', to: '2026-10-30', costType: 'net_amortized' }),
    ]);
    expect(estimate.window).toEqual({ from: '2026-10-01', to: '2026-10-30' });
    expect(estimate.stopped_hours_per_week).toBe(108);
    expect(
      estimate.resources.map((r) => [
        r.resource_id,
        r.cost_30d,
        r.running_cost_30d,
        r.keeps_billing_30d,
        r.hourly_cost,
      ]),
    ).toEqual([
      ['i-0abc', 720, 720, 50, 1],
      ['dev-db', 408, 360, 48, 0.5],
    ]);
    // (720 + 360) × 108/168: the storage's 48 and the volume's 50 are not saved
    expect(estimate.total_saving_30d).toBeCloseTo(694.2857142857, 6);
    expect(estimate.total_keeps_billing_30d).toBe(98);
    expect(estimate.total_stranded_commitment_30d).toBe(0);
  });

  it('warns of stranded commitments: hours a reservation or savings plan covered are not saved', async () => {
    const bill = {
      newestUsageDay: async () => '2026-10-30',
      resourceUsageCosts: async () => [
        row('i-0ri', 360, 'USE1-BoxUsage:m5.large', 'DiscountedUsage'),
        row('i-0ri', 360),
        row('i-0sp', 168, 'USE1-BoxUsage:c6i.large', 'SavingsPlanCoveredUsage'),
      ],
    };
    const estimate = await estimateSchedule(
      bill,
      { clientId: 'c1', projectIds: ['p1'] },
      WEEK_PRESETS['office-hours'],
      [entry('ec2-instance', 'i-0ri'), entry('ec2-instance', 'i-0sp')],
    );
    const share = 108 / 168;
    expect(estimate.resources.map((r) => [r.resource_id, r.committed_cost_30d])).toEqual([
      ['i-0ri', 360],
      ['i-0sp', 168],
    ]);
    expect(estimate.resources[0]?.estimated_saving_30d).toBeCloseTo(360 * share, 9);
    expect(estimate.resources[1]?.estimated_saving_30d).toBeCloseTo(0, 9);
    expect(estimate.total_stranded_commitment_30d).toBeCloseTo((360 + 168) * share, 9);
  });

  it("prices a group from the instances its tags say it ran, replaced ones included, in the group's account", async () => {
    const asg = (name: string) => [name, null, null, null];
    const nodes = ['eks-ng-1a2b', 'workers', 'dev-cluster', null];
    const bill = {
      newestUsageDay: async () => '2026-10-30',
      resourceUsageCosts: async () => [
        row('i-0old', 180, 'USE1-BoxUsage:m5.large', 'Usage', asg('web')), // replaced half-way …
        row('i-0new', 180, 'USE1-BoxUsage:m5.large', 'Usage', asg('web')), // … by this one
        row('i-0two', 360, 'USE1-BoxUsage:m5.large', 'Usage', asg('web')),
        row('vol-0two', 30, 'EBS:VolumeUsage.gp3', 'Usage', asg('web')), // a tagged volume keeps billing
        { ...row('i-0else', 999, 'USE1-BoxUsage:m5.large', 'Usage', asg('web')), accountId: '999999999999' },
        row('i-0node', 240, 'USE1-BoxUsage:m5.xlarge', 'Usage', nodes),
        row('i-0free', 50), // in no group
      ],
    };
    const estimate = await estimateSchedule(
      bill,
      { clientId: 'c1', projectIds: ['p1'] },
      WEEK_PRESETS['office-hours'],
      [entry('autoscaling-group', 'web'), entry('eks-nodegroup', 'dev-cluster/workers')],
    );
    expect(
      estimate.resources.map((r) => [r.resource_id, r.cost_30d, r.running_cost_30d, r.keeps_billing_30d]),
    ).toEqual([
      ['web', 750, 720, 30],
      ['dev-cluster/workers', 240, 240, 0],
    ]);
    // $720 of instance hours over 720 h: $1 an hour, stopped 108 of 168 hours
    expect(estimate.resources[0]?.estimated_saving_30d).toBeCloseTo((720 * 108) / 168, 9);
    expect(estimate.resources[1]?.estimated_saving_30d).toBeCloseTo((240 * 108) / 168, 9);
  });

  it('is zero with no bill yet', async () => {
    const bill = { newestUsageDay: async () => null, resourceUsageCosts: async () => [] };
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
