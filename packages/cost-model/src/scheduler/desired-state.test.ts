import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  desiredRunningAt,
  desiredSegments,
  lastChange,
  nextChange,
  ruleRunningAt,
  runningMinutesPerWeek,
  type ScheduleState,
  stoppedShareByHour,
} from './desired-state';
import { dayTimeFormToWindows, MINUTES_IN_WEEK, mergeWindows, WEEK_PRESETS, type WeekDay } from './week';
import { fromWall, isIanaZone, minuteOfWeek, toWall } from './zone-time';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const form = (zone: string, days: WeekDay[], start: string, end: string): ScheduleState => ({
  rule: { zone, windows: dayTimeFormToWindows([{ days, start, end }]).windows },
});

const zones = fc.constantFrom(...Intl.supportedValuesOf('timeZone'));
const instants = fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2037-12-31T00:00:00Z') });
const windows = fc
  .array(
    fc.record({
      start: fc.integer({ min: 0, max: MINUTES_IN_WEEK - 1 }),
      length: fc.integer({ min: 1, max: 3 * 1440 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((ws) =>
    mergeWindows(ws.map((w) => ({ start: w.start, end: (w.start + w.length) % MINUTES_IN_WEEK }))),
  );
const inWindows = (ws: { start: number; end: number }[], minute: number) =>
  ws.some((w) =>
    w.end > w.start ? minute >= w.start && minute < w.end : minute >= w.start || minute < w.end,
  );

describe('time zones', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isIanaZone('America/Los_Angeles')).toBe(true);
    expect(isIanaZone('Asia/Kathmandu')).toBe(true);
    expect(isIanaZone('UTC')).toBe(true);
    expect(isIanaZone('Mars/Olympus_Mons')).toBe(false);
    expect(isIanaZone('+05:00')).toBe(false);
    expect(isIanaZone('')).toBe(false);
  });

  it('wall time → instant → wall time round-trips outside daylight-saving gaps, in every zone', () => {
    fc.assert(
      fc.property(zones, instants, (zone, t) => {
        // Every instant's wall time maps back to the instant, or to the first occurrence of a repeated one.
        const back = fromWall(zone, toWall(zone, t));
        expect(back <= t).toBe(true);
        expect(toWall(zone, back)).toBe(toWall(zone, t));
      }),
    );
  });
});

describe('desired state at an instant', () => {
  it('away from clock changes, is whether the local minute of the week lies in a window, in every zone', () => {
    fc.assert(
      fc.property(zones, instants, windows, (zone, t, ws) => {
        const offset = (ms: number) => toWall(zone, ms) - ms;
        fc.pre(offset(t - 8 * 86_400_000) === offset(t) && offset(t) === offset(t + 86_400_000));
        expect(ruleRunningAt({ zone, windows: ws }, t)).toBe(inWindows(ws, minuteOfWeek(zone, t)));
      }),
    );
  });

  it('office hours in Los Angeles: running Monday 08:00–20:00 local, stopped at night and at the weekend', () => {
    const s = form(
      'America/Los_Angeles',
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      '08:00',
      '20:00',
    );
    expect(desiredRunningAt(s, at('2026-11-23T15:59:00Z'))).toBe(false); // Mon 07:59 PST
    expect(desiredRunningAt(s, at('2026-11-23T16:00:00Z'))).toBe(true); // Mon 08:00 PST
    expect(desiredRunningAt(s, at('2026-11-24T03:59:00Z'))).toBe(true); // Mon 19:59 PST
    expect(desiredRunningAt(s, at('2026-11-24T04:00:00Z'))).toBe(false); // Mon 20:00 PST
    expect(desiredRunningAt(s, at('2026-11-28T18:00:00Z'))).toBe(false); // Saturday
  });

  it('a window across the end of the week runs Sunday night into Monday', () => {
    const s = form('UTC', ['sunday'], '22:00', '02:00');
    expect(desiredRunningAt(s, at('2026-11-29T23:00:00Z'))).toBe(true); // Sunday
    expect(desiredRunningAt(s, at('2026-11-30T01:59:00Z'))).toBe(true); // Monday
    expect(desiredRunningAt(s, at('2026-11-30T02:00:00Z'))).toBe(false);
    expect(nextChange(s, at('2026-11-30T01:00:00Z'))).toEqual({
      at: at('2026-11-30T02:00:00Z'),
      running: false,
    });
  });
});

describe('daylight saving, explicitly', () => {
  it('a 02:30 start on the spring-forward day starts when the clocks jump (03:00 PDT)', () => {
    const s = form('America/Los_Angeles', ['sunday'], '02:30', '20:00');
    const next = nextChange(s, at('2026-03-08T08:00:00Z')); // Sun 00:00 PST
    expect(next && iso(next.at)).toBe('2026-03-08T10:00:00.000Z');
    expect(next?.running).toBe(true);
    expect(desiredRunningAt(s, at('2026-03-08T09:59:59Z'))).toBe(false);
    expect(desiredRunningAt(s, at('2026-03-08T10:00:00Z'))).toBe(true);
  });

  it('a stop in the repeated autumn hour happens at its first occurrence, once', () => {
    const s = form('America/Los_Angeles', ['sunday'], '00:00', '01:30');
    expect(nextChange(s, at('2026-11-01T07:30:00Z'))).toEqual({
      at: at('2026-11-01T08:30:00Z'),
      running: false,
    });
    expect(desiredRunningAt(s, at('2026-11-01T08:45:00Z'))).toBe(false); // 01:45 PDT
    // 01:15 PST, the second 01:15: a wall-clock reading would start it again; the stop already happened.
    expect(desiredRunningAt(s, at('2026-11-01T09:15:00Z'))).toBe(false);
    expect(nextChange(s, at('2026-11-01T08:31:00Z'))).toEqual({
      at: at('2026-11-08T08:00:00Z'),
      running: true,
    });
  });

  it('a start in the repeated hour runs from its first occurrence to the stop (2.5 hours)', () => {
    const s = form('America/Los_Angeles', ['sunday'], '01:30', '03:00');
    const start = nextChange(s, at('2026-11-01T07:00:00Z'));
    expect(start).toEqual({ at: at('2026-11-01T08:30:00Z'), running: true });
    expect(nextChange(s, at('2026-11-01T08:30:00Z'))).toEqual({
      at: at('2026-11-01T11:00:00Z'),
      running: false,
    });
  });

  it('45-minute zones: Chatham Islands (+12:45 → +13:45), a 03:00 start inside the skipped hour', () => {
    const s = form('Pacific/Chatham', ['sunday'], '03:00', '12:00');
    expect(nextChange(s, at('2026-09-26T12:00:00Z'))).toEqual({
      at: at('2026-09-26T14:00:00Z'),
      running: true,
    });
    // Kathmandu (+05:45, no daylight saving): Monday 09:00 local is 03:15 UTC.
    const k = form('Asia/Kathmandu', ['monday'], '09:00', '18:00');
    expect(nextChange(k, at('2026-11-23T00:00:00Z'))).toEqual({
      at: at('2026-11-23T03:15:00Z'),
      running: true,
    });
  });

  it('30-minute shifts: Lord Howe Island skips 02:00–02:30; a window inside the gap is skipped that day', () => {
    const s = form('Australia/Lord_Howe', ['sunday'], '02:00', '02:20');
    expect(desiredRunningAt(s, at('2026-10-03T15:30:00Z'))).toBe(false);
    // The next start is the following Sunday's 02:00 (+11:00).
    expect(nextChange(s, at('2026-10-03T13:00:00Z'))).toEqual({
      at: at('2026-10-10T15:00:00Z'),
      running: true,
    });
    // Autumn: 01:30–02:00 happens twice; a 01:45 stop happens once, at the first 01:45 (+11:00).
    const a = form('Australia/Lord_Howe', ['sunday'], '00:00', '01:45');
    expect(nextChange(a, at('2026-04-04T13:00:00Z'))).toEqual({
      at: at('2026-04-04T14:45:00Z'),
      running: false,
    });
    expect(desiredRunningAt(a, at('2026-04-04T15:20:00Z'))).toBe(false); // the second 01:50
  });
});

describe('next action time', () => {
  it('is the first later instant where the desired state changes, in every zone', () => {
    fc.assert(
      fc.property(zones, instants, windows, fc.nat(999), (zone, t, ws, sample) => {
        const s: ScheduleState = { rule: { zone, windows: ws } };
        const now = desiredRunningAt(s, t);
        const next = nextChange(s, t);
        if (next === null) {
          expect(runningMinutesPerWeek(ws)).toBe(MINUTES_IN_WEEK);
          return;
        }
        expect(next.at).toBeGreaterThan(t);
        expect(next.running).toBe(!now);
        expect(desiredRunningAt(s, next.at)).toBe(next.running);
        expect(desiredRunningAt(s, next.at - 1)).toBe(now);
        const between = t + Math.floor(((next.at - t) * sample) / 1000);
        expect(desiredRunningAt(s, between)).toBe(now);
      }),
      { numRuns: 200 },
    );
  });
});

describe('overrides and holidays', () => {
  const office: ScheduleState = {
    rule: { zone: 'Europe/Paris', windows: WEEK_PRESETS['office-hours'] },
  };

  it('an override keeps running until its end, then expires by itself', () => {
    const s: ScheduleState = {
      ...office,
      overrides: [{ from: at('2026-11-23T18:00:00Z'), until: at('2026-11-23T22:00:00Z'), running: true }],
    };
    expect(desiredRunningAt(s, at('2026-11-23T20:00:00Z'))).toBe(true); // 21:00 Paris, after office hours
    expect(nextChange(s, at('2026-11-23T20:00:00Z'))).toEqual({
      at: at('2026-11-23T22:00:00Z'),
      running: false,
    });
    expect(desiredRunningAt(s, at('2026-11-23T22:00:00Z'))).toBe(false);
  });

  it('a stop-now override (snooze) stops inside the window; the latest active override wins', () => {
    const s: ScheduleState = {
      ...office,
      overrides: [
        { from: at('2026-11-24T08:00:00Z'), until: at('2026-11-24T16:00:00Z'), running: false },
        { from: at('2026-11-24T10:00:00Z'), until: at('2026-11-24T11:00:00Z'), running: true },
      ],
    };
    expect(desiredRunningAt(s, at('2026-11-24T09:00:00Z'))).toBe(false);
    expect(desiredRunningAt(s, at('2026-11-24T10:30:00Z'))).toBe(true);
    expect(nextChange(s, at('2026-11-24T10:30:00Z'))).toEqual({
      at: at('2026-11-24T11:00:00Z'),
      running: false,
    });
    expect(nextChange(s, at('2026-11-24T11:00:00Z'))).toEqual({
      at: at('2026-11-24T16:00:00Z'),
      running: true,
    });
  });

  it('a holiday keeps the schedule stopped for the local day', () => {
    const s: ScheduleState = { ...office, holidays: ['2026-12-25'] };
    expect(desiredRunningAt(s, at('2026-12-25T10:00:00Z'))).toBe(false);
    expect(nextChange(s, at('2026-12-24T20:00:00Z'))).toEqual({
      at: at('2026-12-28T07:00:00Z'),
      running: true,
    });
  });
});

describe('last change', () => {
  it('is the latest instant at or before which the state became what it is, in every zone', () => {
    fc.assert(
      fc.property(zones, instants, windows, (zone, t, ws) => {
        const s: ScheduleState = { rule: { zone, windows: ws } };
        const last = lastChange(s, t);
        if (last === null) {
          expect(runningMinutesPerWeek(ws)).toBe(MINUTES_IN_WEEK);
          return;
        }
        expect(last.at).toBeLessThanOrEqual(t);
        expect(last.running).toBe(desiredRunningAt(s, t));
        expect(desiredRunningAt(s, last.at - 1)).toBe(!last.running);
        expect(nextChange(s, last.at - 1)).toEqual(last);
      }),
      { numRuns: 100 },
    );
  });

  it('names the spring-forward jump as the start of a 02:30 window', () => {
    const s = form('America/Los_Angeles', ['sunday'], '02:30', '20:00');
    expect(lastChange(s, at('2026-03-08T12:00:00Z'))).toEqual({
      at: at('2026-03-08T10:00:00Z'),
      running: true,
    });
  });
});

describe('desired segments', () => {
  it('cuts a week of office hours into running and stopped stretches, on the overrides and holidays too', () => {
    const state: ScheduleState = {
      ...form('Europe/Paris', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], '08:00', '20:00'),
      holidays: ['2026-11-25'],
      overrides: [{ from: at('2026-11-28T09:00:00Z'), until: at('2026-11-28T11:00:00Z'), running: true }],
    };
    const monday = at('2026-11-22T23:00:00Z'); // Monday 00:00 in Paris (UTC+1)
    const segments = desiredSegments(state, monday, monday + 7 * 86_400_000);
    const running = segments.filter((s) => s.running).map((s) => [iso(s.from), iso(s.to)]);
    expect(running).toEqual([
      ['2026-11-23T07:00:00.000Z', '2026-11-23T19:00:00.000Z'],
      ['2026-11-24T07:00:00.000Z', '2026-11-24T19:00:00.000Z'],
      ['2026-11-26T07:00:00.000Z', '2026-11-26T19:00:00.000Z'],
      ['2026-11-27T07:00:00.000Z', '2026-11-27T19:00:00.000Z'],
      ['2026-11-28T09:00:00.000Z', '2026-11-28T11:00:00.000Z'],
    ]);
    // Consecutive, alternating, covering the whole week.
    expect(segments[0]?.from).toBe(monday);
    expect(segments.at(-1)?.to).toBe(monday + 7 * 86_400_000);
    segments.slice(1).forEach((s, i) => {
      expect(s.from).toBe(segments[i]?.to);
      expect(s.running).not.toBe(segments[i]?.running);
    });
  });

  it('is one segment for a rule that never changes', () => {
    const state: ScheduleState = { rule: { zone: 'UTC', windows: WEEK_PRESETS['weekdays-only'] } };
    const sat = at('2026-11-28T00:00:00Z');
    expect(desiredSegments(state, sat, sat + 86_400_000)).toEqual([
      { from: sat, to: sat + 86_400_000, running: false },
    ]);
  });
});

describe('stoppedShareByHour', () => {
  it('gives each hour of a look-back the share the weekly rule stops: office hours keep 60 of 168', () => {
    // Sunday 1 February 2026 to the next Sunday, UTC: Monday–Friday 08:00–20:00 run, the other 108 hours stop.
    const from = at('2026-02-01T00:00:00Z');
    const shares = stoppedShareByHour(
      { zone: 'UTC', windows: WEEK_PRESETS['office-hours'] },
      from,
      from + 7 * 86_400_000,
    );
    expect(shares).toHaveLength(168);
    expect(shares.filter((s) => s === 0)).toHaveLength(60);
    expect(shares.filter((s) => s === 1)).toHaveLength(108);
    expect(shares[24 + 8]).toBe(0);
    expect(shares[24 + 7]).toBe(1);
  });

  it('splits an hour a window starts or ends inside of', () => {
    // Monday 09:30–10:00 Kolkata (UTC+5:30) runs: Monday 04:00–04:30 UTC, so the 04:00 hour is half stopped.
    const from = at('2026-02-02T00:00:00Z');
    const shares = stoppedShareByHour(
      { zone: 'Asia/Kolkata', windows: [{ start: 9 * 60 + 30, end: 10 * 60 }] },
      from,
      from + 86_400_000,
    );
    expect(shares[4]).toBeCloseTo(0.5, 12);
    expect(shares.reduce((sum, s) => sum + s, 0)).toBeCloseTo(23.5, 12);
  });
});
