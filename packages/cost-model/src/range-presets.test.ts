import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dataDelayNotice,
  FORWARD_PRESETS,
  matchForwardPreset,
  PAST_PRESETS,
  presetRange,
  RANGE_PRESETS,
  START_OF_MONTH_MESSAGE,
} from './range-presets';
import { addDays, inclusiveDays, utcDay } from './utc-calendar';

// Sunday 22 November 2026, late in the UTC day.
const today = new Date('2026-11-22T23:30:00Z');

describe('range presets', () => {
  it('past presets end today and mean what the header says', () => {
    const ranges = Object.fromEntries(PAST_PRESETS.map((p) => [p, presetRange(p, today)]));
    expect(ranges).toEqual({
      '1D': { start_date: '2026-11-22', end_date: '2026-11-22' },
      '7D': { start_date: '2026-11-16', end_date: '2026-11-22' },
      '14D': { start_date: '2026-11-09', end_date: '2026-11-22' },
      MTD: { start_date: '2026-11-01', end_date: '2026-11-22' },
      '30D': { start_date: '2026-10-24', end_date: '2026-11-22' },
      '1M': { start_date: '2026-10-01', end_date: '2026-11-22' },
      '3M': { start_date: '2026-08-01', end_date: '2026-11-22' },
      '6M': { start_date: '2026-05-01', end_date: '2026-11-22' },
      '1Y': { start_date: '2025-11-01', end_date: '2026-11-22' },
      '3Y': { start_date: '2023-11-01', end_date: '2026-11-22' },
      YTD: { start_date: '2026-01-01', end_date: '2026-11-22' },
      last_6_calendar_months: { start_date: '2026-05-01', end_date: '2026-10-31' },
    });
  });

  it('forward presets tile the future: rest of this month, then whole months', () => {
    const ranges = Object.fromEntries(FORWARD_PRESETS.map((p) => [p, presetRange(p, today)]));
    expect(ranges).toEqual({
      remaining_this_month: { start_date: '2026-11-22', end_date: '2026-11-30' },
      '+1M': { start_date: '2026-12-01', end_date: '2026-12-31' },
      '+3M': { start_date: '2026-12-01', end_date: '2027-02-28' },
      '+6M': { start_date: '2026-12-01', end_date: '2027-05-31' },
      '+1Y': { start_date: '2026-12-01', end_date: '2027-11-30' },
    });
  });

  it('uses the UTC day whatever the instant (a late-evening US time is already tomorrow in UTC)', () => {
    expect(presetRange('1D', new Date('2026-12-31T23:59:59-05:00'))).toEqual({
      start_date: '2027-01-01',
      end_date: '2027-01-01',
    });
    expect(presetRange('YTD', new Date('2024-02-29T12:00:00Z')).start_date).toBe('2024-01-01');
  });

  it('recognises a forward preset only on an exact match', () => {
    expect(matchForwardPreset({ start_date: '2026-12-01', end_date: '2027-02-28' }, today)).toBe('+3M');
    expect(matchForwardPreset({ start_date: '2026-12-01', end_date: '2027-02-27' }, today)).toBeNull();
    expect(matchForwardPreset(presetRange('MTD', today), today)).toBeNull();
  });

  it('property: every preset is a valid inclusive range; past ones end today, forward ones start today or later', () => {
    const dates = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(dates, fc.constantFrom(...RANGE_PRESETS), (now, preset) => {
        const range = presetRange(preset, now);
        const day = utcDay(now);
        expect(range.start_date <= range.end_date).toBe(true);
        if ((PAST_PRESETS as readonly string[]).includes(preset)) {
          expect(range.end_date <= day).toBe(true);
        } else {
          expect(range.start_date >= day).toBe(true);
          expect(matchForwardPreset(range, now)).toBe(preset);
        }
        if (preset === '7D') expect(inclusiveDays(range.start_date, range.end_date)).toBe(7);
        if (preset === '+1M')
          expect(range.start_date).toBe(addDays(presetRange('remaining_this_month', now).end_date, 1));
      }),
    );
  });
});

describe('start-of-month and quarter-start notice', () => {
  it('1st and 2nd of a quarter month show the spec §8 text', () => {
    expect(dataDelayNotice(new Date('2027-01-01T00:00:00Z'))).toEqual({
      kind: 'quarter_start',
      message: ERROR_MESSAGES.quarterStart,
    });
    expect(dataDelayNotice(new Date('2026-10-02T23:59:59Z'))?.message).toBe(
      'The new quarter has begun and we are waiting for AWS to publish the data.',
    );
  });

  it('other months get the start-of-month text; the 3rd gets nothing', () => {
    expect(dataDelayNotice(new Date('2026-11-02T10:00:00Z'))).toEqual({
      kind: 'start_of_month',
      message: START_OF_MONTH_MESSAGE,
    });
    expect(dataDelayNotice(new Date('2026-10-03T00:00:00Z'))).toBeNull();
    expect(dataDelayNotice(today)).toBeNull();
  });
});
