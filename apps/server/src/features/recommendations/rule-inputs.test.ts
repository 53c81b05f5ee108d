import { describe, expect, it } from 'vitest';
import type {
  ResourceUsageCostRow,
  ResourceUsageCostsQuery,
} from '../../warehouse/cost-query/resource-costs';
import { storageClassRates } from './rule-inputs';

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
