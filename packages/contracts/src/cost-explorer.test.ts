import { describe, expect, it } from 'vitest';
import {
  COST_EXPLORER_PATHS,
  dimensionDailyCostBodySchema,
  dimensionDailyCostQuerySchema,
  dimensionsQuerySchema,
  dimensionValuesQuerySchema,
  KEYED_GRANULARITY_PATHS,
  keyedGranularityQuerySchema,
} from './cost-explorer';
import { costQueryToParams } from './cost-query';

describe('cost explorer contract', () => {
  it('the query-string schema parses the CostQuery, filter keys included', () => {
    const params = costQueryToParams({
      start_date: '2026-11-01',
      end_date: '2026-11-22',
      dimension: 'product_servicename',
      filters: [{ dimension: 'line_item_usage_type', mode: 'like', values: ['BoxUsage'] }],
    });
    const parsed = dimensionDailyCostQuerySchema.parse({ ...params, imply_client: 'true' });
    expect(parsed.use_query_optimization).toBe(true);
    expect(parsed.query.filters).toEqual([
      { dimension: 'line_item_usage_type', mode: 'like', values: ['BoxUsage'] },
    ]);
    const raw = dimensionDailyCostQuerySchema.parse({ ...params, use_query_optimization: 'false' });
    expect(raw.use_query_optimization).toBe(false);
  });

  it('names the wrong key, filter keys and the structured body included', () => {
    const range = { start_date: '2026-11-01', end_date: '2026-11-22' };
    const pathOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
      result.error?.issues.map((issue) => issue.path.join('.'));
    expect(pathOf(dimensionDailyCostQuerySchema.safeParse({ ...range, like_colour: '["x"]' }))).toEqual([
      'like_colour',
    ]);
    expect(pathOf(dimensionDailyCostQuerySchema.safeParse({ ...range, start_date: '2026-02-30' }))).toEqual([
      'start_date',
    ]);
    expect(pathOf(dimensionDailyCostBodySchema.safeParse({ query: { ...range, end_date: 'soon' } }))).toEqual(
      ['query.end_date'],
    );
    expect(pathOf(dimensionDailyCostBodySchema.safeParse({ ...range, granularity: 'year' }))).toEqual([
      'granularity',
    ]);
    const body = dimensionDailyCostBodySchema.parse({ query: range, use_query_optimization: false });
    expect(body).toMatchObject({ query: { ...range, granularity: 'day' }, use_query_optimization: false });
    const keyed = keyedGranularityQuerySchema('label_keys').parse({ ...range, key: 'app' });
    expect(keyed.query).toMatchObject({ dimension: 'label_keys', dimension_key: 'app' });
  });

  it('requires the range, the key of keyed paths, and checks the SPA flags', () => {
    expect(dimensionDailyCostQuerySchema.safeParse({ start_date: '2026-11-01' }).success).toBe(false);
    expect(
      keyedGranularityQuerySchema('tag_keys').safeParse({ start_date: 'a', end_date: 'b' }).success,
    ).toBe(false);
    expect(
      dimensionDailyCostQuerySchema.safeParse({ start_date: 'a', end_date: 'b', imply_client: 'yes' })
        .success,
    ).toBe(false);
    expect(dimensionValuesQuerySchema.parse({ dimension: 'product_region' }).limit).toBe(50);
    const valuesIssue = (params: object) =>
      dimensionValuesQuerySchema.safeParse(params).error?.issues.map((issue) => issue.path.join('.'));
    expect(valuesIssue({ dimension: 'tag_keys' })).toEqual(['key']);
    expect(valuesIssue({ dimension: 'product_region', start_date: '2026-11-01' })).toEqual(['end_date']);
    expect(
      dimensionsQuerySchema.safeParse({ start_date: '2026-02-30', end_date: '2026-03-01' }).error?.issues[0]
        ?.path,
    ).toEqual(['start_date']);
    expect(dimensionValuesQuerySchema.safeParse({ dimension: 'product_region', limit: '501' }).success).toBe(
      false,
    );
  });

  it('every path is a cost_page path ending in a slash', () => {
    for (const path of [...Object.values(COST_EXPLORER_PATHS), ...Object.values(KEYED_GRANULARITY_PATHS)]) {
      expect(path).toMatch(/^\/c\/cost_page\/[a-z_]+\/$/);
    }
  });
});
