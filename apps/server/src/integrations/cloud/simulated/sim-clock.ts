/** The simulated cloud's time: injectable, and advanced by tests and the demo instead of waiting. */
export interface SimClock {
  now(): Date;
}

export interface ManualClock extends SimClock {
  advance(ms: number): void;
  set(date: Date): void;
}

export function manualClock(start: Date): ManualClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      if (ms < 0) throw new Error('the clock only moves forward');
      now += ms;
    },
    set: (date) => {
      if (date.getTime() < now) throw new Error('the clock only moves forward');
      now = date.getTime();
    },
  };
}

let shiftMs = 0;

/**
 * Wall time, for a simulated cloud that lives alongside real time (the demo organisation) and the resource scheduler
 * acting on it. Only the test-only clock control (TEST_CLOCK_CONTROL, refused in production) moves it ahead of real
 * time; otherwise it is the real time.
 */
export const systemClock: SimClock = { now: () => new Date(Date.now() + shiftMs) };

/** Moves `systemClock` forward to `to` (the test-only clock control); false when `to` is not ahead of it. */
export function shiftSystemClockTo(to: Date): boolean {
  const ms = to.getTime() - Date.now();
  if (!(ms > shiftMs)) return false;
  shiftMs = ms;
  return true;
}
