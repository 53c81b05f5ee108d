import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DailyCost } from './forecast';
import { backtestErrors, forecastWithBand, periodEndForecast, quantile } from './forecast-band';
import { addDays } from './utc-calendar';

function history(last: string, days: number, cost: (i: number) => number): DailyCost[] {
  return Array.from({ length: days }, (_, i) => ({ date: addDays(last, i - days + 1), cost: cost(i) }));
}

describe('forecast band', () => {
  it('quantile interpolates between order statistics', () => {
    expect(quantile([4, 1, 3, 2], 0)).toBe(1);
    expect(quantile([4, 1, 3, 2], 1)).toBe(4);
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([], 0.5)).toBe(0);
  });

  it('a steady history has no backtest error and a band of zero width', () => {
    const past = history('2026-11-22', 40, () => 10);
    expect(backtestErrors(past, 7).every((e) => Math.abs(e) < 1e-12)).toBe(true);
    const band = forecastWithBand(past, '2026-11-23', '2026-11-30');
    expect(band.total).toBeCloseTo(80, 9);
    expect(band.low).toBeCloseTo(80, 9);
    expect(band.high).toBeCloseTo(80, 9);
  });

  it('a noisy history gives a band around the forecast that widens with the noise', () => {
    // Deterministic noise: ±20 % and ±60 % around 100.
    const noise = (amplitude: number) => (i: number) => 100 * (1 + amplitude * Math.sin(i * 2.3));
    const calm = forecastWithBand(history('2026-11-22', 60, noise(0.2)), '2026-11-23', '2026-11-30');
    const wild = forecastWithBand(history('2026-11-22', 60, noise(0.6)), '2026-11-23', '2026-11-30');
    expect(calm.low).toBeLessThan(calm.total);
    expect(calm.high).toBeGreaterThan(calm.total);
    expect(wild.high - wild.low).toBeGreaterThan(calm.high - calm.low);
  });

  it('with too little history the band falls back to ±50 %', () => {
    const band = forecastWithBand(
      history('2026-11-22', 10, () => 10),
      '2026-11-23',
      '2026-11-24',
    );
    expect(band).toEqual({ total: 20, low: 10, high: 30 });
  });

  it('period forecast: actual to date plus the rest, the band around the rest', () => {
    const past = history('2026-11-22', 40, () => 3);
    expect(periodEndForecast(past, { start: '2026-11-01', end: '2026-11-30' }, '2026-11-22')).toEqual({
      actual: 66,
      forecast: 24,
      total: 90,
      low: 90,
      high: 90,
    });
    // A period after the newest data is forecast whole.
    const later = periodEndForecast(past, { start: '2026-12-01', end: '2026-12-31' }, '2026-11-22');
    expect(later.actual).toBe(0);
    expect(later.total).toBeCloseTo(93, 9);
  });

  it('property: low ≤ total ≤ high and low ≥ 0 for any non-negative history', () => {
    const costs = fc.array(fc.float({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 70 });
    fc.assert(
      fc.property(costs, fc.integer({ min: 1, max: 40 }), (values, ahead) => {
        const past = history('2026-06-30', values.length, (i) => values[i] ?? 0);
        const band = forecastWithBand(past, '2026-07-01', addDays('2026-07-01', ahead - 1));
        expect(band.low).toBeGreaterThanOrEqual(0);
        expect(band.low).toBeLessThanOrEqual(band.total + 1e-6);
        expect(band.high).toBeGreaterThanOrEqual(band.total - 1e-6);
      }),
      { numRuns: 60 },
    );
  });
});
