import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStartOfMonthWindow, percentChange, SPEND_LOOKBACK_DAYS, spendWindows } from './spend-windows';

const days = (range: { from: string; to: string }) =>
  (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;

describe('spend windows', () => {
  it('month to date, the same days of the previous month, 31 days and the 31 before', () => {
    expect(spendWindows(new Date('2026-11-22T17:30:00Z'))).toEqual({
      monthToDate: { from: '2026-11-01', to: '2026-11-22' },
      previousMonthToDate: { from: '2026-10-01', to: '2026-10-22' },
      interval: { from: '2026-10-23', to: '2026-11-22' },
      previousInterval: { from: '2026-09-22', to: '2026-10-22' },
    });
  });

  it('caps the previous month at its last day and crosses the year', () => {
    expect(spendWindows(new Date('2024-03-31T00:00:00Z')).previousMonthToDate).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(spendWindows(new Date('2026-01-05T00:00:00Z')).previousMonthToDate).toEqual({
      from: '2025-12-01',
      to: '2025-12-05',
    });
  });

  it('the 1st and 2nd are the start-of-month window', () => {
    expect(isStartOfMonthWindow(new Date('2026-12-01T23:59:59Z'))).toBe(true);
    expect(isStartOfMonthWindow(new Date('2026-12-02T00:00:00Z'))).toBe(true);
    expect(isStartOfMonthWindow(new Date('2026-12-03T00:00:00Z'))).toBe(false);
  });

  it('percent change, null against zero', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('property: intervals are 31 days and adjacent; month to date starts on the 1st and ends today', () => {
    const dates = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(dates, (today) => {
        const w = spendWindows(today);
        const day = today.toISOString().slice(0, 10);
        expect(days(w.interval)).toBe(SPEND_LOOKBACK_DAYS);
        expect(days(w.previousInterval)).toBe(SPEND_LOOKBACK_DAYS);
        expect(Date.parse(w.interval.from) - Date.parse(w.previousInterval.to)).toBe(86_400_000);
        expect(w.monthToDate).toEqual({ from: `${day.slice(0, 8)}01`, to: day });
        expect(w.previousMonthToDate.from.slice(8)).toBe('01');
        expect(days(w.previousMonthToDate)).toBeLessThanOrEqual(days(w.monthToDate));
      }),
    );
  });
});
