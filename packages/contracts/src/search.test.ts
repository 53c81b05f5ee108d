import { describe, expect, it } from 'vitest';
import { COST_DIMENSIONS } from './cost-query';
import { autoCompleteQuerySchema, parseSearchDetailKey, searchDetailKey, searchQuerySchema } from './search';

const issueOf = (input: Record<string, string>) => {
  const parsed = searchQuerySchema.safeParse(input);
  if (parsed.success) throw new Error('expected a failure');
  const issue = parsed.error.issues[0];
  return { path: issue?.path.join('.'), message: issue?.message };
};

describe('search query parameters', () => {
  it('defaults: everything, all scopes, first 20, no filters or facets', () => {
    expect(searchQuerySchema.parse({})).toEqual({ q: '*', scope: 'all', offset: 0, limit: 20 });
  });

  it('filters: search keys with a string or strings; empty values dropped', () => {
    const filters = JSON.stringify({
      'region.keyword': ['us-east-1', ''],
      'product.keyword': 'AmazonEC2',
      'cost.available_operation': [],
      'instance_type.keyword': '',
      'vpc_id.keyword': '',
    });
    expect(searchQuerySchema.parse({ filters }).filters).toEqual({
      'region.keyword': ['us-east-1'],
      'product.keyword': ['AmazonEC2'],
    });
  });

  it('a bad filter names the search key', () => {
    expect(issueOf({ filters: '{"colour.keyword":["red"]}' })).toMatchObject({
      path: 'filters.colour.keyword',
    });
    expect(issueOf({ filters: '{"region.keyword":[1]}' })).toMatchObject({ path: 'filters.region.keyword' });
    expect(issueOf({ filters: '{"vpc_id.keyword":["vpc-1"]}' }).path).toBe('filters.vpc_id.keyword');
    expect(issueOf({ filters: '{"cloud_type.keyword":"gcp"}' }).path).toBe('filters.cloud_type.keyword');
    expect(issueOf({ filters: '[1]' }).path).toBe('filters');
    expect(issueOf({ filters: 'region=us' }).path).toBe('filters');
  });

  it('aggregations: facet keys only; paging within the top 500; both dates or none', () => {
    expect(searchQuerySchema.parse({ aggregations: 'region.keyword,product.keyword' }).aggregations).toEqual([
      'region.keyword',
      'product.keyword',
    ]);
    expect(issueOf({ aggregations: 'project.id' }).path).toBe('aggregations');
    expect(issueOf({ offset: '490', limit: '20' }).path).toBe('offset');
    expect(issueOf({ limit: '0' }).path).toBe('limit');
    expect(issueOf({ scope: 'everything' }).path).toBe('scope');
    expect(issueOf({ start_date: '2026-11-01' }).path).toBe('end_date');
    expect(issueOf({ start_date: '2026-11-10', end_date: '2026-11-01' }).path).toBe('end_date');
    expect(issueOf({ cloud_type: 'gcp' }).path).toBe('cloud_type');
  });

  it('auto-complete needs a non-blank query', () => {
    expect(autoCompleteQuerySchema.safeParse({ query: '  ' }).success).toBe(false);
    expect(autoCompleteQuerySchema.safeParse({}).success).toBe(false);
    expect(autoCompleteQuerySchema.parse({ query: ' ec2 ' })).toEqual({ query: 'ec2', limit: 10 });
  });
});

describe('search detail keys', () => {
  it('round-trip for plain and tag hits, whatever the value holds', () => {
    const values = ['i-0abc', 'arn:aws:s3:::bucket/a=b:c', ' spaced ', 'üñí/código', '100%'];
    for (const dimension of COST_DIMENSIONS.filter((name) => name !== 'tag_keys')) {
      for (const value of values) {
        const key = searchDetailKey({ dimension, tag_key: null, value });
        expect(parseSearchDetailKey(key)).toEqual({ dimension, tagKey: null, value });
      }
    }
    for (const [tagKey, value] of [
      ['team', 'core'],
      ['aws:createdBy', 'a=b'],
      ['cost:center', ''],
    ] as const) {
      const key = searchDetailKey({ dimension: 'tag_keys', tag_key: tagKey, value });
      expect(parseSearchDetailKey(key)).toEqual({ dimension: 'tag_keys', tagKey, value });
    }
  });

  it('refuses addresses no hit has', () => {
    expect(parseSearchDetailKey('nonsense')).toBeNull();
    expect(parseSearchDetailKey('colour:red')).toBeNull();
    expect(parseSearchDetailKey('product_region:')).toBeNull();
    expect(parseSearchDetailKey('tag_keys:novalue')).toBeNull();
  });
});
