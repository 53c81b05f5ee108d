import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preflightSaving, stoppableCost } from './savings';
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

describe('what stopping saves, per line of the bill', () => {
  it('RDS storage and backups keep billing; instance hours stop; covered hours are committed', () => {
    const split = stoppableCost([
      { usageType: 'USE1-InstanceUsage:db.r6g.large', lineItemType: 'Usage', cost: 100 },
      { usageType: 'USE1-Multi-AZUsage:db.r6g.large', lineItemType: 'DiscountedUsage', cost: 40 },
      { usageType: 'RDS:GP3-Storage', lineItemType: 'Usage', cost: 12 },
      { usageType: 'RDS:ChargedBackupUsage', lineItemType: 'Usage', cost: 3 },
      { usageType: 'USE1-BoxUsage:m5.large', lineItemType: 'SavingsPlanCoveredUsage', cost: 20 },
      { usageType: null, lineItemType: null, cost: 5 },
    ]);
    expect(split).toEqual({ running: 165, committed: 60, keepsBilling: 15 });
  });

  it('hours a commitment covered are stranded, not saved; saving + stranded = the stopped hours at the hourly cost', () => {
    const s = preflightSaving({
      windows: WEEK_PRESETS['office-hours'],
      cost: 720,
      committed: 180,
      keepsBilling: 0,
      days: 30,
    });
    expect(s.stranded).toBeCloseTo((180 / 720) * ((720 * 108) / 168), 9);
    expect(s.saving).toBeCloseTo(462.857142857 * 0.75, 6);
    expect(s.saving + s.stranded).toBeCloseTo(s.hourlyCost * s.stoppedHours, 9);
  });
});
