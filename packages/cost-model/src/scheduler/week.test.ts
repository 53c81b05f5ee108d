import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionsToWindows,
  dayTimeFormToWindows,
  gridToPositions,
  HOURS_IN_WEEK,
  isWholeWeek,
  positionsToGrid,
  positionsToWindows,
  WEEK_DAYS,
  WEEK_PRESETS,
  type WeekDay,
  windowsToActions,
  windowsToDayTime,
  windowsToPositions,
} from './week';

const positions = fc.uniqueArray(fc.integer({ min: 0, max: HOURS_IN_WEEK - 1 }), { maxLength: 168 });
const someHours = positions.filter((p) => p.length > 0 && p.length < HOURS_IN_WEEK);
const sorted = (p: number[]) => [...p].sort((a, b) => a - b);
const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const days = fc
  .subarray([...WEEK_DAYS], { minLength: 1 })
  .map((d) => WEEK_DAYS.filter((w) => d.includes(w)) as WeekDay[]);

describe('positions ↔ 7×24 grid ↔ windows', () => {
  it('positions → grid → positions is the identity (sorted)', () => {
    fc.assert(
      fc.property(positions, (p) => {
        expect(gridToPositions(positionsToGrid(p))).toEqual(sorted(p));
      }),
    );
  });

  it('grid → positions → grid is the identity', () => {
    const grid = fc.array(fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }), {
      minLength: 7,
      maxLength: 7,
    });
    fc.assert(
      fc.property(grid, (g) => {
        expect(positionsToGrid(gridToPositions(g))).toEqual(g);
      }),
    );
  });

  it('positions → windows → positions is the identity, the week wrapping at 168', () => {
    fc.assert(
      fc.property(positions, (p) => {
        expect(windowsToPositions(positionsToWindows(p))).toEqual(sorted(p));
      }),
    );
    // Sunday 22:00 to Monday 02:00 is one window across the end of the week.
    expect(positionsToWindows([166, 167, 0, 1])).toEqual([{ start: 166 * 60, end: 120 }]);
  });

  it('refuses positions outside 0–167 and grids of the wrong shape', () => {
    expect(() => positionsToGrid([168])).toThrow(/outside 0–167/);
    expect(() => positionsToGrid([-1])).toThrow(/outside 0–167/);
    expect(() => gridToPositions([[true]])).toThrow(/7 rows/);
  });

  it('windows off the hour are not a grid', () => {
    expect(windowsToPositions([{ start: 30, end: 120 }])).toBeNull();
  });
});

describe('position actions (spec §3)', () => {
  it('windows → actions → windows is the identity; actions alternate start and stop', () => {
    fc.assert(
      fc.property(someHours, (p) => {
        const windows = positionsToWindows(p);
        const actions = windowsToActions(windows);
        expect(actionsToWindows(actions)).toEqual(windows);
        for (const a of actions) {
          expect(a.position).toBeGreaterThanOrEqual(0);
          expect(a.position).toBeLessThan(168);
          expect(a.day_of_week * 24 + a.hour).toBe(a.position);
        }
        expect(actions.filter((a) => a.action === 'start')).toHaveLength(actions.length / 2);
      }),
    );
  });

  it('names the day, hour and minute of each action', () => {
    const { windows } = dayTimeFormToWindows([{ days: ['sunday'], start: '22:30', end: '02:00' }]);
    expect(windowsToActions(windows)).toEqual([
      {
        action: 'stop',
        action_type: 'selected_day_of_week',
        day: 'monday',
        day_of_week: 0,
        hour: 2,
        minute: 0,
        position: 2,
      },
      {
        action: 'start',
        action_type: 'selected_day_of_week',
        day: 'sunday',
        day_of_week: 6,
        hour: 22,
        minute: 30,
        position: 166,
      },
    ]);
  });

  it('a schedule running all week has no actions', () => {
    expect(isWholeWeek(positionsToWindows(Array.from({ length: 168 }, (_, i) => i)))).toBe(true);
    expect(windowsToActions(positionsToWindows(Array.from({ length: 168 }, (_, i) => i)))).toEqual([]);
  });
});

describe('the day/time form', () => {
  it('form → windows → form is the identity for any days and times', () => {
    fc.assert(
      fc.property(days, clock, clock, (d, start, end) => {
        fc.pre(start !== end);
        const { windows, issues } = dayTimeFormToWindows([{ days: d, start, end }]);
        expect(issues).toEqual([]);
        expect(windowsToDayTime(windows)).toEqual({ days: d, start, end });
      }),
    );
  });

  it('the default window is Monday–Friday 08:00–20:00, the office-hours preset', () => {
    const { windows } = dayTimeFormToWindows([
      { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '08:00', end: '20:00' },
    ]);
    expect(windows).toEqual(WEEK_PRESETS['office-hours']);
    expect(windowsToPositions(windows)).toHaveLength(60);
  });

  it('an overnight window on Sunday wraps into Monday', () => {
    const { windows } = dayTimeFormToWindows([{ days: ['sunday'], start: '20:00', end: '06:00' }]);
    expect(windowsToPositions(windows)).toEqual([0, 1, 2, 3, 4, 5, 164, 165, 166, 167]);
  });

  it('names the field of bad input: overlaps, empty days, bad times', () => {
    expect(
      dayTimeFormToWindows([
        { days: ['monday'], start: '08:00', end: '20:00' },
        { days: ['tuesday', 'monday'], start: '19:00', end: '21:00' },
      ]).issues,
    ).toEqual([
      { path: ['windows', 1, 'days'], message: 'overlaps another window (monday 08:00–monday 20:00)' },
    ]);
    // A Monday overnight window runs into Tuesday morning.
    expect(
      dayTimeFormToWindows([
        { days: ['monday'], start: '22:00', end: '09:00' },
        { days: ['tuesday'], start: '08:00', end: '20:00' },
      ]).issues[0]?.path,
    ).toEqual(['windows', 1, 'days']);
    expect(dayTimeFormToWindows([{ days: [], start: '08:00', end: '20:00' }]).issues).toEqual([
      { path: ['days'], message: 'choose at least one day' },
    ]);
    expect(dayTimeFormToWindows([{ days: ['monday'], start: '8am', end: '25:00' }]).issues).toEqual([
      { path: ['start'], message: 'must be a time HH:MM' },
      { path: ['end'], message: 'must be a time HH:MM' },
    ]);
    expect(dayTimeFormToWindows([{ days: ['monday'], start: '08:00', end: '08:00' }]).issues).toEqual([
      { path: ['end'], message: 'must differ from start' },
    ]);
  });

  it('the presets are what they say', () => {
    expect(windowsToPositions(WEEK_PRESETS['weekdays-only'])).toHaveLength(120);
    expect(windowsToDayTime(WEEK_PRESETS['nights-off'])).toEqual({
      days: [...WEEK_DAYS],
      start: '07:00',
      end: '22:00',
    });
  });
});
