import { periodLabel } from '@finlens/cost-model/period-label';
import { describe, expect, it } from 'vitest';
import { costResult } from './explorer-fixtures.test-helper';
import {
  CHART_TOP_N,
  chartActualTotal,
  periodKind,
  toChartData,
  toGridRows,
  windowCount,
} from './transforms';

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));

describe('toChartData', () => {
  it('draws the newest 40 days first and pages back through older windows (spec §9)', () => {
    const periods = days(90);
    const result = costResult({ periods, series: [{ key: 'a', costs: periods.map((_, i) => i) }] });
    expect(windowCount(result)).toBe(3);
    const newest = toChartData(result, 0);
    expect(newest.categories).toHaveLength(40);
    expect(newest.categories[0]).toBe(periodLabel(periods[50] as string, 'day'));
    expect(newest.series[0]?.values[39]).toBe(89);
    const oldest = toChartData(result, 2);
    expect(oldest.categories).toHaveLength(10);
    expect(oldest.series[0]?.values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('uses 72 hours and 7 months per window', () => {
    const hours = Array.from({ length: 100 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 1, i)).toISOString().replace('.000', ''),
    );
    const hourly = costResult({
      periods: hours,
      granularity: 'hour',
      series: [{ key: 'a', costs: hours.map(() => 1) }],
    });
    expect(toChartData(hourly, 0).categories).toHaveLength(72);
    const months = [
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
    ];
    const monthly = costResult({
      periods: months,
      granularity: 'month',
      series: [{ key: 'a', costs: months.map(() => 1) }],
    });
    expect(toChartData(monthly, 0).categories).toEqual([
      'Feb, 2026',
      'Mar, 2026',
      'Apr, 2026',
      'May, 2026',
      'Jun, 2026',
      'Jul, 2026',
      'Aug, 2026',
    ]);
  });

  it(`folds beyond the top ${CHART_TOP_N} into Others and keeps the forecast flags`, () => {
    const periods = days(3);
    const series = Array.from({ length: 12 }, (_, i) => ({ key: `s${i}`, costs: [i, i, i + 1] }));
    const result = costResult({ periods, series, forecast: [false, false, true] });
    const chart = toChartData(result, 0);
    expect(chart.series).toHaveLength(CHART_TOP_N + 1);
    expect(chart.series.at(-1)).toEqual({ name: 'Others', values: [1, 1, 3] });
    expect(chart.forecast).toEqual([false, false, true]);
  });

  it("names the group without a value 'No value'", () => {
    const result = costResult({ periods: days(1), series: [{ key: null, costs: [3] }] });
    expect(toChartData(result, 0).series[0]?.name).toBe('No value');
  });
});

describe('toGridRows', () => {
  it('gives a row per group with a cost per period, actual total, forecast, and a total row equal to the API total', () => {
    const periods = days(3);
    const result = costResult({
      periods,
      forecast: [false, false, true],
      series: [
        { key: 'AmazonEC2', costs: [10, 20, 30] },
        { key: 'AmazonS3', costs: [1.25, 2.5, 4] },
      ],
    });
    const { rows, totalRow } = toGridRows(result);
    expect(rows.map((r) => [r.label, r.costs[periods[1] as string], r.total, r.forecast])).toEqual([
      ['AmazonEC2', 20, 30, 30],
      ['AmazonS3', 2.5, 3.75, 4],
    ]);
    expect(totalRow.total).toBe(result.total);
    expect(totalRow.total).toBe(33.75);
    expect(totalRow.forecast).toBe(34);
    expect(totalRow.costs).toEqual({
      [periods[0] as string]: 11.25,
      [periods[1] as string]: 22.5,
      [periods[2] as string]: 34,
    });
  });

  it('counts the month to date of a partly forecast month in the actual total: grid, summary and chart agree', () => {
    // Three months by month, data through 2026-11-25: November holds 25 actual days and 5 forecast ones.
    const periods = ['2026-09-01', '2026-10-01', '2026-11-01'];
    const result = costResult({
      periods,
      granularity: 'month',
      forecast: [false, false, true],
      asOf: '2026-11-25',
      series: [
        { key: 'AmazonEC2', costs: [300, 310, 300], forecastCosts: [0, 0, 50] },
        { key: 'Tax', costs: [30, 31, 0], forecastCosts: [0, 0, 0] },
      ],
    });
    expect(result.total).toBe(921);
    expect(result.forecast_total).toBe(50);
    const { rows, totalRow } = toGridRows(result);
    expect(rows.map((r) => [r.label, r.total, r.forecast])).toEqual([
      ['AmazonEC2', 860, 50],
      ['Tax', 61, 0],
    ]);
    expect(totalRow.total).toBe(result.total);
    expect(totalRow.forecast).toBe(result.forecast_total);
    // Each period's cell is its whole cost: the cells add up to the actual total plus the forecast.
    expect(Object.values(totalRow.costs).reduce((sum, c) => sum + c, 0)).toBe(
      totalRow.total + totalRow.forecast,
    );
    expect(chartActualTotal(result, 0)).toBe(result.total);
    expect(periods.map((_, i) => periodKind(result, i))).toEqual(['actual', 'actual', 'partly']);
    const later = costResult({ periods, forecast: [false, true, true], asOf: '2026-09-30', series: [] });
    expect(periods.map((_, i) => periodKind(later, i))).toEqual(['actual', 'forecast', 'forecast']);
  });
});
