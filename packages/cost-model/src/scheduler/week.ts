import { HOURS_IN_WEEK, WEEK_DAY_NAMES } from '@finlens/contracts/scheduler';

/**
 * The scheduler's week (spec §3, §4, §9): 168 hour positions, a 7×24 grid, the day/time form and the position
 * actions, all in the schedule's own time zone (local wall-clock time; `desired-state.ts` maps it to instants).
 *
 * - Days run Monday (0) to Sunday (6), as ISO weeks do; position = day × 24 + hour, 0–167.
 * - A schedule is the set of local minutes of the week in which its resources should run, kept as running
 *   windows in minutes of the week. Grids and positions are whole hours; the form and the actions carry minutes.
 * - The week wraps: a window from Sunday 22:00 to 02:00 runs into Monday 00:00–02:00 of the same weekly rule.
 */

export { HOURS_IN_WEEK };
export const MINUTES_IN_WEEK = HOURS_IN_WEEK * 60;
export const WEEK_DAYS = WEEK_DAY_NAMES;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** A running window in local minutes of the week: start inclusive, end exclusive; end < start wraps the week. */
export interface WeekWindow {
  start: number;
  end: number;
}

/** One row of the spec's day/time form: these days, from start to end (HH:MM; an end before start ends the next day). */
export interface DayTimeWindow {
  days: readonly WeekDay[];
  start: string;
  end: string;
}

/** A 7×24 grid, grid[day][hour], Monday first; true = running. */
export type WeekGrid = boolean[][];

/** Spec §3 "Schedule position action". */
export interface PositionAction {
  action: 'start' | 'stop';
  action_type: 'selected_day_of_week';
  day: WeekDay;
  day_of_week: number;
  hour: number;
  minute: number;
  /** Hour of the week, 0–167. */
  position: number;
}

/** What is wrong with an input, with the field (path) to name in a 400. */
export interface WeekRuleIssue {
  path: (string | number)[];
  message: string;
}

const mod = (n: number, m: number) => ((n % m) + m) % m;

export function isPosition(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < HOURS_IN_WEEK;
}

/** Sorted, unique positions; throws on one outside 0–167 (callers validate first). */
export function normalisePositions(positions: readonly number[]): number[] {
  for (const p of positions) if (!isPosition(p)) throw new RangeError(`position ${p} is outside 0–167`);
  return [...new Set(positions)].sort((a, b) => a - b);
}

export function positionsToGrid(positions: readonly number[]): WeekGrid {
  const grid = WEEK_DAYS.map(() => Array<boolean>(24).fill(false));
  for (const p of normalisePositions(positions)) (grid[Math.floor(p / 24)] as boolean[])[p % 24] = true;
  return grid;
}

export function gridToPositions(grid: WeekGrid): number[] {
  if (grid.length !== 7 || grid.some((row) => row.length !== 24)) {
    throw new RangeError('a week grid has 7 rows of 24 hours');
  }
  return grid.flatMap((row, day) => row.flatMap((on, hour) => (on ? [day * 24 + hour] : [])));
}

/** Parses HH:MM (00:00–23:59, and 24:00 for the end of a day); null when malformed. */
export function parseClock(text: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes > 24 * 60 ? null : minutes;
}

export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Each day's window in minutes of the week; an end at or before the start runs past midnight (Sunday into Monday). */
function dayTimeToWindows(
  window: DayTimeWindow,
  at: (string | number)[],
): { windows: WeekWindow[]; issues: WeekRuleIssue[] } {
  const start = parseClock(window.start);
  const end = parseClock(window.end);
  const issues: WeekRuleIssue[] = [];
  if (start === null || start === 24 * 60)
    issues.push({ path: [...at, 'start'], message: 'must be a time HH:MM' });
  if (end === null) issues.push({ path: [...at, 'end'], message: 'must be a time HH:MM' });
  if (window.days.length === 0) issues.push({ path: [...at, 'days'], message: 'choose at least one day' });
  if (start !== null && end !== null && start === end) {
    issues.push({ path: [...at, 'end'], message: 'must differ from start' });
  }
  if (issues.length > 0 || start === null || end === null) return { windows: [], issues };
  const length = end > start ? end - start : end + 24 * 60 - start;
  const windows = [...new Set(window.days)].map((day) => {
    const from = WEEK_DAYS.indexOf(day) * 24 * 60 + start;
    return { start: from, end: mod(from + length, MINUTES_IN_WEEK) };
  });
  return { windows, issues };
}

/** Minutes of the week a window covers, as [from, to) pieces that do not wrap. */
function pieces(w: WeekWindow): [number, number][] {
  if (w.end > w.start) return [[w.start, w.end]];
  // end === start never comes from a form; it would be the whole week.
  return [
    [w.start, MINUTES_IN_WEEK],
    [0, w.end],
  ].filter(([a, b]) => (b as number) > (a as number)) as [number, number][];
}

/**
 * The form (one or more day/time rows) as running windows. Two windows that share a minute are an error
 * naming the later row's days (a schedule never states the same time twice).
 */
export function dayTimeFormToWindows(rows: readonly DayTimeWindow[]): {
  windows: WeekWindow[];
  issues: WeekRuleIssue[];
} {
  const windows: WeekWindow[] = [];
  const issues: WeekRuleIssue[] = [];
  rows.forEach((row, index) => {
    const parsed = dayTimeToWindows(row, rows.length === 1 ? [] : ['windows', index]);
    issues.push(...parsed.issues);
    for (const w of parsed.windows) {
      const clash = windows.find((o) => overlaps(o, w));
      if (clash) {
        issues.push({
          path: rows.length === 1 ? ['days'] : ['windows', index, 'days'],
          message: `overlaps another window (${describeWindow(clash)})`,
        });
      } else windows.push(w);
    }
  });
  if (issues.length === 0 && windows.length === 0) issues.push({ path: ['days'], message: 'is empty' });
  return { windows: issues.length ? [] : mergeWindows(windows), issues };
}

function overlaps(a: WeekWindow, b: WeekWindow): boolean {
  return pieces(a).some(([a0, a1]) => pieces(b).some(([b0, b1]) => a0 < b1 && b0 < a1));
}

export function describeWindow(w: WeekWindow): string {
  const at = (m: number) => `${WEEK_DAYS[Math.floor(m / 1440)]} ${formatClock(m % 1440)}`;
  return `${at(w.start)}–${at(w.end)}`;
}

/** Running minutes as a sorted list of disjoint windows; adjacent ones join, including across the week's end. */
export function mergeWindows(windows: readonly WeekWindow[]): WeekWindow[] {
  const spans = windows.flatMap(pieces).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of spans) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  const first = merged[0];
  const last = merged.at(-1);
  if (first && last && merged.length > 1 && first[0] === 0 && last[1] === MINUTES_IN_WEEK) {
    // Sunday night running into Monday morning is one window.
    merged.shift();
    last[1] = first[1];
  }
  return merged.map(([start, end]) => ({ start, end: end === MINUTES_IN_WEEK ? 0 : end }));
}

/** True when the windows cover every minute of the week (a schedule that never stops anything). */
export function isWholeWeek(windows: readonly WeekWindow[]): boolean {
  const merged = mergeWindows(windows);
  return merged.length === 1 && merged[0]?.start === 0 && merged[0].end === 0;
}

export function positionsToWindows(positions: readonly number[]): WeekWindow[] {
  return mergeWindows(normalisePositions(positions).map((p) => ({ start: p * 60, end: (p + 1) * 60 })));
}

/** The hours a set of windows covers whole; null when a window starts or ends off the hour (not a grid). */
export function windowsToPositions(windows: readonly WeekWindow[]): number[] | null {
  if (windows.some((w) => w.start % 60 !== 0 || w.end % 60 !== 0)) return null;
  return normalisePositions(
    mergeWindows(windows)
      .flatMap(pieces)
      .flatMap(([a, b]) => Array.from({ length: (b - a) / 60 }, (_, i) => a / 60 + i)),
  );
}

/** Starts and stops of the windows as the spec's position actions, in week order. */
export function windowsToActions(windows: readonly WeekWindow[]): PositionAction[] {
  if (isWholeWeek(windows)) return [];
  const action = (kind: 'start' | 'stop', minute: number): PositionAction => {
    const day = Math.floor(minute / 1440);
    return {
      action: kind,
      action_type: 'selected_day_of_week',
      day: WEEK_DAYS[day] as WeekDay,
      day_of_week: day,
      hour: Math.floor((minute % 1440) / 60),
      minute: minute % 60,
      position: Math.floor(minute / 60),
    };
  };
  return mergeWindows(windows)
    .flatMap((w) => [action('start', w.start), action('stop', w.end)])
    .sort((a, b) => a.position * 60 + a.minute - (b.position * 60 + b.minute));
}

/** Position actions back to windows: each start runs to the next stop, wrapping the week. */
export function actionsToWindows(actions: readonly PositionAction[]): WeekWindow[] {
  const at = (a: PositionAction) => a.position * 60 + a.minute;
  const sorted = [...actions].sort((a, b) => at(a) - at(b));
  const windows: WeekWindow[] = [];
  sorted.forEach((a, i) => {
    if (a.action !== 'start') return;
    for (let k = 1; k <= sorted.length; k++) {
      const next = sorted[(i + k) % sorted.length] as PositionAction;
      if (next.action === 'stop') {
        windows.push({ start: at(a), end: at(next) });
        return;
      }
    }
  });
  return mergeWindows(windows);
}

/**
 * The form that states these windows (one start/end on a set of days), or null when no single row can:
 * the editor then shows the grid.
 */
export function windowsToDayTime(windows: readonly WeekWindow[]): DayTimeWindow | null {
  const merged = mergeWindows(windows);
  const first = merged[0];
  if (!first || isWholeWeek(merged)) return null;
  const start = first.start % 1440;
  const length = mod(first.end - first.start, MINUTES_IN_WEEK);
  if (
    length >= 1440 ||
    merged.some((w) => w.start % 1440 !== start || mod(w.end - w.start, MINUTES_IN_WEEK) !== length)
  ) {
    return null;
  }
  return {
    days: merged.map((w) => WEEK_DAYS[Math.floor(w.start / 1440)] as WeekDay),
    start: formatClock(start),
    end: formatClock((start + length) % 1440),
  };
}

/** Presets of the grid editor. */
export const WEEK_PRESETS = {
  /** Monday–Friday 08:00–20:00 (the spec's default window). */
  'office-hours': positionsToWindows([0, 1, 2, 3, 4].flatMap((d) => range(d * 24 + 8, d * 24 + 20))),
  /** Every hour Monday–Friday, stopped at the weekend. */
  'weekdays-only': positionsToWindows(range(0, 5 * 24)),
  /** Every day 07:00–22:00, stopped at night. */
  'nights-off': positionsToWindows([0, 1, 2, 3, 4, 5, 6].flatMap((d) => range(d * 24 + 7, d * 24 + 22))),
} satisfies Record<string, WeekWindow[]>;
export type WeekPreset = keyof typeof WEEK_PRESETS;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
