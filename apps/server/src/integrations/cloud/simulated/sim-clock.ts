import { cloudNow } from '../../../platform/clock';

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

/**
 * Wall time, for a simulated cloud that lives alongside real time (the demo organisation) and the resource scheduler
 * acting on it: the cloud's clock (platform/clock.ts: the app's, or further ahead), which only the test-only clock
 * control moves ahead.
 */
export const systemClock: SimClock = { now: cloudNow };
