import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDateRange, parseIsoDate } from './cost-query';

describe('cost query inputs', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(parseIsoDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-01', '01/02/2024', '2024-01-01T00:00', ''])
      expect(parseIsoDate(bad)).toBeNull();
  });

  it('names the flag of a bad date and refuses a reversed range', () => {
    expect(checkDateRange('2024-01-01', '2024-01-31')).toEqual({
      ok: true,
      from: '2024-01-01',
      to: '2024-01-31',
    });
    expect(checkDateRange('yesterday', '2024-01-31')).toEqual({
      ok: false,
      message: '--from must be a date written YYYY-MM-DD (got "yesterday")',
    });
    expect(checkDateRange('2024-01-01', '2024-02-30')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^--to/),
    });
    expect(checkDateRange('2024-02-01', '2024-01-31')).toEqual({
      ok: false,
      message: '--from (2024-02-01) is after --to (2024-01-31)',
    });
  });

  it('round-trips every date it accepts', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (d) => {
          const text = d.toISOString().slice(0, 10);
          expect(parseIsoDate(text)?.toISOString().slice(0, 10)).toBe(text);
        },
      ),
    );
  });
});
