import { describe, expect, it } from 'vitest';
import {
  type CostQueryInput,
  costFilterSchema,
  costQuerySchema,
  costQueryToParams,
  filterParamName,
  paramsToCostQuery,
} from './cost-query';

const query: CostQueryInput = {
  start_date: '2026-01-01',
  end_date: '2026-01-31',
  granularity: 'day',
  dimension: 'tag_keys',
  dimension_key: 'team',
  cost_type: 'amortized',
  top_n: 5,
  filters: [
    { dimension: 'product_servicename', mode: 'include', values: ['Amazon Elastic Compute Cloud', 'a,b'] },
    { dimension: 'line_item_usage_type', mode: 'not_like', values: ['DataTransfer'] },
    { dimension: 'tag_keys', mode: 'include', match: 'all', pairs: [{ key: 'env', value: 'prod' }] },
    {
      dimension: 'cost_allocation_tag_keys',
      mode: 'exclude',
      match: 'any',
      pairs: [{ key: 'app', value: 'null' }],
    },
  ],
};

describe('CostQuery wire format', () => {
  it('round-trips through the flat payload keys of spec §3', () => {
    const params = costQueryToParams(query);
    expect(params).toMatchObject({
      dimension: 'tag_keys',
      product_servicename: '["Amazon Elastic Compute Cloud","a,b"]',
      not_like_line_item_usage_type: '["DataTransfer"]',
      tag_keys_and: '[{"key":"env","value":"prod"}]',
      exclude_cost_allocation_tag_keys: '[{"key":"app","value":"null"}]',
    });
    const parsed = paramsToCostQuery(params);
    expect(parsed).toEqual({ ok: true, query: costQuerySchema.parse(query) });
  });

  it('keeps every project id, as text or as the list the route fragment made of it', () => {
    const range = { start_date: '2026-01-01', end_date: '2026-01-02' };
    for (const project_ids of ['p1,p2', ['p1', 'p2']]) {
      const parsed = paramsToCostQuery({ ...range, project_ids });
      expect(parsed.ok && parsed.query.project_ids).toEqual(['p1', 'p2']);
    }
  });

  it('names the parameter that is wrong', () => {
    expect(paramsToCostQuery({ start_date: '2026-02-30', end_date: '2026-03-01' })).toMatchObject({
      ok: false,
      field: 'start_date',
    });
    expect(
      paramsToCostQuery({ start_date: '2026-01-01', end_date: '2026-01-02', exclude_nope: '["x"]' }),
    ).toEqual({
      ok: false,
      field: 'exclude_nope',
      message: 'Unknown filter "exclude_nope".',
    });
    expect(
      paramsToCostQuery({ start_date: '2026-01-01', end_date: '2026-01-02', like_line_item_operation: '[' }),
    ).toMatchObject({
      ok: false,
      field: 'like_line_item_operation',
    });
    expect(
      paramsToCostQuery({ start_date: '2026-01-01', end_date: '2026-01-02', product_region: '[]' }),
    ).toMatchObject({
      ok: false,
      field: 'product_region',
    });
    expect(paramsToCostQuery({ start_date: '2026-01-05', end_date: '2026-01-02' })).toMatchObject({
      ok: false,
      field: 'end_date',
    });
    expect(
      paramsToCostQuery({ start_date: '2026-01-01', end_date: '2026-01-02', dimension: 'tag_keys' }),
    ).toMatchObject({
      ok: false,
      field: 'dimension_key',
    });
  });
});

describe('filterParamName', () => {
  it('is the key costQueryToParams sends a filter under', () => {
    const names = query.filters?.map((filter) => filterParamName(costFilterSchema.parse(filter)));
    const params = costQueryToParams(query);
    expect(names).toEqual([
      'product_servicename',
      'not_like_line_item_usage_type',
      'tag_keys_and',
      'exclude_cost_allocation_tag_keys',
    ]);
    for (const name of names ?? []) expect(params).toHaveProperty(name);
  });

  it('names a refused like filter on tags by the key it came under', () => {
    expect(
      paramsToCostQuery({ start_date: '2026-01-01', end_date: '2026-01-02', like_tag_keys: '["x"]' }),
    ).toMatchObject({ ok: false, field: 'like_tag_keys' });
  });
});
