import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DailyCost,
  FORECAST_HISTORY_DAYS,
  fitDailyForecast,
  forecastDays,
  MAX_MONTH_START_FACTOR,
  MONTH_START_DAYS,
  monthEndForecast,
} from './forecast';
import { addDays } from './utc-calendar';

/** `days` days of history ending on `last`, cost from the day's index. */
function history(last: string, days: number, cost: (date: string, i: number) => number): DailyCost[] {
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(last, i - days + 1);
    return { date, cost: cost(date, i) };
  });
}

// Mon … Sun costs of a business workload: weekends cheap.
const WEEK = [100, 110, 120, 130, 140, 20, 10];
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

describe('daily forecast', () => {
  it('repeats a weekly pattern exactly from 40 days of history', () => {
    const past = history('2026-11-22', 40, (d) => WEEK[weekdayOf(d)] ?? 0);
    const next = forecastDays(past, '2026-11-23', '2026-11-29');
    expect(next.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    for (const [i, d] of next.entries()) expect(d.cost).toBeCloseTo(WEEK[i] ?? 0, 9);
  });

  it('ignores a one-off spike and uses only the last 40 days', () => {
    const past = history('2026-11-22', 60, (d, i) => (i < 20 ? 1000 : d === '2026-11-10' ? 50_000 : 10));
    const model = fitDailyForecast(past);
    expect(model.historyDays).toBe(FORECAST_HISTORY_DAYS);
    expect(model.level).toBeCloseTo(10, 9);
    expect(forecastDays(past, '2026-11-23', '2026-11-23')[0]?.cost).toBeCloseTo(10, 9);
  });

  it('with under two weeks of history every day is the median day; without history it is zero', () => {
    const short = history('2026-11-22', 5, (_, i) => [5, 7, 100, 6, 8][i] ?? 0);
    expect(forecastDays(short, '2026-11-23', '2026-11-24').map((d) => d.cost)).toEqual([7, 7]);
    expect(forecastDays([], '2026-11-23', '2026-11-24').map((d) => d.cost)).toEqual([0, 0]);
    expect(forecastDays(short, '2026-11-24', '2026-11-23')).toEqual([]);
  });

  it('treats a missing day inside the history as a zero-cost day', () => {
    const gappy = [
      { date: '2026-11-01', cost: 10 },
      { date: '2026-11-03', cost: 10 },
    ];
    expect(fitDailyForecast(gappy).historyDays).toBe(3);
    expect(fitDailyForecast(gappy).level).toBe(10);
  });

  it('month-end forecast: actual month to date plus the forecast of the remaining days', () => {
    const past = history('2026-11-22', 40, () => 3);
    expect(monthEndForecast(past, '2026-11-22')).toEqual({ actual: 66, forecast: 24, total: 90 });
    // the last day of a month has nothing left to forecast
    expect(
      monthEndForecast(
        history('2026-11-30', 40, () => 2),
        '2026-11-30',
      ),
    ).toEqual({
      actual: 60,
      forecast: 0,
      total: 60,
    });
  });

  it('property: non-negative history gives a non-negative forecast, bounded by the largest day (× shape, trend and month start caps)', () => {
    const costs = fc.array(fc.float({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 90 });
    fc.assert(
      fc.property(costs, fc.integer({ min: 1, max: 60 }), (values, ahead) => {
        const past = history('2026-06-30', values.length, (_, i) => values[i] ?? 0);
        const max = Math.max(...values.slice(-FORECAST_HISTORY_DAYS));
        for (const day of forecastDays(past, '2026-07-01', addDays('2026-07-01', ahead - 1))) {
          expect(day.cost).toBeGreaterThanOrEqual(0);
          const monthStart = Number(day.date.slice(8)) <= MONTH_START_DAYS ? MAX_MONTH_START_FACTOR : 1;
          expect(day.cost).toBeLessThanOrEqual(max * 7 * 1.5 * monthStart + 1e-6);
        }
      }),
    );
  });

  it('property: a constant history forecasts the same constant', () => {
    fc.assert(
      fc.property(
        fc.float({ min: 0, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 80 }),
        (cost, days) => {
          for (const day of forecastDays(
            history('2026-03-31', days, () => cost),
            '2026-04-01',
            '2026-04-10',
          )) {
            expect(day.cost).toBeCloseTo(cost, 6);
          }
        },
      ),
    );
  });
});

describe('month-start effect', () => {
  // Weekly shape plus batch jobs on the first three days of each month (the demo organisation's pattern).
  const withBatches = (date: string) => (WEEK[weekdayOf(date)] ?? 0) * (Number(date.slice(8)) <= 3 ? 3 : 1);

  it('learns the multiplier of the first days of a month and forecasts them', () => {
    const past = history('2026-11-22', 40, withBatches);
    const model = fitDailyForecast(past);
    expect(model.monthStartFactors.map((f) => Math.round(f * 1e9) / 1e9)).toEqual([3, 3, 3]);
    const december = forecastDays(past, '2026-12-01', '2026-12-07');
    for (const d of december) expect(d.cost).toBeCloseTo(withBatches(d.date), 9);
    // Without the effect the month start is forecast like any other day.
    const plain = forecastDays(past, '2026-12-01', '2026-12-01', { monthStart: false });
    expect(plain[0]?.cost).toBeLessThan(withBatches('2026-12-01'));
  });

  it('keeps the multiplier within bounds when month starts are extreme', () => {
    const past = history('2026-11-22', 40, (d) => (Number(d.slice(8)) <= 3 ? 1e6 : 1));
    expect(fitDailyForecast(past).monthStartFactors).toEqual([10, 10, 10]);
  });
});

describe('trend', () => {
  it('follows steady growth, robust to a one-off spike; off by option', () => {
    // 1 % growth a day on a weekly shape, with one 50× day.
    const grow = (date: string, i: number) =>
      (WEEK[weekdayOf(date)] ?? 0) * (1 + 0.01 * i) * (i === 20 ? 50 : 1);
    const past = history('2026-11-22', 40, grow);
    const model = fitDailyForecast(past);
    expect(model.trendPerDay).toBeGreaterThan(0.005);
    const next = forecastDays(past, '2026-11-23', '2026-11-23')[0]?.cost ?? 0;
    expect(next / grow('2026-11-23', 40)).toBeGreaterThan(0.95);
    expect(next / grow('2026-11-23', 40)).toBeLessThan(1.05);
    expect(fitDailyForecast(past, { trend: false }).trendPerDay).toBe(0);
  });
});
