import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TagPolicy } from '@finlens/contracts/tag-explorer';
import { beforeAll, describe, expect, it } from 'vitest';
import { importPath, tempWarehouse } from '../../ingest/import-file.test-helper';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { costScopesOver } from '../../warehouse/cost-scope';
import type { TagExplorerRepo } from './tag-explorer.repo';
import { createTagExplorerService } from './tag-explorer.service';

const warehouse = tempWarehouse('finlens-tags-');
const HEADER =
  'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageAccountId,product/servicename,lineItem/ResourceId,lineItem/UnblendedCost,lineItem/CurrencyCode,resourceTags/user:Team';

/** `days` days of usage from 2026-10-01, one line per [resource, cost, Team] and day. */
function cur(days: number, items: [string, number, string][]): string {
  const lines = [HEADER];
  for (let d = 1; d <= days; d++) {
    const day = `2026-10-${String(d).padStart(2, '0')}`;
    for (const [resource, cost, team] of items)
      lines.push(`Usage,${day}T00:00:00Z,111,AmazonEC2,${resource},${cost},USD,${team}`);
  }
  return `${lines.join('\n')}\n`;
}

const OWNER_POLICY: TagPolicy = {
  id: 'p1',
  name: 'Owner',
  tag_keys: ['user_owner'],
  allowed_values: [],
  allowed_pattern: null,
  account_ids: [],
  services: [],
  enabled: true,
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-10-01T00:00:00.000Z',
};

/** Small fakes: one AWS and one Azure project, one policy. */
const scopes = costScopesOver(async () => [
  { id: 'aws-1', name: 'AWS', cloudType: 'aws' as const },
  { id: 'azure-1', name: 'Azure', cloudType: 'azure' as const },
]);
const repo = {
  listPolicies: async () => [OWNER_POLICY],
} as unknown as TagExplorerRepo;

beforeAll(async () => {
  const awsFile = join(warehouse.dir, 'aws.csv');
  await writeFile(
    awsFile,
    cur(10, [
      ['i-a', 3, 'web'],
      ['i-b', 1, ''],
    ]),
  );
  await importPath(warehouse.store, awsFile, 'aws-1');
  const azureFile = join(warehouse.dir, 'azure.csv');
  await writeFile(azureFile, cur(5, [['vm-1', 2, 'ops']]));
  await importPath(warehouse.store, azureFile, 'azure-1');
});

const service = () =>
  createTagExplorerService({
    repo,
    scopes,
    warehouse: warehouse.store,
    now: () => new Date('2026-10-20T08:00:00Z'),
  });

describe('tag explorer rows', () => {
  it('one row per key and cloud; a policy key without data still shows with its violations', async () => {
    const result = await service().rows(testCaller('client'), { cost_type: 'unblended' });
    expect(result).toMatchObject({ start_date: '2026-09-21', end_date: '2026-10-20', as_of: '2026-10-10' });
    expect(result.total_cost).toBeCloseTo(50, 6);
    const rows = result.rows.map((r) => [
      r.name,
      r.cloudPlatform,
      r.count,
      Math.round(r.totalCost),
      r.violationCount,
    ]);
    expect(rows).toEqual([
      ['user_team', 'aws', 1, 30, 0],
      ['user_team', 'azure', 1, 10, 0],
      ['user_owner', 'aws', 0, 0, 2],
      ['user_owner', 'azure', 0, 0, 1],
    ]);
    // Each platform's windows end on its own newest day: Azure's data stops on 2026-10-05.
    const azure = result.rows.find((r) => r.name === 'user_team' && r.cloudPlatform === 'azure');
    expect(azure).toMatchObject({ dailyPercentage: 100, weeklyPercentage: 100, monthlyPercentage: 100 });
    const aws = result.rows.find((r) => r.name === 'user_team' && r.cloudPlatform === 'aws');
    expect(aws?.dailyPercentage).toBeCloseTo(75, 6);
  });

  it('a range ending before the newest data: windows end on the range end', async () => {
    const result = await service().rows(testCaller('client'), {
      cost_type: 'unblended',
      start_date: '2026-10-01',
      end_date: '2026-10-03',
    });
    expect(result.as_of).toBe('2026-10-03');
    const aws = result.rows.find((r) => r.name === 'user_team' && r.cloudPlatform === 'aws');
    expect(aws?.totalCost).toBeCloseTo(9, 6);
    expect(aws?.weeklyPercentage).toBeCloseTo(75, 6);
  });
});
