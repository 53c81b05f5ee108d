import type { BrowserContext } from 'playwright-core';
import { api } from './api';

/** The test-only clock control of the e2e server (TEST_CLOCK_CONTROL=true; README's configuration table). */
const TEST_CLOCK_PATH = '/api/test/clock/';

/** The app's clock on the server: wall time unless a spec moved it ahead. */
export async function serverNow(context: BrowserContext): Promise<Date> {
  return new Date((await api<{ now: string }>(context, 'GET', TEST_CLOCK_PATH)).now);
}

/**
 * Moves the server's clock to `to`. Specs share the server and run side by side: a clock another spec already
 * moved past `to` is left where it is.
 */
export async function moveClockTo(context: BrowserContext, to: Date): Promise<void> {
  if ((await serverNow(context)) >= to) return;
  await api(context, 'POST', TEST_CLOCK_PATH, { to: to.toISOString() }).catch(async (error: unknown) => {
    if ((await serverNow(context)) < to) throw error;
  });
}
