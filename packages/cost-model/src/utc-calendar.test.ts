import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  hourStarts,
  inclusiveDays,
  periodEnd,
  periodStart,
  periodStarts,
} from './utc-calendar';

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

describe('period starts', () => {
  it('from the period holding the start to the one holding the end', () => {
    expect(periodStarts('2026-01-14', '2026-01-20', 'week')).toEqual(['2026-01-12', '2026-01-19']);
    expect(periodStarts('2026-01-31', '2026-04-01', 'month')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
    ]);
    expect(periodStarts('2026-02-15', '2026-07-01', 'quarter')).toEqual([
      '2026-01-01',
      '2026-04-01',
      '2026-07-01',
    ]);
    expect(periodStarts('2024-02-28', '2024-03-01', 'day')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    const hours = periodStarts('2026-03-01', '2026-03-02', 'hour');
    expect([hours.length, hours[0], hours[47]]).toEqual([48, '2026-03-01T00:00:00Z', '2026-03-02T23:00:00Z']);
    expect(hourStarts('2026-03-01')[13]).toBe('2026-03-01T13:00:00Z');
  });

  it('each start is the period start of itself, one period after the last', () => {
    fc.assert(
      fc.property(
        days,
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('day', 'week', 'month', 'quarter' as const),
        (start, span, g) => {
          const end = addDays(start, span);
          const starts = periodStarts(start, end, g);
          expect(starts[0]).toBe(periodStart(start, g));
          expect(starts.at(-1)).toBe(periodStart(end, g));
          for (const [i, p] of starts.entries()) {
            expect(periodStart(p, g)).toBe(p);
            if (i > 0) expect(addDays(periodEnd(starts[i - 1] as string, g), 1)).toBe(p);
          }
        },
      ),
    );
  });
});
