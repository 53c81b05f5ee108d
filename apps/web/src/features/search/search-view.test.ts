import { describe, expect, it } from 'vitest';
import { explorerHref } from '../cost-explorer/api/explorer-href';
import { viewFromParams } from '../cost-explorer/explorer-view';
import {
  detailFilter,
  searchCallParams,
  searchViewFromParams,
  searchViewToParams,
  toggleFilter,
} from './search-view';

describe('search view in the URL', () => {
  it('reads q, scope and filters; an unreadable or unknown filter is left out', () => {
    const params = new URLSearchParams({
      q: 'ec2',
      scope: 'services',
      filters: JSON.stringify({
        'region.keyword': ['us-east-1', ''],
        'colour.keyword': ['red'],
        'product.keyword': 'AmazonS3',
      }),
    });
    expect(searchViewFromParams(params)).toEqual({
      q: 'ec2',
      scope: 'services',
      filters: { 'region.keyword': ['us-east-1'], 'product.keyword': ['AmazonS3'] },
    });
    expect(searchViewFromParams(new URLSearchParams('scope=nope&filters=%7B'))).toEqual({
      q: '',
      scope: 'all',
      filters: {},
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(searchViewToParams({ q: '', scope: 'all', filters: {} }).toString()).toBe('');
    const view = { q: 'i-0', scope: 'resources' as const, filters: { 'region.keyword': ['eu-west-1'] } };
    expect(searchViewFromParams(searchViewToParams(view))).toEqual(view);
  });

  it("the call asks for every facet; blank text searches everything ('*')", () => {
    const call = searchCallParams({ q: ' ', scope: 'all', filters: {} });
    expect(call).toMatchObject({ q: '*', scope: 'all', limit: '100' });
    expect(call.aggregations?.split(',')).toHaveLength(5);
    expect(call.filters).toBeUndefined();
  });

  it('a facet value toggles in and out; an empty key is dropped', () => {
    const once = toggleFilter({}, 'region.keyword', 'us-east-1');
    expect(once).toEqual({ 'region.keyword': ['us-east-1'] });
    expect(toggleFilter(once, 'region.keyword', 'us-east-1')).toEqual({});
  });

  it("Explorer links are read back by the Explorer's own URL parser", () => {
    const filter = detailFilter({ dimension: 'tag_keys', tagKey: 'team', value: 'core' });
    const href = explorerHref({
      query: {
        start_date: '2026-10-24',
        end_date: '2026-11-22',
        granularity: 'day',
        dimension: null,
        cost_type: 'amortized',
        filters: [filter],
        top_n: 10,
      },
      range: '30D',
    });
    const { view, problem } = viewFromParams(
      new URLSearchParams(href.split('?')[1]),
      new Date('2026-11-22T12:00:00Z'),
    );
    expect(problem).toBeNull();
    expect(view.range).toBe('30D');
    expect(view.query).toMatchObject({ dimension: null, cost_type: 'amortized', filters: [filter] });
  });
});
