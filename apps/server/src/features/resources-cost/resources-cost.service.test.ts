import { resourcesCostQuerySchema } from '@finlens/contracts/resources-cost';
import { describe, expect, it } from 'vitest';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { costScopesOver } from '../../warehouse/cost-scope';
import type { CostViewResource } from '../inventory/inventory.service';
import { createResourcesCostService } from './resources-cost.service';

const INSTANCE: CostViewResource = {
  project_id: 'p1',
  account_id: '111',
  region: 'us-east-1',
  kind: 'ec2-instance',
  resource_id: 'i-1',
  name: 'web',
  state: 'running',
  arn: null,
  type: 'm5.large',
  tags: {},
  first_seen_at: new Date('2026-03-01T00:00:00Z'),
  last_seen_at: new Date('2026-03-30T00:00:00Z'),
};

function setup() {
  const calls = { resourceCosts: 0, inventory: 0 };
  const tagReads: string[][] = [];
  const versions = { inventory: 'a', ingestedAt: '2026-03-31T00:00:00Z' };
  const service = createResourcesCostService({
    scopes: costScopesOver(async () => [
      { id: 'p1', name: 'Main', cloudType: 'aws' as const, ingestedAt: versions.ingestedAt },
    ]),
    warehouse: {
      newestUsageDay: async () => '2026-03-31',
      resourceCosts: async ({ tagKeys }) => {
        calls.resourceCosts++;
        tagReads.push(tagKeys);
        return [
          {
            projectId: 'p1',
            resourceId: 'arn:aws:rds:us-east-1:111:db:orders',
            accountId: '111',
            accountName: null,
            region: 'us-east-1',
            serviceCode: 'AmazonRDS',
            service: 'Amazon Relational Database Service',
            instanceType: null,
            currentCost: 5,
            previousCost: 0,
            firstDay: '2026-02-01',
            lastDay: '2026-03-31',
            tags: tagKeys.map((k) => (k === 'user_app' ? 'orders' : null)),
          },
        ];
      },
      costBreakdown: async () => [],
    },
    inventory: {
      resources: async () => {
        calls.inventory++;
        return [INSTANCE];
      },
      version: async () => versions.inventory,
      resource: async () => null,
    },
    accountNames: async () => new Map([['p1', new Map([['111', 'Shop']])]]),
    utilisation: {
      utilisationSummaries: async (_scope, ids) =>
        ids.includes('i-1')
          ? [
              {
                project_id: 'p1',
                resource_id: 'i-1',
                days: 14,
                metrics: [
                  { metric: 'cpu-utilization', storage_class: null, avg: 12, p95: 40, max: 70, points: 300 },
                ],
              },
            ]
          : [],
    },
  });
  const list = (query: Record<string, string> = {}) =>
    service.list(testCaller('c1'), resourcesCostQuerySchema.parse(query));
  return { calls, versions, list, tagReads };
}

describe('the Resources Cost service', () => {
  it('adds the CPU summary of collected resources only, and names their account', async () => {
    const { list } = setup();
    const answer = await list();
    expect(answer.results.map((r) => r.account_name)).toEqual(['Shop', 'Shop']);
    expect(answer.results.map((r) => [r.resource_id, r.utilisation])).toEqual([
      ['arn:aws:rds:us-east-1:111:db:orders', null],
      ['i-1', { cpu_p95: 40, cpu_avg: 12 }],
    ]);
    expect(answer.window).toEqual({
      start_date: '2026-03-02',
      end_date: '2026-03-31',
      previous_start_date: '2026-01-31',
      previous_end_date: '2026-03-01',
    });
  });

  it('joins again only when an import or a collection changed its inputs', async () => {
    const { calls, versions, list } = setup();
    await list();
    await list({ sort: 'name', search: 'web' });
    expect(calls).toEqual({ resourceCosts: 1, inventory: 1 });
    versions.ingestedAt = '2026-03-31T06:00:00Z'; // an import
    await list();
    versions.inventory = 'b';
    await list();
    expect(calls).toEqual({ resourceCosts: 3, inventory: 3 });
  });

  it("reads the bill's values of another tag key once, when a filter first names it", async () => {
    const { list, tagReads } = setup();
    const app = (value: string) => ({ tag_keys: JSON.stringify([{ key: 'user_app', value }]) });
    expect((await list(app('orders'))).results.map((r) => r.resource_id)).toEqual([
      'arn:aws:rds:us-east-1:111:db:orders',
    ]);
    expect((await list(app('other'))).count).toBe(0);
    expect(tagReads).toEqual([['user_owner', 'user_team'], ['user_app']]);
  });
});
