import {
  type DimensionDailyCostResult,
  dimensionDailyCostResultSchema,
} from '@finlens/contracts/cost-explorer';
import { OTHERS_KEY, TOP_N_MAX } from '@finlens/contracts/cost-query';
import { addDays } from '@finlens/cost-model/utc-calendar';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import { answerJson } from './answer-json';

/** The heaviest answer a user may ask for by day: 3 months, the top 500 resources and Others. */
function heaviestAnswer(): DimensionDailyCostResult {
  const periods = Array.from({ length: 92 }, (_, i) => addDays('2026-08-01', i));
  const series = Array.from({ length: TOP_N_MAX + 1 }, (_, g) => {
    const key = g === TOP_N_MAX ? OTHERS_KEY : `i-${g.toString(16).padStart(17, '0')}`;
    const costs = periods.map((_, d) => ((g * 31 + d * 7) % 1000) / 7);
    return {
      key,
      label: key,
      costs,
      total: costs.reduce((sum, c) => sum + c, 0),
      forecast_costs: periods.map((_, d) => (d > 80 ? (costs[d] ?? 0) : 0)),
    };
  });
  return {
    cost_type: 'unblended',
    currency: 'USD',
    start_date: '2026-08-01',
    end_date: '2026-10-31',
    granularity_requested: 'day',
    granularity_used: 'day',
    periods,
    forecast: periods.map((_, d) => d > 80),
    series,
    total: series.reduce((sum, s) => sum + s.total, 0),
    group_count: 20_000,
    source: 'line_items',
    as_of: '2026-10-21',
    forecast_total: 0,
    allowed_granularities: ['day', 'week', 'month', 'quarter'],
  };
}

describe('a cost answer as JSON', () => {
  it("writes the heaviest answer a few series per turn of the event loop, the same JSON as the schema's encoding", async () => {
    const answer = heaviestAnswer();
    const { order, result } = await orderAgainstWaiting(() => answerJson(answer));
    expect(order).toEqual(['waiting request', 'done']);
    expect(JSON.parse(result)).toEqual(
      JSON.parse(JSON.stringify(dimensionDailyCostResultSchema.encode(answer))),
    );
    expect(JSON.parse(result).series).toHaveLength(TOP_N_MAX + 1);
  });

  it('still enforces the response schema: a bad series value or field is refused', async () => {
    const badSeries = heaviestAnswer();
    (badSeries.series[300] as { costs: unknown[] }).costs[5] = 'twelve';
    await expect(answerJson(badSeries)).rejects.toBeInstanceOf(ZodError);
    const badHead = {
      ...heaviestAnswer(),
      granularity_used: 'fortnight',
    } as unknown as DimensionDailyCostResult;
    await expect(answerJson(badHead)).rejects.toBeInstanceOf(ZodError);
  });

  it('writes an answer without series', async () => {
    const empty = { ...heaviestAnswer(), series: [] };
    expect(JSON.parse(await answerJson(empty))).toEqual(dimensionDailyCostResultSchema.encode(empty));
  });
});
