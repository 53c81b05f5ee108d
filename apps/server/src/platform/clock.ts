let shiftMs = 0;
let cloudShiftMs = 0;

/**
 * The app's time: wall time, moved ahead only by the test-only clock control (TEST_CLOCK_CONTROL, refused in
 * production), so a browser test sees what is due at a later moment (a report's next send) without waiting for
 * it. When jobs and job schedules fall due reads it.
 */
export const appNow = (): Date => new Date(Date.now() + shiftMs);

/**
 * The simulated cloud's and the resource scheduler's time: the app's clock, or further ahead when the test-only
 * control moved only them (`shiftAppClockTo(to, 'cloud')`: a schedule's next stop is seen without every daily
 * job of the app falling due at once).
 */
export const cloudNow = (): Date => new Date(Date.now() + Math.max(shiftMs, cloudShiftMs));

/** What a move of the test clock moves: the app's clock (and so the cloud's), or only the cloud's. */
export type ClockScope = 'app' | 'cloud';

/** Moves `appNow` (or, for 'cloud', only `cloudNow`) forward to `to`; false when `to` is not ahead of it. */
export function shiftAppClockTo(to: Date, scope: ClockScope = 'app'): boolean {
  const ms = to.getTime() - Date.now();
  if (scope === 'cloud') {
    if (!(ms > Math.max(shiftMs, cloudShiftMs))) return false;
    cloudShiftMs = ms;
    return true;
  }
  if (!(ms > shiftMs)) return false;
  shiftMs = ms;
  return true;
}
