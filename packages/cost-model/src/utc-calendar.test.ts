import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, inclusiveDays, periodEnd, periodStart } from './utc-calendar';

const days = fc
  .integer({ min: 0, max: 365 * 200 })
  .map((n) => new Date(Date.UTC(1950, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

describe('UTC calendar', () => {
  it('adds months clamped to the month end, across years', () => {
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2026-11-22', 2)).toBe('2027-01-22');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
  });

  it('ISO weeks start on Monday, quarters are calendar quarters', () => {
    expect(periodStart('2026-11-22', 'week')).toBe('2026-11-16'); // a Sunday
    expect(periodStart('2026-11-16', 'week')).toBe('2026-11-16'); // a Monday
    expect(periodEnd('2026-11-16', 'week')).toBe('2026-11-22');
    expect(periodStart('2026-11-22', 'quarter')).toBe('2026-10-01');
    expect(periodEnd('2026-02-10', 'quarter')).toBe('2026-03-31');
    expect(periodEnd('2024-02-10', 'month')).toBe('2024-02-29');
  });

  it('property: a period contains its day, starts before it ends, and the next starts the day after', () => {
    const granularity = fc.constantFrom('day', 'week', 'month', 'quarter' as const);
    fc.assert(
      fc.property(days, granularity, (day, g) => {
        const start = periodStart(day, g);
        const end = periodEnd(day, g);
        expect(start <= day && day <= end).toBe(true);
        expect(periodStart(addDays(end, 1), g)).toBe(addDays(end, 1));
        expect(periodStart(end, g)).toBe(start);
        expect(inclusiveDays(start, end)).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
