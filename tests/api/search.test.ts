import { autoCompleteResultSchema, SEARCH_PATHS, searchResultSchema } from '@finlens/contracts/search';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import { useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
// The server's clock is the real one: usage is dated yesterday, inside the 31 days every search counts.
const now = new Date();
const YESTERDAY = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1))
  .toISOString()
  .slice(0, 10);

/** [resource id, service, region, operation, team tag, cost] rows of yesterday. */
function usageCsv(rows: [string, string, string, string, string, number][]): Buffer {
  const header =
    'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ResourceId,product/servicename,product/region,lineItem/Operation,resourceTags/user:team,lineItem/UnblendedCost,lineItem/CurrencyCode';
  const lines = rows.map((row) =>
    ['Usage', `${YESTERDAY}T00:00:00Z`, ...row.slice(0, 5), row[5], 'USD'].join(','),
  );
  return Buffer.from([header, ...lines].join('\n'));
}

const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

let a: Awaited<ReturnType<typeof clientWithBilling>>;
let b: Awaited<ReturnType<typeof clientWithBilling>>;
beforeAll(async () => {
  a = await clientWithBilling(
    context,
    'search-a',
    usageCsv([
      ['i-0aaa', 'AmazonEC2', 'us-east-1', 'RunInstances', 'core', 100],
      ['i-0bbb', 'AmazonEC2', 'eu-west-1', 'RunInstances', 'edge', 30],
      ['logs-bucket', 'AmazonS3', 'us-east-1', 'PutObject', 'core', 20],
    ]),
  );
  b = await clientWithBilling(
    context,
    'search-b',
    usageCsv([['i-0zzz', 'AmazonEC2', 'us-east-1', 'RunInstances', 'core', 999]]),
  );
}, 120_000);

describe('GET /c/ac/auto-complete/', () => {
  it("suggests the caller's own resources, services and tag values with their cost", async () => {
    const answer = await a.admin.session.get(query(SEARCH_PATHS.autoComplete, { query: 'i-0' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { suggestions } = autoCompleteResultSchema.parse(answer.body);
    expect(suggestions.map((s) => [s.kind, s.label, s.cost])).toEqual([
      ['resource', 'i-0aaa', 100],
      ['resource', 'i-0bbb', 30],
    ]);
    const theirs = autoCompleteResultSchema.parse(
      (await b.admin.session.get(query(SEARCH_PATHS.autoComplete, { query: 'i-0' }))).body,
    );
    expect(theirs.suggestions.map((s) => s.label)).toEqual(['i-0zzz']);
    const tags = autoCompleteResultSchema.parse(
      (await a.admin.session.get(query(SEARCH_PATHS.autoComplete, { query: 'user_team=core' }))).body,
    );
    expect(tags.suggestions[0]).toMatchObject({ kind: 'tag', key: 'tag_keys:user_team=core', cost: 120 });
  });

  it('a missing or blank query, or a bad limit, is a 400 naming it', async () => {
    await expect400(a.admin.session.get(SEARCH_PATHS.autoComplete), 'query');
    await expect400(a.admin.session.get(query(SEARCH_PATHS.autoComplete, { query: '   ' })), 'query');
    await expect400(
      a.admin.session.get(query(SEARCH_PATHS.autoComplete, { query: 'x', limit: '0' })),
      'limit',
    );
  });
});

describe('GET /c/ac/query', () => {
  it('hits by cost with facets, narrowed by the search keys; the SPA parameters as sent', async () => {
    const answer = await a.admin.session.get(
      query(SEARCH_PATHS.query, {
        q: '*',
        scope: 'resources',
        aggregations: 'region.keyword,product.keyword',
        filters: JSON.stringify({
          'region.keyword': ['us-east-1'],
          'vpc_id.keyword': '',
          'project.id': [a.projectId],
        }),
        cloud_type: 'aws',
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const result = searchResultSchema.parse(answer.body);
    expect(result.hits.map((hit) => [hit.label, hit.cost])).toEqual([
      ['i-0aaa', 100],
      ['logs-bucket', 20],
    ]);
    expect(result.total).toBe(2);
    expect(result.facets['product.keyword']).toEqual([
      { value: 'AmazonEC2', label: 'AmazonEC2', cost: 100 },
      { value: 'AmazonS3', label: 'AmazonS3', cost: 20 },
    ]);
  });

  it("another client's project is a 404; their data never shows", async () => {
    const foreign = await a.admin.session.get(
      query(SEARCH_PATHS.query, { filters: JSON.stringify({ 'project.id': [b.projectId] }) }),
    );
    expect(foreign.status).toBe(404);
    const all = searchResultSchema.parse((await a.admin.session.get(SEARCH_PATHS.query)).body);
    expect(all.hits.map((hit) => hit.label)).not.toContain('i-0zzz');
    expect(all.hits.map((hit) => hit.label)).toContain('i-0aaa');
  });

  it('bad parameters are a 400 naming the parameter', async () => {
    const get = (params: Record<string, string>) => a.admin.session.get(query(SEARCH_PATHS.query, params));
    await expect400(get({ scope: 'everything' }), 'scope');
    await expect400(get({ filters: 'region=us' }), 'filters');
    await expect400(
      get({ filters: JSON.stringify({ 'colour.keyword': ['red'] }) }),
      'filters.colour.keyword',
    );
    await expect400(
      get({ filters: JSON.stringify({ 'vpc_id.keyword': ['vpc-1'] }) }),
      'filters.vpc_id.keyword',
    );
    await expect400(get({ aggregations: 'project.id' }), 'aggregations');
    await expect400(get({ cloud_type: 'gcp' }), 'cloud_type');
    await expect400(get({ offset: '-1' }), 'offset');
    await expect400(get({ offset: '490', limit: '20' }), 'offset');
    await expect400(get({ limit: 'many' }), 'limit');
    await expect400(get({ start_date: '2026-11-01' }), 'end_date');
  });

  it('both calls are in the OpenAPI document', async () => {
    const docs = await a.admin.session.get('/api/docs');
    const paths = Object.keys((docs.body as { paths: object }).paths);
    expect(paths).toEqual(expect.arrayContaining([SEARCH_PATHS.query, SEARCH_PATHS.autoComplete]));
  });
});
