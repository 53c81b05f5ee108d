import type { CostQueryResult, CostSeries } from '@finlens/contracts/cost-query';
import { OTHERS_KEY } from '@finlens/contracts/cost-query';
import { describe, expect, it } from 'vitest';
import { homeQueries } from './home-queries';
import { actualDays, biggestMovers, monthOutlook, outlookChart, topGroups } from './home-transforms';

function result(
  series: CostSeries[],
  periods: string[] = ['2026-11-01'],
  forecast?: boolean[],
): CostQueryResult {
  return {
    cost_type: 'unblended',
    currency: 'USD',
    start_date: periods[0] ?? '2026-11-01',
    end_date: periods.at(-1) ?? '2026-11-01',
    granularity_requested: 'day',
    granularity_used: 'day',
    periods,
    forecast: forecast ?? periods.map(() => false),
    series,
    total: series.reduce((sum, s) => sum + s.total, 0),
    group_count: series.length,
    source: 'rollup',
    as_of: periods.at(-1) ?? null,
  };
}
const group = (key: string | null, total: number, label = key ?? 'No value'): CostSeries => ({
  key,
  label,
  costs: [total],
  total,
});

/** `count` days from `from` costing `cost` each. */
function days(from: string, count: number, cost: number) {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return { date: d.toISOString().slice(0, 10), cost };
  });
}

describe('home queries', () => {
  it('40 days of daily totals through today; services and accounts over the last 30 days vs the 30 before', () => {
    const q = homeQueries(new Date('2026-11-22T10:00:00Z'));
    expect(q.daily).toMatchObject({ start_date: '2026-10-14', end_date: '2026-11-22', dimension: null });
    expect(q.services).toMatchObject({
      start_date: '2026-10-24',
      end_date: '2026-11-22',
      dimension: 'product_servicename',
    });
    expect(q.previousServices).toMatchObject({ start_date: '2026-09-24', end_date: '2026-10-23' });
    expect(q.accounts).toMatchObject({ dimension: 'line_item_usage_account_id', top_n: 5 });
  });
});

describe('month outlook', () => {
  it('a flat $10 a day through the 22nd: $220 so far, $300 expected in November', () => {
    const outlook = monthOutlook(days('2026-10-14', 40, 10), '2026-11-22', new Date('2026-11-22T10:00:00Z'));
    expect(outlook.actual).toBe(220);
    expect(outlook.total).toBeCloseTo(300, 6);
    expect(outlook.days).toHaveLength(30);
    expect(outlook.days.filter((d) => d.forecast).map((d) => d.date)[0]).toBe('2026-11-23');
    const chart = outlookChart(outlook);
    expect(chart.categories[0]).toBe('11-01');
    expect(chart.forecast?.filter(Boolean)).toHaveLength(8);
  });

  it('on the 1st with data only through last month, the whole month is forecast', () => {
    const outlook = monthOutlook(days('2026-10-23', 40, 5), '2026-11-30', new Date('2026-12-01T05:00:00Z'));
    expect(outlook.actual).toBe(0);
    expect(outlook.days.every((d) => d.forecast)).toBe(true);
    expect(outlook.total).toBeCloseTo(155, 6);
  });

  it('without data there is nothing to forecast', () => {
    const outlook = monthOutlook([], null, new Date('2026-11-22T10:00:00Z'));
    expect(outlook).toMatchObject({ actual: 0, total: 0 });
  });

  it('reads actual days from an answer, leaving forecast periods out', () => {
    const answer = result(
      [{ key: 'total', label: 'Total', costs: [1, 2, 3], total: 3 }],
      ['2026-11-01', '2026-11-02', '2026-11-03'],
      [false, false, true],
    );
    expect(actualDays(answer)).toEqual([
      { date: '2026-11-01', cost: 1 },
      { date: '2026-11-02', cost: 2 },
    ]);
  });
});

describe('top groups and movers', () => {
  it("top groups leave 'Others' out and give each its share", () => {
    const answer = result([group('AmazonEC2', 60), group(null, 20), group(OTHERS_KEY, 20, 'Others')]);
    expect(topGroups(answer, 5)).toEqual([
      { key: 'AmazonEC2', label: 'AmazonEC2', total: 60, share: 0.6 },
      { key: null, label: 'No value', total: 20, share: 0.2 },
    ]);
  });

  it('totals count actual periods only (the API adds forecast periods to series totals)', () => {
    const answer = result(
      [{ key: 'EC2', label: 'EC2', costs: [10, 20, 5], total: 35 }],
      ['2026-11-20', '2026-11-21', '2026-11-22'],
      [false, false, true],
    );
    expect(topGroups({ ...answer, total: 30 }, 1)).toEqual([
      { key: 'EC2', label: 'EC2', total: 30, share: 1 },
    ]);
  });

  it('movers by absolute change, new groups without a percent, unchanged ones left out', () => {
    const current = result([group('EC2', 150), group('S3', 10), group('Lambda', 40), group('RDS', 5)]);
    const previous = result([group('EC2', 100), group('S3', 80), group('RDS', 5)]);
    expect(biggestMovers(current, previous, 3)).toEqual([
      { key: 'S3', label: 'S3', current: 10, previous: 80, change: -70, percent: -87.5 },
      { key: 'EC2', label: 'EC2', current: 150, previous: 100, change: 50, percent: 50 },
      { key: 'Lambda', label: 'Lambda', current: 40, previous: 0, change: 40, percent: null },
    ]);
  });
});
