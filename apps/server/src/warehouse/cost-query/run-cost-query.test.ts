import { type CostQueryInput, costQuerySchema, OTHERS_KEY } from '@finlens/contracts/cost-query';
import { periodStarts } from '@finlens/cost-model/utc-calendar';
import { describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import { duckDbDialect } from '../duckdb/duckdb-dialect';
import { CELLS_LIMIT, type CompiledSql } from './compile-cost-query';
import type { WarehouseCostQuery } from './cost-query-port';
import { costQueryRunner } from './run-cost-query';

type Kind = 'cells' | 'ranking' | 'series' | 'scope' | 'totals';

const kindOf = (statement: CompiledSql): Kind =>
  statement.sql.includes('AS currency')
    ? 'scope'
    : statement.sql.includes('AS group_total')
      ? 'ranking'
      : statement.sql.includes('AS slot')
        ? 'series'
        : statement.sql.includes('period_totals')
          ? 'totals'
          : 'cells';

/** A warehouse double answering each statement kind with fixed rows, recording what ran (and the statements). */
function warehouse(answers: Partial<Record<Kind, Record<string, unknown>[]>>) {
  const ran: Kind[] = [];
  const statements: CompiledSql[] = [];
  const runner = costQueryRunner(duckDbDialect, async (statement) => {
    const kind = kindOf(statement);
    ran.push(kind);
    statements.push(statement);
    if (kind === 'scope') return [{ currency: 'USD', day: '2026-01-02', weight: 10 }];
    return answers[kind] ?? [];
  });
  return { runner, ran, statements };
}

const query = (input: Partial<CostQueryInput>, dataVersion?: string): WarehouseCostQuery => ({
  ...costQuerySchema.parse({
    start_date: '2026-01-01',
    end_date: '2026-01-02',
    granularity: 'day',
    ...input,
  }),
  clientId: 'c1',
  projectIds: ['p1'],
  useRollups: true,
  ...(dataVersion === undefined ? {} : { dataVersion }),
});

const cell = (period: string, grp: string | null, cost: number) => ({ period, grp, cell_cost: cost });

describe('costQueryRunner', () => {
  it('answers a service breakdown from one statement, ranked here: total, ties by value, no value last, Others', async () => {
    const { runner, ran } = warehouse({
      cells: [
        cell('2026-01-01', 'S3', 5),
        cell('2026-01-02', 'S3', 5),
        cell('2026-01-01', null, 10),
        cell('2026-01-01', 'EC2', 10),
        cell('2026-01-02', 'Lambda', 1),
        cell('2026-01-01', 'AWS Support', 0.5),
      ],
    });
    const answer = await runner.runCostQuery(query({ dimension: 'product_servicename', top_n: 3 }));
    expect(ran.sort()).toEqual(['cells', 'scope']);
    expect(answer.series.map((s) => [s.key, s.costs])).toEqual([
      ['EC2', [10, 0]],
      ['S3', [5, 5]],
      [null, [10, 0]],
      [OTHERS_KEY, [0.5, 1]],
    ]);
    expect(answer.group_count).toBe(5);
    expect(answer.total).toBe(31.5);
    expect([answer.as_of, answer.currency]).toEqual(['2026-01-02', 'USD']);
  });

  it('ranks in the warehouse when a group-by has a value per resource, or its cells overflow', async () => {
    const ranking = [{ grp: 'i-1', group_total: 3, group_count: 2 }];
    const perResource = warehouse({
      ranking,
      series: [{ period: '2026-01-01', slot: 1, cost: 3 }],
      totals: [
        { period: '2026-01-01', cost: 4 },
        { period: '2026-01-02', cost: 0.5 },
      ],
    });
    const answer = await perResource.runner.runCostQuery(
      query({ dimension: 'line_item_resource_id', top_n: 1 }),
    );
    expect(perResource.ran.sort()).toEqual(['ranking', 'scope', 'series', 'totals']);
    // Only the top resource's rows are grouped; Others is each period's total less the top's cells.
    const topOnly = perResource.statements.find((s) => kindOf(s) === 'series');
    expect(topOnly?.sql).toContain(`NULLIF("line_item_resource_id", '') IN (`);
    expect(topOnly?.values).toContain('i-1');
    expect(answer.series.map((s) => [s.key, s.costs])).toEqual([
      ['i-1', [3, 0]],
      [OTHERS_KEY, [1, 0.5]],
    ]);
    expect(answer.group_count).toBe(2);

    // Every resource in the top: no Others, so no totals read.
    const allTop = warehouse({
      ranking: [{ grp: 'i-1', group_total: 3, group_count: 1 }],
      series: [{ period: '2026-01-01', slot: 1, cost: 3 }],
    });
    const whole = await allTop.runner.runCostQuery(query({ dimension: 'line_item_resource_id', top_n: 1 }));
    expect(allTop.ran.sort()).toEqual(['ranking', 'scope', 'series']);
    expect(whole.series.map((s) => s.key)).toEqual(['i-1']);

    const series = [
      { period: '2026-01-01', slot: 1, cost: 3 },
      { period: '2026-01-01', slot: 2, cost: 1 },
    ];
    const many = Array.from({ length: CELLS_LIMIT + 1 }, (_, i) => cell('2026-01-01', `u${i}`, 1));
    const overflow = warehouse({ cells: many, ranking, series });
    await overflow.runner.runCostQuery(query({ dimension: 'line_item_usage_type', top_n: 1 }));
    expect(overflow.ran.sort()).toEqual(['cells', 'ranking', 'scope', 'series']);
  });

  it("says which tables each statement it ran read, from the compiler's plan", async () => {
    const resources = warehouse({
      ranking: [{ grp: 'i-1', group_total: 3, group_count: 2 }],
      series: [{ period: '2026-01-05', slot: 1, cost: 3 }],
      totals: [{ period: '2026-01-05', cost: 4 }],
    });
    // January 2026: full ISO weeks 5–25, edge days 1–4 and 26–31.
    const month = { start_date: '2026-01-01', end_date: '2026-01-31' };
    const top = await resources.runner.runCostQuery(
      query({ ...month, dimension: 'line_item_resource_id', top_n: 1 }),
    );
    expect(top.reads).toEqual([
      { statement: 'ranking', table: 'cost_rollup_weekly_resources', days: 'full weeks' },
      { statement: 'ranking', table: 'line_items', days: 'edge days' },
      { statement: 'top cells', table: 'line_items' },
      { statement: 'period totals', table: 'cost_rollup_daily_scope' },
    ]);
    // The same question from the line items only (rollups not allowed): no weekly part, no rollup.
    const raw = await resources.runner.runCostQuery({
      ...query({ ...month, dimension: 'line_item_resource_id', top_n: 1 }),
      useRollups: false,
    });
    expect(raw.reads.map((r) => [r.statement, r.table, r.days])).toEqual([
      ['ranking', 'line_items', undefined],
      ['top cells', 'line_items', undefined],
      ['period totals', 'line_items', undefined],
    ]);

    const services = warehouse({ cells: [cell('2026-01-01', 'EC2', 1)] });
    const byService = await services.runner.runCostQuery(query({ dimension: 'product_servicename' }));
    expect(byService.reads).toEqual([{ statement: 'cells', table: 'cost_rollup_daily' }]);
    const hourly = await warehouse({}).runner.runCostQuery(
      query({ dimension: 'product_servicename', granularity: 'hour' }),
    );
    expect(hourly.reads).toEqual([{ statement: 'cells', table: 'line_items' }]);

    const many = Array.from({ length: CELLS_LIMIT + 1 }, (_, i) => cell('2026-01-01', `u${i}`, 1));
    const overflow = warehouse({ cells: many, ranking: [{ grp: 'u1', group_total: 1, group_count: 9 }] });
    const folded = await overflow.runner.runCostQuery(query({ dimension: 'line_item_usage_type', top_n: 1 }));
    expect(folded.reads.map((r) => `${r.statement}: ${r.table}`)).toEqual([
      'cells: cost_rollup_daily',
      'ranking: cost_rollup_daily',
      'series: cost_rollup_daily',
    ]);
  });

  it('reads the scope facts once per data version, and every time without one', async () => {
    const { runner, ran } = warehouse({ cells: [cell('2026-01-01', null, 1)] });
    await runner.runCostQuery(query({ dimension: null }, 'v1'));
    await runner.runCostQuery(query({ dimension: 'product_region' }, 'v1'));
    expect(ran.filter((k) => k === 'scope')).toHaveLength(1);
    await runner.runCostQuery(query({ dimension: null }, 'v2'));
    await runner.runCostQuery(query({ dimension: null }));
    await runner.runCostQuery(query({ dimension: null }));
    expect(ran.filter((k) => k === 'scope')).toHaveLength(4);
    expect(ran.filter((k) => k === 'cells')).toHaveLength(5);
  });

  it('keeps the answers of a versioned scope: the same question again reads nothing, a new version reads again', async () => {
    const { runner, ran } = warehouse({ cells: [cell('2026-01-01', 'EC2', 2)] });
    const first = await runner.runCostQuery(query({ dimension: 'product_servicename' }, 'v1'));
    first.series[0]?.costs.fill(99);
    const again = await runner.runCostQuery(query({ dimension: 'product_servicename' }, 'v1'));
    expect(again.series[0]?.costs).toEqual([2, 0]);
    expect(ran.filter((k) => k === 'cells')).toHaveLength(1);
    await runner.runCostQuery(query({ dimension: 'product_servicename', top_n: 5 }, 'v1'));
    await runner.runCostQuery(query({ dimension: 'product_servicename' }, 'v2'));
    await runner.runCostQuery(query({ dimension: 'product_servicename' }));
    await runner.runCostQuery(query({ dimension: 'product_servicename' }));
    expect(ran.filter((k) => k === 'cells')).toHaveLength(5);
  });

  describe('gives other requests a turn while it shapes or copies a large answer', () => {
    // Three months by the hour, the top 10 resources and Others: 11 series × 2,208 hours of cells.
    const hours = periodStarts('2026-08-01', '2026-10-31', 'hour');
    const ranking = Array.from({ length: 10 }, (_, g) => ({
      grp: `i-${g}`,
      group_total: 100 - g,
      group_count: 40,
    }));
    const series = hours.flatMap((period, h) =>
      Array.from({ length: 11 }, (_, g) => ({ period, slot: g + 1, cost: ((h + g) % 7) / 4 })),
    );
    const hourly = (dataVersion?: string) =>
      query(
        {
          start_date: '2026-08-01',
          end_date: '2026-10-31',
          granularity: 'hour',
          dimension: 'line_item_resource_id',
          top_n: 10,
        },
        dataVersion,
      );

    it('zero-fills and sums the series a few thousand cells per turn of the event loop', async () => {
      const { runner } = warehouse({ ranking, series });
      const { order, result } = await orderAgainstWaiting(() => runner.runCostQuery(hourly()));
      expect(order).toEqual(['waiting request', 'done']);
      expect(result.series).toHaveLength(11);
      expect(result.series[10]?.key).toBe(OTHERS_KEY);
      expect(result.total).toBeCloseTo(
        series.reduce((sum, c) => sum + c.cost, 0),
        6,
      );
    });

    it('copies a kept answer for its caller a few thousand cells per turn, equal to the first answer', async () => {
      const { runner, ran } = warehouse({ ranking, series });
      const first = await runner.runCostQuery(hourly('v1'));
      const { order, result } = await orderAgainstWaiting(() => runner.runCostQuery(hourly('v1')));
      expect(order).toEqual(['waiting request', 'done']);
      expect(ran.filter((k) => k === 'series')).toHaveLength(1);
      expect(result).toEqual(first);
      expect(result.series[0]?.costs).not.toBe(first.series[0]?.costs);
    });
  });
});
