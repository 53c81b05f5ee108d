import { GRANULARITIES, type Granularity } from '@finlens/contracts/cost-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedGranularities,
  beyondHourlyLimit,
  type GranularityContext,
  granularityUsed,
  isAlignedTo,
  isBeyondMonths,
} from './granularity';
import { addDays } from './utc-calendar';

const range = (start_date: string, days: number) => ({ start_date, end_date: addDays(start_date, days - 1) });
const internal = (start_date: string, days: number): GranularityContext => ({
  ...range(start_date, days),
  internal: true,
});
const external = (start_date: string, days: number): GranularityContext => ({
  ...range(start_date, days),
  internal: false,
});

describe('granularities allowed by range length (inclusive day count)', () => {
  it.each([
    [1, ['hour', 'day']],
    [6, ['hour', 'day']],
    [7, ['hour', 'day', 'week']],
    [13, ['hour', 'day', 'week']],
    [14, ['hour', 'day', 'week', 'month']],
    [89, ['hour', 'day', 'week', 'month']],
    [90, ['hour', 'day', 'week', 'month', 'quarter']],
    [181, ['hour', 'day', 'week', 'month', 'quarter']],
    // 1 Jan … 1 Jul is beyond 6 months: no hour (HOURLY_MAX_MONTHS), the rest by length.
    [182, ['day', 'week', 'month', 'quarter']],
    [1000, ['day', 'week', 'month', 'quarter']],
  ] as const)('%i days → %j for internal users', (days, expected) => {
    expect(allowedGranularities(internal('2026-01-01', days))).toEqual(expected);
  });

  it('non-internal users lose hour beyond 3 calendar months and day beyond 6', () => {
    // 1 Jan … 31 Mar is exactly 3 months (90 days): hour stays.
    expect(
      allowedGranularities({ start_date: '2026-01-01', end_date: '2026-03-31', internal: false }),
    ).toEqual(GRANULARITIES);
    // one day more is beyond 3 months.
    expect(
      allowedGranularities({ start_date: '2025-12-31', end_date: '2026-03-31', internal: false }),
    ).toEqual(['day', 'week', 'month', 'quarter']);
    expect(
      allowedGranularities({ start_date: '2026-01-01', end_date: '2026-06-30', internal: false }),
    ).toContain('day');
    expect(
      allowedGranularities({ start_date: '2025-12-31', end_date: '2026-06-30', internal: false }),
    ).toEqual(['week', 'month', 'quarter']);
    // internal users keep both: hour up to 6 months, day on any range.
    expect(
      allowedGranularities({ start_date: '2026-01-01', end_date: '2026-06-30', internal: true }),
    ).toEqual(GRANULARITIES);
    expect(
      allowedGranularities({ start_date: '2024-01-01', end_date: '2026-06-30', internal: true }),
    ).toEqual(['day', 'week', 'month', 'quarter']);
  });

  it('hour is bounded for every caller: 3 calendar months for non-internal users, 6 for internal ones', () => {
    const sixMonths = { start_date: '2026-05-01', end_date: '2026-10-31' };
    const dayMore = { start_date: '2026-04-30', end_date: '2026-10-31' };
    expect(beyondHourlyLimit({ ...sixMonths, internal: true })).toBe(false);
    expect(beyondHourlyLimit({ ...dayMore, internal: true })).toBe(true);
    expect(beyondHourlyLimit({ ...sixMonths, internal: false })).toBe(true);
    expect(beyondHourlyLimit({ start_date: '2026-08-01', end_date: '2026-10-31', internal: false })).toBe(
      false,
    );
    expect(granularityUsed('hour', { ...dayMore, internal: true })).toEqual({
      ok: false,
      allowed: ['day', 'week', 'month', 'quarter'],
    });
    // A forward year for an internal user follows the length rules, hour bounded too.
    const plus1y = { start_date: '2026-12-01', end_date: '2027-11-30' };
    expect(allowedGranularities({ ...plus1y, internal: true, forward: '+1Y' })).not.toContain('hour');
  });

  it('property: no caller gets hour over a range longer than 6 calendar months', () => {
    const start = fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays('2000-01-01', n));
    fc.assert(
      fc.property(start, fc.integer({ min: 1, max: 365 * 4 }), fc.boolean(), (s, n, inside) => {
        const ctx = { ...range(s, n), internal: inside };
        if (isBeyondMonths(ctx, 6)) expect(allowedGranularities(ctx)).not.toContain('hour');
      }),
    );
  });

  it('measures months on the calendar: 28 Feb … 31 May is not beyond 3 months, 27 Feb … 31 May is', () => {
    expect(isBeyondMonths({ start_date: '2026-03-01', end_date: '2026-05-31' }, 3)).toBe(false);
    expect(isBeyondMonths({ start_date: '2026-02-28', end_date: '2026-05-31' }, 3)).toBe(true);
    expect(isBeyondMonths({ start_date: '2026-02-28', end_date: '2026-05-27' }, 3)).toBe(false);
  });

  it('forward ranges for non-internal users follow the preset, internal users the length rules', () => {
    const plus3 = { start_date: '2026-12-01', end_date: '2027-02-28' };
    expect(allowedGranularities({ ...plus3, internal: false, forward: '+3M' })).toEqual(['month', 'quarter']);
    expect(allowedGranularities({ ...plus3, internal: true, forward: '+3M' })).toEqual(GRANULARITIES);
    const rest = { start_date: '2026-11-22', end_date: '2026-11-30' };
    expect(allowedGranularities({ ...rest, internal: false, forward: 'remaining_this_month' })).toEqual([
      'hour',
      'day',
      'week',
    ]);
    expect(allowedGranularities({ ...rest, internal: false, forward: '+1M' })).toEqual([
      'hour',
      'day',
      'week',
    ]);
  });
});

describe('full-period alignment and the granularity used', () => {
  it('week, month and quarter need whole periods, or a range reaching today', () => {
    expect(isAlignedTo('week', { start_date: '2026-11-16', end_date: '2026-11-22' })).toBe(true);
    expect(isAlignedTo('week', { start_date: '2026-11-17', end_date: '2026-11-22' })).toBe(false);
    expect(isAlignedTo('month', { start_date: '2026-11-01', end_date: '2026-11-21' })).toBe(false);
    expect(isAlignedTo('month', { start_date: '2026-11-01', end_date: '2026-11-21' }, '2026-11-21')).toBe(
      true,
    );
    expect(isAlignedTo('quarter', { start_date: '2026-01-01', end_date: '2026-06-30' })).toBe(true);
    expect(isAlignedTo('quarter', { start_date: '2026-02-01', end_date: '2026-06-30' })).toBe(false);
    expect(isAlignedTo('hour', { start_date: '2026-02-03', end_date: '2026-02-05' })).toBe(true);
  });

  it('answers in the requested granularity when aligned, falls back to day otherwise, refuses a disallowed one', () => {
    expect(
      granularityUsed('month', { start_date: '2026-01-01', end_date: '2026-06-30', internal: false }),
    ).toEqual({
      ok: true,
      used: 'month',
      fellBack: false,
    });
    expect(
      granularityUsed('month', { start_date: '2026-01-05', end_date: '2026-06-30', internal: false }),
    ).toEqual({
      ok: true,
      used: 'day',
      fellBack: true,
    });
    expect(
      granularityUsed('hour', { start_date: '2025-01-01', end_date: '2026-06-30', internal: false }),
    ).toEqual({
      ok: false,
      allowed: ['week', 'month', 'quarter'],
    });
    expect(granularityUsed('quarter', internal('2026-01-01', 30))).toEqual({
      ok: false,
      allowed: ['hour', 'day', 'week', 'month'],
    });
  });

  it('property: non-internal lists are a subset of internal ones, finest first, never empty', () => {
    const start = fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays('2000-01-01', n));
    const length = fc.integer({ min: 1, max: 365 * 4 });
    fc.assert(
      fc.property(start, length, (s, n) => {
        const inside = allowedGranularities(internal(s, n));
        const outside = allowedGranularities(external(s, n));
        expect(outside.length).toBeGreaterThan(0);
        expect(outside.every((g) => inside.includes(g))).toBe(true);
        const order = (list: Granularity[]) => list.map((g) => GRANULARITIES.indexOf(g));
        expect(order(inside)).toEqual([...order(inside)].sort((a, b) => a - b));
        expect(inside).toContain('day');
      }),
    );
  });

  it('property: the granularity used is the requested one or day, and day only on a fallback', () => {
    const start = fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays('2000-01-01', n));
    fc.assert(
      fc.property(
        start,
        fc.integer({ min: 1, max: 800 }),
        fc.constantFrom(...GRANULARITIES),
        fc.boolean(),
        (s, n, g, inside) => {
          const ctx = { ...range(s, n), internal: inside };
          const decision = granularityUsed(g, ctx);
          if (!decision.ok) {
            expect(decision.allowed).not.toContain(g);
            return;
          }
          expect(decision.used === g || (decision.used === 'day' && decision.fellBack)).toBe(true);
          expect(decision.fellBack).toBe(!isAlignedTo(g, ctx));
        },
      ),
    );
  });
});
