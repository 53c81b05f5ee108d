import { describe, expect, it } from 'vitest';
import {
  COST_EXPLORER_PATHS,
  dimensionDailyCostQuerySchema,
  dimensionValuesQuerySchema,
  KEYED_GRANULARITY_PATHS,
  keyedGranularityQuerySchema,
} from './cost-explorer';
import { costQueryToParams, paramsToCostQuery } from './cost-query';

describe('cost explorer contract', () => {
  it('the query-string schema keeps the filter keys for paramsToCostQuery', () => {
    const params = costQueryToParams({
      start_date: '2026-11-01',
      end_date: '2026-11-22',
      dimension: 'product_servicename',
      filters: [{ dimension: 'line_item_usage_type', mode: 'like', values: ['BoxUsage'] }],
    });
    const parsed = dimensionDailyCostQuerySchema.parse({ ...params, imply_client: 'true' });
    expect(parsed).toMatchObject({ like_line_item_usage_type: '["BoxUsage"]' });
    const query = paramsToCostQuery(parsed);
    expect(query.ok && query.query.filters).toEqual([
      { dimension: 'line_item_usage_type', mode: 'like', values: ['BoxUsage'] },
    ]);
  });

  it('requires the range, the key of keyed paths, and checks the SPA flags', () => {
    expect(dimensionDailyCostQuerySchema.safeParse({ start_date: '2026-11-01' }).success).toBe(false);
    expect(keyedGranularityQuerySchema.safeParse({ start_date: 'a', end_date: 'b' }).success).toBe(false);
    expect(
      dimensionDailyCostQuerySchema.safeParse({ start_date: 'a', end_date: 'b', imply_client: 'yes' })
        .success,
    ).toBe(false);
    expect(dimensionValuesQuerySchema.parse({ dimension: 'product_region' }).limit).toBe(50);
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
