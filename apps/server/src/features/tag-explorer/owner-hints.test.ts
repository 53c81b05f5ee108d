import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { describe, expect, it } from 'vitest';
import { CUR2_TEST_COLUMNS, importPath, tempWarehouse } from '../../ingest/import-file.test-helper';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { costScopesOver } from '../../warehouse/cost-scope';
import { principalOwner } from './owner-hints';
import type { TagExplorerRepo } from './tag-explorer.repo';
import { createTagExplorerService } from './tag-explorer.service';

const warehouse = tempWarehouse('finlens-owner-hints-');

const A = '111111111111';
const B = '222222222222';
const HEADER = [...CUR2_TEST_COLUMNS, 'product_servicename', 'resource_tags', 'line_item_iam_principal'];
/** [account, service, resource, cost, resource tags, principal] on 2026-10-05. */
const ROWS: [string, string, string, number, Record<string, string>, string][] = [
  [A, 'Amazon Bedrock', '', 4, {}, `arn:aws:sts::${A}:assumed-role/search-runtime/session-a`],
  [A, 'Amazon Bedrock', '', 3, {}, `arn:aws:sts::${A}:assumed-role/search-runtime/session-b`],
  [A, 'Amazon Bedrock', '', 1, {}, `arn:aws:iam::${A}:role/service-role/search-runtime`],
  [B, 'Amazon Bedrock', '', 2, {}, `arn:aws:iam::${B}:role/search-runtime`],
  [A, 'Amazon Bedrock', '', 5, {}, `arn:aws:iam::${A}:user/alice`],
  [A, 'Amazon Bedrock', '', 50, { user_team: 'web' }, `arn:aws:iam::${A}:role/tagged-role`],
  [A, 'Amazon EC2', 'i-1', 6, { aws_cloudformation_stack_name: 'web-stack' }, ''],
];

const scopes = costScopesOver(async () => [
  { id: 'aws-1', name: 'AWS', cloudType: 'aws' as const },
  { id: 'demo', name: 'Demo', cloudType: 'aws' as const },
]);
const repo = {
  listPolicies: async () => [],
} as unknown as TagExplorerRepo;

const csvCell = (value: Record<string, string>) => `"${JSON.stringify(value).replaceAll('"', '""')}"`;

describe('owner hints from CUR 2.0 line_item_iam_principal', () => {
  it('a principal stands for its role (sessions folded, path dropped) or user, by name', () => {
    expect(principalOwner(`arn:aws:sts::${A}:assumed-role/ml-deployer/botocore-session-1`)).toEqual({
      name: 'ml-deployer',
      arn: `arn:aws:iam::${A}:role/ml-deployer`,
    });
    expect(principalOwner(`arn:aws:iam::${A}:role/service-role/ml-deployer`)).toEqual({
      name: 'ml-deployer',
      arn: `arn:aws:iam::${A}:role/ml-deployer`,
    });
    expect(principalOwner(`arn:aws-cn:sts::${A}:assumed-role/r/s`).arn).toBe(`arn:aws-cn:iam::${A}:role/r`);
    expect(principalOwner(`arn:aws:iam::${A}:user/dev/bob`)).toEqual({
      name: 'bob',
      arn: `arn:aws:iam::${A}:user/dev/bob`,
    });
    expect(principalOwner(`arn:aws:iam::${A}:root`)).toEqual({ name: 'root', arn: `arn:aws:iam::${A}:root` });
    expect(principalOwner('bedrock.amazonaws.com')).toEqual({
      name: 'bedrock.amazonaws.com',
      arn: 'bedrock.amazonaws.com',
    });
  });

  it('the untagged cost names its IAM principals beside its stacks, most cost first', async () => {
    const folder = await mkdtemp(join(warehouse.dir, 'cur2-'));
    const lines = [
      HEADER.join(','),
      ...ROWS.map(([account, service, resource, cost, tags, principal]) =>
        [
          '2026-10-01T00:00:00Z',
          account,
          'Usage',
          '2026-10-05T00:00:00Z',
          cost,
          'USD',
          resource,
          service,
          csvCell(tags),
          principal,
        ].join(','),
      ),
    ];
    await writeFile(join(folder, 'export-00001.csv'), `${lines.join('\n')}\n`);
    const { staged } = await importPath(warehouse.store, folder, 'aws-1');
    expect(staged).toMatchObject({ format: 'cur2', rows: ROWS.length });
    const explorer = createTagExplorerService({
      repo,
      scopes,
      warehouse: warehouse.store,
      now: () => new Date('2026-10-20T08:00:00Z'),
    });
    const range = {
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      cost_type: 'unblended' as const,
      project_ids: ['aws-1'],
    };
    const untagged = await explorer.untagged(testCaller('client'), range);
    expect(untagged.untagged_cost).toBeCloseTo(21, 9);
    const role = (account: string) => `arn:aws:iam::${account}:role/search-runtime`;
    expect(untagged.owner_hints.map((h) => [h.source, h.tag_key, h.value, h.arn, h.cost])).toEqual([
      ['iam_principal', null, 'search-runtime', role(A), 8],
      ['cloudformation_stack', 'aws_cloudformation_stack_name', 'web-stack', null, 6],
      ['iam_principal', null, 'alice', `arn:aws:iam::${A}:user/alice`, 5],
      ['iam_principal', null, 'search-runtime', role(B), 2],
    ]);
    // The cost missing user_team: the tagged role's 50 stays out; raw line items give the same hints.
    const byKey = await explorer.untagged(testCaller('client'), { ...range, key: 'user_team' });
    const rows = await explorer.untagged(testCaller('client'), { ...range, use_query_optimization: 'false' });
    expect(byKey.owner_hints).toEqual(untagged.owner_hints);
    expect(rows.owner_hints).toEqual(untagged.owner_hints);
  });

  it('on the demo: its Bedrock callers, sessions folded into their role, as raw SQL over the export sums them', async () => {
    // One month of the demo at this size has a Bedrock resource (AWS fills the column for Bedrock only).
    const outDir = join(warehouse.dir, 'demo');
    await generateDemoCur2({
      seed: 7,
      months: 1,
      endMonth: '2026-03',
      rows: 4_000,
      outDir,
      format: 'parquet',
    });
    await importPath(warehouse.store, outDir, 'demo');
    const explorer = createTagExplorerService({ repo, scopes, warehouse: warehouse.store });
    const untagged = await explorer.untagged(testCaller('client'), {
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      cost_type: 'unblended',
      project_ids: ['demo'],
    });
    const got = untagged.owner_hints.filter((h) => h.source === 'iam_principal');
    const owner = `CASE WHEN p LIKE 'arn:aws:sts::%:assumed-role/%'
      THEN 'arn:aws:iam::' || split_part(p, ':', 5) || ':role/' || split_part(split_part(p, ':', 6), '/', 2)
      ELSE p END`;
    const want = (
      await warehouse.store.connection.runAndReadAll(
        `SELECT ${owner} AS arn, sum(cost) AS cost FROM (
           SELECT line_item_iam_principal AS p, line_item_unblended_cost AS cost
           FROM read_parquet('${outDir}/**/*.parquet', hive_partitioning = false)
           WHERE line_item_iam_principal IS NOT NULL AND cardinality(resource_tags) = 0
         ) GROUP BY 1 ORDER BY cost DESC`,
      )
    ).getRowObjectsJson();
    expect(want.length).toBeGreaterThan(1);
    expect(got.map((h) => h.arn)).toEqual(want.map((r) => r.arn));
    for (const [i, w] of want.entries()) expect(got[i]?.cost).toBeCloseTo(Number(w.cost), 6);
    // Roles by name: the application role's worker sessions are one hint.
    expect(got.map((h) => h.value)).toEqual(
      expect.arrayContaining([expect.stringMatching(/-runtime$/), expect.stringMatching(/-deployer$/)]),
    );
  });
});
