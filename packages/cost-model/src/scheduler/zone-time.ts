import { tzOffset } from '@date-fns/tz';

/**
 * Local wall-clock time of an IANA zone as "wall milliseconds": the local date and time written as if it
 * were UTC (so Date's UTC getters read the local fields). Offsets come from the runtime's tz database
 * (Intl, through @date-fns/tz), so every zone, half-hour and 45-minute offsets included, works alike.
 */

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** An IANA zone name the runtime knows ("Europe/Paris", "UTC", "Asia/Kathmandu"); fixed offsets like "+05:00" are not zones. */
export function isIanaZone(zone: string): boolean {
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function offsetMs(zone: string, instant: number): number {
  return tzOffset(zone, new Date(instant)) * 60_000;
}

export function toWall(zone: string, instant: number): number {
  return instant + offsetMs(zone, instant);
}

/**
 * The instant a local wall time happens. Daylight saving makes this explicit:
 * - a wall time that happens twice (the repeated hour in autumn) resolves to its first occurrence;
 * - a wall time that never happens (the hour skipped in spring) resolves to the first instant after the gap,
 *   i.e. the moment the clocks jump (a 02:30 start on a spring-forward day starts at 03:00 new time).
 */
export function fromWall(zone: string, wall: number): number {
  const offsets = new Set([wall - DAY_MS, wall, wall + DAY_MS].map((t) => offsetMs(zone, t)));
  const valid = [...offsets].map((o) => wall - o).filter((t) => offsetMs(zone, t) === wall - t);
  if (valid.length > 0) return Math.min(...valid);
  // In a gap: the first instant whose wall time is past `wall` (binary search between the two offsets).
  let lo = wall - Math.max(...offsets);
  let hi = wall - Math.min(...offsets);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (toWall(zone, mid) > wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Monday 00:00 (wall) of the local week a wall time falls in. */
export function weekStartWall(wall: number): number {
  const day = Math.floor(wall / DAY_MS);
  const mondayBased = (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
  return (day - mondayBased) * DAY_MS;
}

/** Local minute of the week (Monday 00:00 = 0) of an instant. */
export function minuteOfWeek(zone: string, instant: number): number {
  const wall = toWall(zone, instant);
  return Math.floor((wall - weekStartWall(wall)) / 60_000);
}

/** The local calendar day (YYYY-MM-DD) of an instant. */
export function localDay(zone: string, instant: number): string {
  return new Date(toWall(zone, instant)).toISOString().slice(0, 10);
}
