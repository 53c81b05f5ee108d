import { isWholeWeek, MINUTES_IN_WEEK, mergeWindows, type WeekWindow } from './week';
import { DAY_MS, fromWall, toWall, WEEK_MS, weekStartWall } from './zone-time';

/**
 * Whether a scheduled resource should run at an instant, and when that next changes.
 *
 * A weekly rule's windows are local wall-clock minutes; each window's start and end become one boundary
 * instant per week (`fromWall`: a skipped wall time happens when the clocks jump, a repeated one at its first
 * occurrence). The desired state at an instant is the one set by the latest boundary at or before it, so
 * every start and stop happens exactly once per week whatever the clocks do: a stop at 01:30 in the repeated
 * autumn hour stops at the first 01:30 and the second 01:30 changes nothing; a window lying wholly inside
 * the skipped spring hour collapses to one instant and is skipped that day.
 *
 * On top of the rule: overrides (snooze, keep running or stopped until a time; the latest one that is active
 * wins) and holidays (local days on which the schedule keeps its resources stopped).
 */

export interface WeeklyRule {
  zone: string;
  /** Running windows, local minutes of the week (week.ts). */
  windows: readonly WeekWindow[];
}

export interface StateOverride {
  /** Instants (ms). An override is active in [from, until). */
  from: number;
  until: number;
  running: boolean;
}

export interface ScheduleState {
  rule: WeeklyRule;
  overrides?: readonly StateOverride[];
  /** Local days (YYYY-MM-DD) the schedule keeps stopped. */
  holidays?: readonly string[];
}

interface Boundary {
  at: number;
  running: boolean;
}

/** The rule's boundaries for local weeks `fromWeek`..`toWeek` around the instant's week, ordered as they fire. */
function boundaries(rule: WeeklyRule, instant: number, fromWeek: number, toWeek: number): Boundary[] {
  const windows = mergeWindows(rule.windows);
  const base = weekStartWall(toWall(rule.zone, instant));
  const out: (Boundary & { wall: number })[] = [];
  for (let k = fromWeek; k <= toWeek; k++) {
    for (const w of windows) {
      for (const [minute, running] of [
        [w.start, true],
        [w.end, false],
      ] as const) {
        const wall = base + k * WEEK_MS + minute * 60_000;
        out.push({ at: fromWall(rule.zone, wall), wall, running });
      }
    }
  }
  // Ties (a window inside a skipped hour) fire in wall order, so the later boundary wins.
  return out.sort((a, b) => a.at - b.at || a.wall - b.wall);
}

/** The last boundary at or before `instant`; null when none is in the list. */
function lastAtOrBefore(list: readonly Boundary[], instant: number): Boundary | null {
  let found: Boundary | null = null;
  for (const b of list) {
    if (b.at > instant) break;
    found = b;
  }
  return found;
}

/** Whether the weekly rule alone wants resources running at `instant`. */
export function ruleRunningAt(rule: WeeklyRule, instant: number): boolean {
  if (rule.windows.length === 0) return false;
  if (isWholeWeek(rule.windows)) return true;
  // A week back always holds a boundary at or before the instant: windows repeat every week.
  return lastAtOrBefore(boundaries(rule, instant, -1, 0), instant)?.running ?? false;
}

function holidayRange(zone: string, day: string): [number, number] {
  const wall = Date.parse(`${day}T00:00:00Z`);
  return [fromWall(zone, wall), fromWall(zone, wall + DAY_MS)];
}

function activeOverride(state: ScheduleState, instant: number): StateOverride | null {
  const active = (state.overrides ?? []).filter((o) => o.from <= instant && instant < o.until);
  return active.sort((a, b) => a.from - b.from).at(-1) ?? null;
}

/** An active override, else stopped on a holiday, else what the weekly rule (`ruleAt`) says. */
function evaluate(state: ScheduleState, instant: number, ruleAt: (at: number) => boolean): boolean {
  const override = activeOverride(state, instant);
  if (override) return override.running;
  for (const day of state.holidays ?? []) {
    const [from, to] = holidayRange(state.rule.zone, day);
    if (from <= instant && instant < to) return false;
  }
  return ruleAt(instant);
}

/** What a schedule wants at `instant`: an active override, else stopped on a holiday, else the weekly rule. */
export function desiredRunningAt(state: ScheduleState, instant: number): boolean {
  return evaluate(state, instant, (at) => ruleRunningAt(state.rule, at));
}

/** How far ahead `nextChange` looks; a schedule with no change within it answers null. */
export const NEXT_CHANGE_HORIZON_MS = 35 * DAY_MS;

/**
 * The first instant after `instant` at which the desired state differs from the one at `instant`, with the
 * state it changes to; null when nothing changes within the horizon (a whole-week rule, a long override).
 */
export function nextChange(state: ScheduleState, instant: number): { at: number; running: boolean } | null {
  const weeks = Math.ceil(NEXT_CHANGE_HORIZON_MS / WEEK_MS) + 1;
  const { candidates, at } = changePoints(state, instant, -1, weeks);
  const now = at(instant);
  for (const c of candidates.filter((c) => c > instant && c <= instant + NEXT_CHANGE_HORIZON_MS)) {
    const running = at(c);
    if (running !== now) return { at: c, running };
  }
  return null;
}

/**
 * The latest instant at or before `instant` at which the desired state changed to the current one (the
 * boundary, override edge or holiday edge that set it); null when it has not changed within the horizon.
 * The reconciler keys each action on it, so one change is acted on once however many ticks see it.
 */
export function lastChange(state: ScheduleState, instant: number): { at: number; running: boolean } | null {
  const weeks = Math.ceil(NEXT_CHANGE_HORIZON_MS / WEEK_MS) + 1;
  const { candidates, at } = changePoints(state, instant, -weeks, 0);
  for (const c of candidates.filter((c) => c <= instant && c > instant - NEXT_CHANGE_HORIZON_MS).reverse()) {
    if (at(c - 1) !== at(c)) return { at: c, running: at(c) };
  }
  return null;
}

/** Every instant the desired state may change at (weeks `fromWeek`..`toWeek` around `instant`), and the state at any instant in them. */
function changePoints(state: ScheduleState, instant: number, fromWeek: number, toWeek: number) {
  const ruleBoundaries =
    state.rule.windows.length === 0 || isWholeWeek(state.rule.windows)
      ? []
      : boundaries(state.rule, instant, fromWeek - 1, toWeek);
  const candidates = new Set<number>(ruleBoundaries.map((b) => b.at));
  for (const o of state.overrides ?? []) for (const edge of [o.from, o.until]) candidates.add(edge);
  for (const day of state.holidays ?? [])
    for (const edge of holidayRange(state.rule.zone, day)) candidates.add(edge);
  const ruleAt = (t: number) =>
    ruleBoundaries.length === 0
      ? ruleRunningAt(state.rule, t)
      : (lastAtOrBefore(ruleBoundaries, t)?.running ?? false);
  return {
    candidates: [...candidates].sort((a, b) => a - b),
    at: (t: number) => evaluate(state, t, ruleAt),
  };
}

/** Minutes of the week the rule runs (for savings: stopped hours = week − running). */
export function runningMinutesPerWeek(windows: readonly WeekWindow[]): number {
  return mergeWindows(windows).reduce(
    (sum, w) => sum + (w.end > w.start ? w.end - w.start : w.end + MINUTES_IN_WEEK - w.start),
    0,
  );
}

/** A stretch of time with one state: [from, to), instants (ms). */
export interface StateSegment {
  from: number;
  to: number;
  running: boolean;
}

/** The desired state over [from, to) as consecutive segments (the details page's timeline). */
export function desiredSegments(state: ScheduleState, from: number, to: number): StateSegment[] {
  const out: StateSegment[] = [];
  let at = from;
  let running = desiredRunningAt(state, from);
  while (at < to) {
    const next = nextChange(state, at);
    const end = next === null ? to : Math.min(next.at, to);
    out.push({ from: at, to: end, running });
    if (next === null) break;
    at = end;
    running = next.running;
  }
  return out;
}

const HOUR_MS = 3_600_000;

/**
 * The share (0–1) of each whole hour of [from, to) in which the weekly rule alone keeps its resources stopped
 * (the commitments' what-if: the look-back's hours as the schedule would have run them). Holidays and overrides
 * are left out: they fall on other days next time.
 */
export function stoppedShareByHour(rule: WeeklyRule, from: number, to: number): number[] {
  const out: number[] = new Array(Math.max(0, Math.ceil((to - from) / HOUR_MS))).fill(0);
  for (const segment of desiredSegments({ rule }, from, to)) {
    if (segment.running) continue;
    for (let at = segment.from; at < segment.to; ) {
      const h = Math.floor((at - from) / HOUR_MS);
      const until = Math.min(from + (h + 1) * HOUR_MS, segment.to);
      out[h] = (out[h] ?? 0) + (until - at) / HOUR_MS;
      at = until;
    }
  }
  return out;
}
