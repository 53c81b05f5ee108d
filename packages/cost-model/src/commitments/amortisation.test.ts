import { describe, expect, it } from 'vitest';
import { commitmentForPeriod, hoursBetween, monthInterval, overlapHours } from './amortisation';

const utc = (iso: string) => new Date(iso);

describe('commitmentForPeriod', () => {
  it('amortises a partial-upfront year by the hours of each month', () => {
    const commitment = {
      term: { start: utc('2026-01-01T00:00:00Z'), end: utc('2027-01-01T00:00:00Z') },
      upfront: 876,
      recurringHourly: 0.05,
    };
    const january = commitmentForPeriod(commitment, monthInterval('2026-01'));
    expect(january.activeHours).toBe(744);
    expect(january.amortisedUpfront).toBeCloseTo(74.4, 9);
    expect(january.recurring).toBeCloseTo(37.2, 9);
    expect(january.total).toBeCloseTo(111.6, 9);
    // Over the whole term the monthly shares add up to the upfront payment.
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    const upfront = months.reduce(
      (s, m) => s + commitmentForPeriod(commitment, monthInterval(m)).amortisedUpfront,
      0,
    );
    expect(upfront).toBeCloseTo(876, 9);
  });

  it('charges a plan expiring mid-month only for its remaining hours', () => {
    const commitment = {
      term: { start: utc('2025-06-15T12:00:00Z'), end: utc('2026-06-15T12:00:00Z') },
      upfront: 0,
      recurringHourly: 2,
    };
    const june = commitmentForPeriod(commitment, monthInterval('2026-06'));
    expect(june.activeHours).toBe(14 * 24 + 12);
    expect(june.total).toBe(2 * (14 * 24 + 12));
    expect(commitmentForPeriod(commitment, monthInterval('2026-07')).total).toBe(0);
  });

  it('matches the legacy CUR: a reservation bought on 9 October at 21:40:47 has 530.320278 hours that month', () => {
    const hours = overlapHours(
      { start: utc('2018-10-09T21:40:47Z'), end: utc('2019-10-09T21:40:46Z') },
      monthInterval('2018-10'),
    );
    expect(hours).toBeCloseTo(530.320278, 6);
  });

  it('is zero-safe and rejects a malformed month', () => {
    const instant = utc('2026-01-01T00:00:00Z');
    expect(hoursBetween(instant, instant)).toBe(0);
    expect(
      commitmentForPeriod(
        { term: { start: instant, end: instant }, upfront: 5, recurringHourly: 1 },
        monthInterval('2026-01'),
      ).total,
    ).toBe(0);
    expect(() => monthInterval('2026-13-01')).toThrow();
  });
});
