import { describe, expect, it } from 'vitest';
import { monthInterval } from './amortisation';
import { bucketOf, bucketsOf, reservationUtilisationSeries } from './utilisation-series';

describe('reservation utilisation series', () => {
  it('cuts hours, days and months in UTC', () => {
    const at = new Date('2026-02-28T23:30:00Z');
    expect(bucketOf(at, 'hour').start.toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(bucketOf(at, 'day').end.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(bucketOf(at, 'month').start.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(bucketsOf(monthInterval('2026-02'), 'day')).toHaveLength(28);
    expect(bucketsOf(monthInterval('2026-02'), 'hour')).toHaveLength(672);
  });

  it('offers less capacity on the day a reservation starts and adds up to the month', () => {
    const capacity = {
      arn: 'ri',
      normalisedUnitsPerHour: 8,
      term: { start: new Date('2026-06-10T18:00:00Z'), end: new Date('2027-06-10T18:00:00Z') },
    };
    const used = [
      { arn: 'ri', at: new Date('2026-06-10T19:00:00Z'), normalisedUnits: 24 },
      { arn: 'ri', at: new Date('2026-06-11T00:00:00Z'), normalisedUnits: 8 * 24 },
      { arn: 'other', at: new Date('2026-06-11T00:00:00Z'), normalisedUnits: 5 },
    ];
    const days = reservationUtilisationSeries([capacity], used, monthInterval('2026-06'), 'day');
    expect(days[0]).toEqual({
      arn: 'ri',
      bucket: '2026-06-10T00:00:00.000Z',
      capacityUnits: 48,
      usedUnits: 24,
      utilisation: 0.5,
    });
    expect(days[1]?.utilisation).toBe(1);
    expect(days).toHaveLength(21);
    const [month] = reservationUtilisationSeries([capacity], used, monthInterval('2026-06'), 'month');
    expect(month?.capacityUnits).toBe(8 * (20 * 24 + 6));
    expect(month?.usedUnits).toBe(24 + 192);
  });
});
