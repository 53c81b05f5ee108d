import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preflightSaving } from './savings';
import { positionsToWindows, WEEK_PRESETS } from './week';

describe('pre-flight saving', () => {
  it('office hours stop 108 of 168 hours: $720 over 30 days at $1/hour saves $462.86', () => {
    const s = preflightSaving({
      windows: WEEK_PRESETS['office-hours'],
      cost: 720,
      keepsBilling: 30,
      days: 30,
    });
    expect(s.hourlyCost).toBe(1);
    expect(s.stoppedHours).toBeCloseTo((720 * 108) / 168, 9);
    expect(s.saving).toBeCloseTo(462.857142857, 6);
    expect(s.keepsBilling).toBe(30);
  });

  it('never saves more than the cost, and saves nothing for a schedule that always runs', () => {
    const hours = fc.uniqueArray(fc.integer({ min: 0, max: 167 }), { minLength: 1 });
    fc.assert(
      fc.property(hours, fc.double({ min: 0, max: 1e6, noNaN: true }), (p, cost) => {
        const s = preflightSaving({ windows: positionsToWindows(p), cost, keepsBilling: 0, days: 30 });
        expect(s.saving).toBeGreaterThanOrEqual(0);
        expect(s.saving).toBeLessThanOrEqual(cost + 1e-6);
      }),
    );
    const always = positionsToWindows(Array.from({ length: 168 }, (_, i) => i));
    expect(preflightSaving({ windows: always, cost: 500, keepsBilling: 0, days: 30 }).saving).toBe(0);
  });
});
