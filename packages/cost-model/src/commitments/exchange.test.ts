import { describe, expect, it } from 'vitest';
import { exchangeQuote, remainingValue, reservationFit } from './exchange';

const year = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') };
const halfway = new Date('2026-07-02T12:00:00Z'); // 4380 of 8760 hours left

describe('convertible reservation exchange', () => {
  it('values what is left of the upfront and the recurring fee', () => {
    const ri = { count: 2, upfront: 876, recurringHourly: 0.1, term: year };
    expect(remainingValue(ri, halfway)).toBeCloseTo(2 * (438 + 438), 9);
    expect(remainingValue(ri, new Date('2027-02-01T00:00:00Z'))).toBe(0);
  });

  it('buys at least the remaining value and charges the true-up', () => {
    // Two under-used m5.xlarge worth 876 each; the target (c6i.large, 4 units) costs 0.05 $/h → 219 over 4380 h.
    const sources = [{ count: 2, upfront: 876, recurringHourly: 0.1, term: year }];
    const target = { unitsPerInstance: 4, hourlyValue: 0.05 };
    const quote = exchangeQuote(sources, target, 12, halfway);
    expect(quote.remainingHours).toBe(4380);
    expect(quote.minimumInstances).toBe(8);
    expect(quote.instances).toBe(8);
    expect(quote.trueUp).toBeCloseTo(0, 9);
    // Covering more than the value buys costs a true-up.
    const more = exchangeQuote(sources, target, 40, halfway);
    expect(more.instances).toBe(10);
    expect(more.trueUp).toBeCloseTo(2 * 219, 9);
    expect(() => exchangeQuote(sources, { unitsPerInstance: 4, hourlyValue: 0 }, 4, halfway)).toThrow(
      RangeError,
    );
  });

  it('shows utilisation and coverage before and after', () => {
    const usage = [8, 8, 16, 16];
    expect(reservationFit(usage, 16)).toEqual({ utilisation: 0.75, coverage: 1 });
    const after = reservationFit(usage, 8);
    expect(after.utilisation).toBe(1);
    expect(after.coverage).toBeCloseTo(2 / 3, 12);
  });
});
