import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { searchQuerySchema, searchResultSchema } from '@finlens/contracts/search';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../ingest/duckdb/import-files';
import { tempWarehouse } from '../../ingest/import-file.test-helper';
import { localSource } from '../../ingest/sources/local-source';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { costScopesOver } from '../../warehouse/cost-scope';
import { createSearchService } from './search.service';

const HEADER = [
  'lineItem/LineItemType',
  'lineItem/UsageStartDate',
  'lineItem/UsageAccountId',
  'lineItem/ResourceId',
  'product/servicename',
  'product/region',
  'lineItem/Operation',
  'lineItem/UsageType',
  'product/instanceType',
  'resourceTags/user:team',
  'lineItem/UnblendedCost',
  'lineItem/CurrencyCode',
].join(',');
/** One line of usage: day,account,resource,service,region,operation,usage type,instance type,team tag,cost */
const csv = (rows: string[]) =>
  [
    HEADER,
    ...rows.map((row) => {
      const [day, ...rest] = row.split(',');
      return ['Usage', `${day}T00:00:00Z`, ...rest, 'USD'].join(',');
    }),
  ].join('\n');

// Today is 2026-11-22: the 31 days are 2026-10-23 … 2026-11-22.
/** Client A owns projects a and b; client Other owns c. */
const OWNER: Record<string, string> = { a: 'A', b: 'A', c: 'Other' };
const FILES: Record<string, string[]> = {
  a: [
    '2026-11-10,111111111111,i-0aaa,AmazonEC2,us-east-1,RunInstances,BoxUsage:m5.large,m5.large,core,100',
    '2026-11-11,111111111111,i-0bbb,AmazonEC2,eu-west-1,RunInstances,BoxUsage:t3.micro,t3.micro,edge,30',
    '2026-11-12,222222222222,bucket-logs,AmazonS3,us-east-1,PutObject,Requests-Tier1,,core,20',
    // Before the 31 days: never a hit.
    '2026-09-01,111111111111,i-0old,AmazonEC2,us-east-1,RunInstances,BoxUsage:m5.large,m5.large,core,500',
  ],
  b: ['2026-11-15,333333333333,fn-ec2-sync,AWSLambda,us-east-1,Invoke,Request,,,7'],
  // Another client's project.
  c: ['2026-11-15,999999999999,i-0ccc,AmazonEC2,us-east-1,RunInstances,BoxUsage:m5.large,m5.large,core,1000'],
};

const warehouse = tempWarehouse('finlens-search-');
beforeAll(async () => {
  for (const [project, rows] of Object.entries(FILES)) {
    const dir = join(warehouse.dir, project);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'cur.csv'), csv(rows));
    await importFiles({
      warehouse: warehouse.store,
      importId: `search-${project}`,
      clientId: OWNER[project] ?? '',
      projectId: project,
      files: await localSource(dir).listFiles(),
      format: 'auto',
    });
  }
}, 60_000);

/** Their projects in the app database: a is on AWS, b on Azure. */
const scopes = costScopesOver(async ({ clientId }) =>
  clientId === 'A'
    ? [
        { id: 'a', name: 'Payer A', cloudType: 'aws' },
        { id: 'b', name: 'Serverless B', cloudType: 'azure' },
      ]
    : clientId === 'Other'
      ? [{ id: 'c', name: 'Other C', cloudType: 'aws' }]
      : [],
);
const service = () =>
  createSearchService({ scopes, warehouse: warehouse.store, now: () => new Date('2026-11-22T09:00:00Z') });
const search = (clientId: string, input: Record<string, string>) =>
  service().search(testCaller(clientId), searchQuerySchema.parse(input));
const labels = (hits: { label: string }[]) => hits.map((hit) => hit.label);

describe('auto-complete', () => {
  it("suggests the client's resources in the last 31 days: prefix matches by cost, no other client's", async () => {
    const answer = await service().autoComplete(testCaller('A'), { query: 'I-0', limit: 10 });
    expect(answer).toMatchObject({ start_date: '2026-10-23', end_date: '2026-11-22' });
    expect(answer.suggestions.map((s) => [s.kind, s.label, s.cost])).toEqual([
      ['resource', 'i-0aaa', 100],
      ['resource', 'i-0bbb', 30],
    ]);
    const other = await service().autoComplete(testCaller('Other'), { query: 'i-0', limit: 10 });
    expect(labels(other.suggestions)).toEqual(['i-0ccc']);
  });

  it('ranks an exact match first, then prefixes, then the rest by cost', async () => {
    const answer = await service().autoComplete(testCaller('A'), { query: 'ec2', limit: 10 });
    expect(labels(answer.suggestions)).toEqual(['AmazonEC2', 'fn-ec2-sync']);
    const region = await service().autoComplete(testCaller('A'), { query: 'us-east-1', limit: 10 });
    expect(region.suggestions[0]).toMatchObject({ kind: 'region', dimension: 'product_region', cost: 127 });
  });

  it('tag values: key=value searches that key, plain text finds keys and their top values', async () => {
    const pinned = await service().autoComplete(testCaller('A'), { query: 'user_team=co', limit: 10 });
    expect(pinned.suggestions.map((s) => [s.label, s.key, s.cost])).toEqual([
      ['user_team=core', 'tag_keys:user_team=core', 120],
    ]);
    const keys = await service().autoComplete(testCaller('A'), { query: 'team', limit: 10 });
    expect(labels(keys.suggestions)).toEqual(['user_team=core', 'user_team=edge']);
  });

  it('a client without projects gets no suggestions', async () => {
    expect(
      (await service().autoComplete(testCaller('Nobody'), { query: 'i', limit: 5 })).suggestions,
    ).toEqual([]);
  });
});

describe('search', () => {
  it('everything by cost, across kinds, in the client only', async () => {
    const result = searchResultSchema.parse(await search('A', {}));
    const costs = result.hits.map((hit) => hit.cost);
    expect(costs).toEqual([...costs].sort((x, y) => y - x));
    expect(labels(result.hits)).toEqual(
      expect.arrayContaining(['AmazonEC2', 'us-east-1', '111111111111', 'user_team=core']),
    );
    expect(labels(result.hits)).not.toContain('i-0ccc');
    expect(labels(result.hits)).not.toContain('i-0old');
    expect(result.currency).toBe('USD');
  });

  it('resources containing q, paged, with the total', async () => {
    const page = await search('A', { scope: 'resources', q: '*', offset: '1', limit: '2' });
    expect(page.total).toBe(4);
    expect(labels(page.hits)).toEqual(['i-0bbb', 'bucket-logs']);
    const matching = await search('A', { scope: 'resources', q: 'i-0*' });
    expect(labels(matching.hits)).toEqual(['i-0aaa', 'i-0bbb']);
  });

  it('filters by the spec search keys and returns facets within them', async () => {
    const result = await search('A', {
      scope: 'resources',
      q: 'i-0',
      filters: JSON.stringify({
        'region.keyword': ['us-east-1'],
        'cost.available_operation': 'RunInstances',
      }),
      aggregations: 'region.keyword,instance_type.keyword',
    });
    expect(labels(result.hits)).toEqual(['i-0aaa']);
    expect(result.total).toBe(1);
    expect(result.facets).toEqual({
      'region.keyword': [{ value: 'us-east-1', label: 'us-east-1', cost: 100 }],
      'instance_type.keyword': [{ value: 'm5.large', label: 'm5.large', cost: 100 }],
    });
    const services = await search('A', {
      scope: 'services',
      filters: JSON.stringify({
        'product.keyword': ['AmazonS3'],
        'cost.available_usagetype': ['Requests-Tier1'],
      }),
    });
    expect(services.hits.map((hit) => [hit.label, hit.cost])).toEqual([['AmazonS3', 20]]);
  });

  it("project.id and the cloud type narrow the projects; another client's project is a 404", async () => {
    const azure = await search('A', { scope: 'resources', cloud_type: 'azure' });
    expect(labels(azure.hits)).toEqual(['fn-ec2-sync']);
    const onlyA = await search('A', { scope: 'resources', filters: JSON.stringify({ 'project.id': ['a'] }) });
    expect(labels(onlyA.hits)).toEqual(['i-0aaa', 'i-0bbb', 'bucket-logs']);
    const awsOfB = await search('A', {
      scope: 'resources',
      filters: JSON.stringify({ 'project.id': 'b', 'cloud_type.keyword': 'aws' }),
      aggregations: 'region.keyword',
    });
    expect(awsOfB).toMatchObject({ total: 0, hits: [], facets: { 'region.keyword': [] } });
    await expect(search('A', { filters: JSON.stringify({ 'project.id': ['c'] }) })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('tag values of a key, searched by value', async () => {
    const result = await search('A', { scope: 'tags', q: 'user_team=ed' });
    expect(result.hits.map((hit) => [hit.key, hit.cost])).toEqual([['tag_keys:user_team=edge', 30]]);
  });
});
