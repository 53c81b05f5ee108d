let shiftMs = 0;

/**
 * The app's time: wall time, moved ahead only by the test-only clock control (TEST_CLOCK_CONTROL, refused in
 * production), so a browser test sees what is due at a later moment (a resource schedule's next change, a
 * report's next send) without waiting for it. The simulated cloud, the resource scheduler and when jobs and job
 * schedules fall due read it.
 */
export const appNow = (): Date => new Date(Date.now() + shiftMs);

/** Moves `appNow` forward to `to` (the test-only clock control); false when `to` is not ahead of it. */
export function shiftAppClockTo(to: Date): boolean {
  const ms = to.getTime() - Date.now();
  if (!(ms > shiftMs)) return false;
  shiftMs = ms;
  return true;
}
