import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatMoney,
  formatPercent,
  formatRelativeTime,
  formatUtcDate,
  roundTo,
} from './format';

describe('formatMoney', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [0.01, '$0.01'],
    [0.004, '< $0.01'],
    [-0.004, '> -$0.01'],
    [-1234567.891, '-$1,234,567.89'],
    ['42.125', '$42.13'],
    [0, '-'],
    [null, '-'],
    [undefined, '-'],
    ['', '-'],
    ['abc', '-'],
    [Number.NaN, '-'],
  ])('%s → %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('formats other billing currencies', () => {
    expect(formatMoney(10, 'EUR')).toBe('€10.00');
  });

  it('never shows a non-zero amount as free', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        const text = formatMoney(n);
        if (n === 0) expect(text).toBe('-');
        else expect(text).not.toMatch(/^-?\$0\.00$/);
      }),
    );
  });
});

describe('formatPercent', () => {
  it.each([
    [12.345, '+12.35%'],
    [-5, '-5.00%'],
    [0, '0.00%'],
    [0.001, '0.00%'],
    [-0.004, '0.00%'],
    [null, '-'],
    [Number.POSITIVE_INFINITY, '-'],
    ['x', '-'],
  ])('%s → %s', (input, expected) => {
    expect(formatPercent(input)).toBe(expected);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.00 KiB'],
    [1536, '1.50 KiB'],
    [1024 ** 2 * 5.25, '5.25 MiB'],
    [1024 ** 3, '1.00 GiB'],
    [1024 ** 4 * 2, '2.00 TiB'],
    [1024 ** 5, '1024.00 TiB'],
    [-1, '-'],
    [null, '-'],
  ])('%s → %s', (input, expected) => {
    expect(formatBytes(input)).toBe(expected);
  });
});

describe('roundTo', () => {
  it('rounds half away from zero at two decimals by default', () => {
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo(-1.005)).toBe(-1.01);
    expect(roundTo(2.344)).toBe(2.34);
    expect(roundTo(1.23456, 4)).toBe(1.2346);
    expect(roundTo(1e-7)).toBe(0);
    expect(roundTo(1.5e21)).toBe(1.5e21);
  });
});

describe('formatUtcDate', () => {
  const instant = '2026-03-05T23:30:15Z';
  it.each([
    ['usDate', '03/05/2026'],
    ['dayMonth', '05 Mar'],
    ['dayMonthYear', '05 Mar, 2026'],
    ['monthYear', 'Mar, 2026'],
    ['isoDate', '2026-03-05'],
    ['isoDateTime', '2026-03-05T23:30:15'],
  ] as const)('%s', (fmt, expected) => {
    expect(formatUtcDate(instant, fmt)).toBe(expected);
  });

  it('uses UTC, not the machine time zone, for Date objects and epoch numbers', () => {
    const d = new Date(Date.UTC(2026, 0, 31, 23, 59, 59));
    expect(formatUtcDate(d, 'isoDate')).toBe('2026-01-31');
    expect(formatUtcDate(d.getTime(), 'isoDateTime')).toBe('2026-01-31T23:59:59');
  });

  it('shows - for empty or invalid input', () => {
    expect(formatUtcDate(null, 'isoDate')).toBe('-');
    expect(formatUtcDate('not a date', 'isoDate')).toBe('-');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it.each([
    ['2026-11-26T09:59:30Z', 'just now'],
    ['2026-11-26T09:55:00Z', '5 minutes ago'],
    ['2026-11-26T07:00:00Z', '3 hours ago'],
    ['2026-11-24T10:00:00Z', '2 days ago'],
    ['2026-11-26T10:10:00Z', 'in 10 minutes'],
    [null, '-'],
    ['not a date', '-'],
  ])('%s → %s', (input, expected) => {
    expect(formatRelativeTime(input, now)).toBe(expected);
  });
});
