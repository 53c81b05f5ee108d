import type { CostQuery } from '@finlens/contracts/cost-query';
import { describe, expect, it } from 'vitest';
import {
  fitGranularity,
  granularityOptions,
  viewFromParams,
  viewToParams,
  withFilter,
} from './explorer-view';

const today = new Date('2026-11-22T10:00:00Z');

describe('the view in the URL', () => {
  it('opens on 30 days by service, daily, unblended, bar chart', () => {
    const { view, problem } = viewFromParams(new URLSearchParams(), today);
    expect(problem).toBeNull();
    expect(view).toMatchObject({
      range: '30D',
      chart: 'bar',
      window: 0,
      query: {
        start_date: '2026-10-24',
        end_date: '2026-11-22',
        granularity: 'day',
        dimension: 'product_servicename',
        cost_type: 'unblended',
        filters: [],
      },
    });
  });

  it('round-trips a full view: custom range, tag group-by, every filter kind, chart and window', () => {
    const search = new URLSearchParams({
      start_date: '2026-01-01',
      end_date: '2026-03-31',
      granularity: 'month',
      dimension: 'tag_keys',
      dimension_key: 'team',
      cost_type: 'amortized',
      product_region: '["us-east-1"]',
      exclude_line_item_usage_account_id: '["111122223333"]',
      like_line_item_resource_id: '["i-0"]',
      not_like_line_item_operation: '["Nat"]',
      tag_keys_and: '[{"key":"env","value":"prod"},{"key":"team","value":""}]',
      chart: 'area',
      window: '1',
    });
    const { view, problem } = viewFromParams(search, today);
    expect(problem).toBeNull();
    expect(view.range).toBeNull();
    expect(view.query.filters).toHaveLength(5);
    const again = viewToParams(view);
    expect(Object.fromEntries(again)).toEqual({ ...Object.fromEntries(search), top_n: '10' });
    expect(viewFromParams(again, today).view).toEqual(view);
  });

  it('keeps a preset as the preset, recomputed on the day the link is opened', () => {
    const { view } = viewFromParams(new URLSearchParams({ range: 'MTD' }), today);
    expect(viewToParams(view).get('range')).toBe('MTD');
    expect(viewToParams(view).has('start_date')).toBe(false);
    const later = viewFromParams(viewToParams(view), new Date('2026-12-05T00:00:00Z')).view;
    expect([later.query.start_date, later.query.end_date]).toEqual(['2026-12-01', '2026-12-05']);
  });

  it('keeps "no group-by" and a tag group-by whose key is not chosen yet', () => {
    const total = viewFromParams(new URLSearchParams({ dimension: '' }), today).view;
    expect(total.query.dimension).toBeNull();
    expect(viewToParams(total).get('dimension')).toBe('');
    const pending = viewFromParams(new URLSearchParams({ dimension: 'tag_keys' }), today);
    expect(pending.problem).toBeNull();
    expect(pending.view.query.dimension).toBe('tag_keys');
  });

  it('names the bad key of a broken link and falls back to the default view', () => {
    const { view, problem } = viewFromParams(new URLSearchParams({ like_product_colour: '["x"]' }), today);
    expect(problem?.field).toBe('like_product_colour');
    expect(view.query.filters).toEqual([]);
  });
});

describe('granularity options (spec §5)', () => {
  const query = (start_date: string, end_date: string) => ({ start_date, end_date }) as CostQuery;

  it('follows the range length and the user', () => {
    expect(granularityOptions(query('2026-11-20', '2026-11-22'), false, today)).toEqual(['hour', 'day']);
    expect(granularityOptions(query('2026-11-16', '2026-11-22'), false, today)).toEqual([
      'hour',
      'day',
      'week',
    ]);
    expect(granularityOptions(query('2026-10-24', '2026-11-22'), false, today)).toEqual([
      'hour',
      'day',
      'week',
      'month',
    ]);
    expect(granularityOptions(query('2025-11-01', '2026-11-22'), false, today)).toEqual([
      'week',
      'month',
      'quarter',
    ]);
    // Internal users keep day over any range; hour stops at 6 calendar months (packages/contracts HOURLY_MAX_MONTHS).
    expect(granularityOptions(query('2025-11-01', '2026-11-22'), true, today)).toEqual([
      'day',
      'week',
      'month',
      'quarter',
    ]);
    expect(granularityOptions(query('2026-06-01', '2026-11-22'), true, today)).toEqual([
      'hour',
      'day',
      'week',
      'month',
      'quarter',
    ]);
  });

  it('offers month and quarter only for +3M, hour to week for Remaining This Month', () => {
    expect(granularityOptions(query('2026-12-01', '2027-02-28'), false, today)).toEqual(['month', 'quarter']);
    expect(granularityOptions(query('2026-11-22', '2026-11-30'), false, today)).toEqual([
      'hour',
      'day',
      'week',
    ]);
  });

  it('keeps an allowed choice, else day, else the finest allowed', () => {
    expect(fitGranularity('week', ['hour', 'day', 'week'])).toBe('week');
    expect(fitGranularity('quarter', ['hour', 'day'])).toBe('day');
    expect(fitGranularity('day', ['month', 'quarter'])).toBe('month');
  });
});

describe('withFilter', () => {
  it('merges values into the filter with the same wire key and adds other keys beside it', () => {
    const one = withFilter([], { dimension: 'product_region', mode: 'include', values: ['us-east-1'] });
    const two = withFilter(one, {
      dimension: 'product_region',
      mode: 'include',
      values: ['eu-west-1', 'us-east-1'],
    });
    expect(two).toEqual([
      { dimension: 'product_region', mode: 'include', values: ['us-east-1', 'eu-west-1'] },
    ]);
    const three = withFilter(two, { dimension: 'product_region', mode: 'exclude', values: ['us-west-2'] });
    expect(three).toHaveLength(2);
    const tags = withFilter(three, {
      dimension: 'tag_keys',
      mode: 'include',
      match: 'any',
      pairs: [{ key: 'env', value: 'prod' }],
    });
    const allTags = withFilter(tags, {
      dimension: 'tag_keys',
      mode: 'include',
      match: 'all',
      pairs: [{ key: 'env', value: 'dev' }],
    });
    expect(allTags).toHaveLength(4);
  });
});
