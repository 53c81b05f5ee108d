import { describe, expect, it } from 'vitest';
import { hourlyCurve, LOOK_BACK_DAYS, lookBackWindow, withoutRemovedSpend } from './hourly-curve';
import { optimiseCommitment } from './optimiser';

describe('hourly curve', () => {
  it('takes whole hours before the end of the look-back', () => {
    const window = lookBackWindow(new Date('2026-06-08T10:42:00Z'), 7);
    expect(window.end.toISOString()).toBe('2026-06-08T10:00:00.000Z');
    expect(window.start.toISOString()).toBe('2026-06-01T10:00:00.000Z');
    for (const days of LOOK_BACK_DAYS) {
      const w = lookBackWindow(new Date('2026-06-08T10:42:00Z'), days);
      expect(hourlyCurve([], w)).toHaveLength(days * 24);
    }
  });

  it('adds rows of one hour, leaves empty hours at 0 and ignores rows outside the window', () => {
    const window = { start: new Date('2026-06-01T00:00:00Z'), end: new Date('2026-06-01T04:00:00Z') };
    const curve = hourlyCurve(
      [
        { at: new Date('2026-06-01T00:00:00Z'), onDemandCost: 1 },
        { at: new Date('2026-06-01T00:30:00Z'), onDemandCost: 2 },
        { at: new Date('2026-06-01T03:59:59Z'), onDemandCost: 5 },
        { at: new Date('2026-06-01T04:00:00Z'), onDemandCost: 100 },
        { at: new Date('2026-05-31T23:00:00Z'), onDemandCost: 100 },
      ],
      window,
    );
    expect(curve).toEqual([3, 0, 0, 5]);
  });

  it('what-if: spend the scheduler will switch off lowers the recommended commitment', () => {
    // 10 $/h around the clock; the scheduler will stop 6 $/h for 12 hours of every 24.
    const curve = Array(24 * 7).fill(10);
    const stopped = curve.map((_, h) => (h % 24 < 12 ? 6 : 0));
    expect(optimiseCommitment(curve, 0.7).commitment).toBeCloseTo(7, 9);
    expect(optimiseCommitment(withoutRemovedSpend(curve, stopped), 0.7).commitment).toBeCloseTo(2.8, 9);
    expect(withoutRemovedSpend([1, 2], [5])).toEqual([0, 2]);
  });
});
