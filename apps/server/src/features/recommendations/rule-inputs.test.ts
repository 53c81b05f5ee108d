import { evaluateResource } from '@finlens/cost-model/recommendations/engine';
import { describe, expect, it } from 'vitest';
import type {
  ResourceUsageCostRow,
  ResourceUsageCostsQuery,
} from '../../warehouse/cost-query/resource-costs';
import type { RecommendationsRepo } from './recommendations.repo';
import { gatherInputs, snapshotStorage, storageClassRates } from './rule-inputs';

/** One S3 line group of the bucket `logs` (account 111): cost by cost type, GB-months as billed. */
function line(
  usageType: string,
  costs: { net: number; list: number },
  usageAmount: number,
  lineItemType = 'Usage',
) {
  return (costType: ResourceUsageCostsQuery['costType']): ResourceUsageCostRow => ({
    projectId: 'p1',
    resourceId: 'logs',
    accountId: '111',
    region: 'us-west-1',
    tags: [],
    usageType,
    lineItemType,
    cost: costType === 'list' ? costs.list : costs.net,
    usageAmount,
  });
}

describe("a bucket's own storage rates", () => {
  it('divides each storage class line’s cost by its GB-months, effective and on demand; requests and credits are not storage', async () => {
    const lines = [
      // 2,000 GB-months of Standard at $0.026 on demand, $0.0247 net; 400 of Standard-IA at $0.0138 / $0.01311.
      line('USW1-TimedStorage-ByteHrs', { net: 49.4, list: 52 }, 2000),
      line('USW1-TimedStorage-SIA-ByteHrs', { net: 5.244, list: 5.52 }, 400),
      line('USW1-Requests-Tier1', { net: 3, list: 3 }, 600_000),
      line('USW1-TimedStorage-ByteHrs', { net: -10, list: 0 }, 0, 'Credit'),
    ];
    const asked: ResourceUsageCostsQuery[] = [];
    const rates = await storageClassRates(
      {
        resourceUsageCosts: async (query) => {
          asked.push(query);
          return lines.map((l) => l(query.costType));
        },
      },
      { clientId: 'c1', projectIds: ['p1'], from: '2026-02-01', to: '2026-03-02' },
    );
    expect(asked.map((q) => [q.serviceCode, q.costType])).toEqual([
      ['AmazonS3', 'net_amortized'],
      ['AmazonS3', 'list'],
    ]);
    const logs = rates.get('111|s3:logs');
    expect(Object.keys(logs ?? {}).sort()).toEqual(['STANDARD', 'STANDARD_IA']);
    expect(logs?.STANDARD?.effective).toBeCloseTo(0.0247, 12);
    expect(logs?.STANDARD?.onDemand).toBeCloseTo(0.026, 12);
    expect(logs?.STANDARD_IA?.effective).toBeCloseTo(0.01311, 12);
    expect(logs?.STANDARD_IA?.onDemand).toBeCloseTo(0.0138, 12);
  });
});

describe('snapshot storage from the bill', () => {
  it("reads each EBS snapshot's GB-months from its own SnapshotUsage lines and each account's RDS snapshot price from its ChargedBackupUsage lines", async () => {
    const row = (
      resourceId: string,
      accountId: string,
      usageType: string,
      costs: { net: number; list: number },
      usageAmount: number,
      lineItemType = 'Usage',
    ) => ({ resourceId, accountId, usageType, costs, usageAmount, lineItemType });
    const ec2 = [
      // 30 days of a snapshot storing 40 GB: 40 × 30 ÷ 30.4375 GB-months (its ARN, as the CUR names it).
      row(
        'arn:aws:ec2:us-east-1:111:snapshot/snap-1',
        '111',
        'EBS:SnapshotUsage',
        { net: 2, list: 2 },
        39.4251,
      ),
      row('snap-1', '111', 'EBS:SnapshotUsage', { net: -1, list: 0 }, 0, 'Credit'),
    ];
    const rds = [
      // 100 GB-months at $0.08 net, $0.095 list in account 111; account 222 bills none.
      row(
        'arn:aws:rds:us-east-1:111:db:a',
        '111',
        'USE1-RDS:ChargedBackupUsage',
        { net: 6, list: 7.125 },
        75,
      ),
      row(
        'arn:aws:rds:us-east-1:111:db:b',
        '111',
        'USE1-RDS:ChargedBackupUsage',
        { net: 2, list: 2.375 },
        25,
      ),
      row('arn:aws:rds:us-east-1:222:db:c', '222', 'USE1-RDS:GP3-Storage', { net: 11.5, list: 11.5 }, 100),
    ];
    const asked: ResourceUsageCostsQuery[] = [];
    const read = await snapshotStorage(
      {
        resourceUsageCosts: async (query) => {
          asked.push(query);
          return (query.serviceCode === 'AmazonEC2' ? ec2 : rds).map(
            (r): ResourceUsageCostRow => ({
              projectId: 'p1',
              resourceId: r.resourceId,
              accountId: r.accountId,
              region: 'us-east-1',
              tags: [],
              usageType: r.usageType,
              lineItemType: r.lineItemType,
              cost: query.costType === 'list' ? r.costs.list : r.costs.net,
              usageAmount: r.usageAmount,
            }),
          );
        },
      },
      { clientId: 'c1', projectIds: ['p1'], from: '2026-02-01', to: '2026-03-02' },
    );
    expect(asked.map((q) => [q.serviceCode, q.usageTypeContains, q.costType])).toEqual([
      ['AmazonEC2', 'SnapshotUsage', 'net_amortized'],
      ['AmazonRDS', 'ChargedBackupUsage', 'net_amortized'],
      ['AmazonRDS', 'ChargedBackupUsage', 'list'],
    ]);
    expect([...read.ebsGbMonths]).toEqual([['111|snap-1', 39.4251]]);
    expect([...read.rdsRates.keys()]).toEqual(['111']);
    expect(read.rdsRates.get('111')?.effective).toBeCloseTo(0.08, 12);
    expect(read.rdsRates.get('111')?.onDemand).toBeCloseTo(0.095, 12);
  });
});

describe('when a resource entered its state', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  /** A first collection today: a stopped instance (the provider's stop time or none) with a 200 GiB gp3 volume. */
  async function gathered(instance: Record<string, unknown>) {
    const volume = { volumeType: 'gp3', sizeGiB: 200, attachments: [{ kind: 'ec2-instance', id: 'i-1' }] };
    const rows = (
      [
        ['ec2-instance', 'i-1', 'stopped', { instanceType: 'm5.large', ...instance }],
        ['ebs-volume', 'vol-1', 'in-use', volume],
      ] as const
    ).map(([kind, resource_id, state, attributes]) => ({
      ...{ account_id: '111', region: 'us-east-1', name: null, first_seen_at: now },
      ...{ kind, resource_id, state, resource: { tags: {}, ...attributes } },
    }));
    const repo = {
      inventory: async () => rows,
      changes: async () => [],
      settings: async () => [],
    } as unknown as RecommendationsRepo;
    const { inputs } = await gatherInputs({
      repo,
      warehouse: {
        newestUsageDay: async () => null,
        resourceCosts: async () => [],
        resourceUsageCosts: async () => [],
        usageAccounts: async () => [],
      },
      utilisation: { utilisationSummaries: async () => [] },
      projectId: 'p1',
      clientId: 'c1',
      now,
    });
    const input = inputs.find((i) => i.resource.id === 'i-1');
    if (input === undefined) throw new Error('no input for i-1');
    const stopped = evaluateResource(input).find((c) => c.rule.key === 'ec2-stopped-with-volumes');
    return { stateSince: input.resource.stateSince, outcome: stopped?.outcome };
  }

  it("takes a stopped instance's own stop time from the provider, so a first collection flags one stopped for months", async () => {
    const stoppedAt = daysAgo(60).toISOString();
    const told = await gathered({ stateTransitionAt: stoppedAt });
    expect(told.stateSince).toBe(stoppedAt);
    expect(told.outcome).toMatchObject({
      outcome: 'violated',
      title: expect.stringContaining('stopped 60 days'),
    });
    // Without it, the first sighting (today): stopped 0 days as far as Finlens knows.
    const untold = await gathered({});
    expect(untold.stateSince).toBe(now.toISOString());
    expect(untold.outcome).toMatchObject({ outcome: 'passed', reason: 'Stopped for 0 days, under 30.' });
  });
});
