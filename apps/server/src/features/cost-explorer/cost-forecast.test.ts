import { type Granularity, OTHERS_KEY } from '@finlens/contracts/cost-query';
import { addDays } from '@finlens/cost-model/utc-calendar';
import { describe, expect, it } from 'vitest';
import { type ActualAnswer, forecastSpan, historySpan, historyWithin, withForecast } from './cost-forecast';

/** 40 days to 2026-11-20 (as_of), by day: EC2 costs 3 a day, S3 1 a day. */
const AS_OF = '2026-11-20';
const historyDays = Array.from({ length: 40 }, (_, i) => addDays(AS_OF, i - 39));
const flat = (key: string | null, label: string, daily: number) => ({
  key,
  label,
  costs: historyDays.map(() => daily),
  total: daily * 40,
});
const HISTORY: ActualAnswer = {
  periods: historyDays,
  series: [flat('AmazonEC2', 'AmazonEC2', 3), flat('AmazonS3', 'AmazonS3', 1)],
  group_count: 2,
};

/** withForecast from AS_OF over [from, to], top 10 and the two-service history unless told. */
function forecast(
  answer: ActualAnswer,
  granularity: Granularity,
  [from, to]: [string, string],
  { topN = 10, history = HISTORY }: { topN?: number; history?: ActualAnswer } = {},
) {
  return withForecast({ answer, granularity, span: { from, to }, asOf: AS_OF, history, topN });
}
const totalOnly = (costs: number[]) => [{ key: 'total', label: 'Total', costs, total: 0 }];

describe('forecast spans', () => {
  it('forecasts the days after as_of inside the range, nothing without data or a past range', () => {
    expect(forecastSpan({ start_date: '2026-11-01', end_date: '2026-11-30' }, AS_OF)).toEqual({
      from: '2026-11-21',
      to: '2026-11-30',
    });
    expect(forecastSpan({ start_date: '2026-12-01', end_date: '2026-12-31' }, AS_OF)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(forecastSpan({ start_date: '2026-11-01', end_date: '2026-11-20' }, AS_OF)).toBeNull();
    expect(forecastSpan({ start_date: '2026-11-01', end_date: '2026-11-30' }, null)).toBeNull();
    expect(historySpan(AS_OF)).toEqual({ start_date: '2026-10-12', end_date: AS_OF });
  });
});

describe('withForecast', () => {
  it('adds each series its share of the forecast per day and flags the forecast periods', async () => {
    const periods = ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
    const answer: ActualAnswer = {
      periods,
      series: [
        { key: 'AmazonEC2', label: 'AmazonEC2', costs: [3, 3, 0, 0], total: 6 },
        { key: 'AmazonS3', label: 'AmazonS3', costs: [1, 1, 0, 0], total: 2 },
      ],
      group_count: 2,
    };
    const out = await forecast(answer, 'day', ['2026-11-21', '2026-11-22']);
    expect(out.forecast).toEqual([false, false, true, true]);
    expect(out.series.map((s) => [s.key, s.costs, s.total])).toEqual([
      ['AmazonEC2', [3, 3, 3, 3], 12],
      ['AmazonS3', [1, 1, 1, 1], 4],
    ]);
    expect(out.forecast_total).toBe(8);
  });

  it('a month holding as_of carries actual and forecast days; hours get a 24th of a day', async () => {
    const months = await forecast(
      {
        periods: ['2026-11-01'],
        series: totalOnly([80]),
        group_count: 1,
      },
      'month',
      ['2026-11-21', '2026-11-30'],
      { history: { ...HISTORY, series: [flat('total', 'Total', 4)] } },
    );
    expect(months.series[0]?.costs).toEqual([120]);
    expect(months.series[0]?.forecast_costs).toEqual([40]);
    expect(months.forecast).toEqual([true]);

    const hours = ['2026-11-20T23:00:00Z', '2026-11-21T00:00:00Z', '2026-11-21T01:00:00Z'];
    const hourly = await forecast(
      {
        periods: hours,
        series: totalOnly([0.5, 0, 0]),
        group_count: 1,
      },
      'hour',
      ['2026-11-21', '2026-11-21'],
      { history: { ...HISTORY, series: [flat('total', 'Total', 24)] } },
    );
    expect(hourly.series[0]?.costs).toEqual([0.5, 1, 1]);
    expect(hourly.series[0]?.forecast_costs).toEqual([0, 1, 1]);
    expect(hourly.forecast).toEqual([false, true, true]);
  });

  it('a future-only range takes its series from the history and keeps the top N, the rest in Others', async () => {
    const out = await forecast(
      { periods: ['2026-12-01'], series: [], group_count: 0 },
      'month',
      ['2026-12-01', '2026-12-31'],
      { topN: 1 },
    );
    expect(out.series.map((s) => [s.key, s.total])).toEqual([
      ['AmazonEC2', 93],
      [OTHERS_KEY, 31],
    ]);
    expect(out.group_count).toBe(1);
    expect(out.forecast_total).toBe(124);
  });

  it("a group missing from the answer's series goes to its Others when it has one", async () => {
    const out = await forecast(
      {
        periods: ['2026-11-21'],
        series: [
          { key: 'AmazonEC2', label: 'AmazonEC2', costs: [0], total: 0 },
          { key: OTHERS_KEY, label: 'Others', costs: [0], total: 0 },
        ],
        group_count: 5,
      },
      'day',
      ['2026-11-21', '2026-11-21'],
      { topN: 1 },
    );
    expect(out.series.map((s) => [s.key, s.total, s.forecast_costs])).toEqual([
      ['AmazonEC2', 3, [3]],
      [OTHERS_KEY, 1, [1]],
    ]);
    expect(out.group_count).toBe(5);
  });
});

describe('history from the answer itself', () => {
  // 60 days to AS_OF by day, top 1 (EC2) and Others (S3 + Lambda), then 10 days to forecast.
  const days = Array.from({ length: 70 }, (_, i) => addDays(AS_OF, i - 59));
  const daily = (key: string | null, label: string, cost: number) => {
    const costs = days.map((d) => (d <= AS_OF ? cost : 0));
    return { key, label, costs, total: costs.reduce((a, b) => a + b, 0) };
  };
  const answer: ActualAnswer = {
    periods: days,
    series: [daily('AmazonEC2', 'AmazonEC2', 3), daily(OTHERS_KEY, 'Others', 1.5)],
    group_count: 3,
  };
  const span: [string, string] = [addDays(AS_OF, 1), addDays(AS_OF, 10)];

  it('cuts the 40 days out of a by-day answer and forecasts as the full history does', async () => {
    const own = historyWithin(answer, 'day', historySpan(AS_OF));
    expect(own?.periods).toEqual(historyDays);
    expect(own?.series.map((s) => s.total)).toEqual([120, 60]);
    const full: ActualAnswer = {
      periods: historyDays,
      series: [
        flat('AmazonEC2', 'AmazonEC2', 3),
        flat('AmazonS3', 'AmazonS3', 1),
        flat('Lambda', 'Lambda', 0.5),
      ],
      group_count: 3,
    };
    const fromOwn = await forecast(answer, 'day', span, { topN: 1, history: own as ActualAnswer });
    const fromFull = await forecast(answer, 'day', span, { topN: 1, history: full });
    expect(fromOwn.forecast_total).toBeCloseTo(fromFull.forecast_total, 9);
    expect(fromOwn.series.map((s) => s.key)).toEqual(fromFull.series.map((s) => s.key));
    for (const [i, s] of fromOwn.series.entries()) {
      for (const [j, c] of s.costs.entries()) expect(c).toBeCloseTo(fromFull.series[i]?.costs[j] ?? NaN, 9);
    }
  });

  it('none when the answer is not by day or starts after the history', () => {
    expect(historyWithin(answer, 'week', historySpan(AS_OF))).toBeNull();
    const late = { ...answer, periods: days.slice(30), series: [] };
    expect(historyWithin(late, 'day', historySpan(AS_OF))).toBeNull();
  });
});
