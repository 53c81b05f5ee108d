import { GRANULARITIES } from '@finlens/contracts/cost-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHART_WINDOW, chartWindow, chartWindowCount } from './chart-window';

describe('chart windows (spec §9)', () => {
  it('72 hours, 40 days, otherwise 7 periods', () => {
    expect(CHART_WINDOW).toEqual({ hour: 72, day: 40, week: 7, month: 7, quarter: 7 });
  });

  it('opens on the newest window and pages back; the oldest may be shorter', () => {
    expect(chartWindowCount(90, 'day')).toBe(3);
    expect(chartWindow(90, 'day')).toEqual({ from: 50, to: 90 });
    expect(chartWindow(90, 'day', 1)).toEqual({ from: 10, to: 50 });
    expect(chartWindow(90, 'day', 2)).toEqual({ from: 0, to: 10 });
    expect(chartWindow(90, 'day', 9)).toEqual({ from: 0, to: 10 });
    expect(chartWindow(13, 'month')).toEqual({ from: 6, to: 13 });
    expect(chartWindow(0, 'hour')).toEqual({ from: 0, to: 0 });
  });

  it('property: the windows tile every period exactly once, each at most the window size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.constantFrom(...GRANULARITIES), (count, g) => {
        const pages = chartWindowCount(count, g);
        let covered = 0;
        let next = count;
        for (let page = 0; page < pages; page++) {
          const w = chartWindow(count, g, page);
          expect(w.to).toBe(next);
          expect(w.to - w.from).toBeLessThanOrEqual(CHART_WINDOW[g]);
          covered += w.to - w.from;
          next = w.from;
        }
        expect(covered).toBe(count);
      }),
    );
  });
});
