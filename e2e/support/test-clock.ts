import type { BrowserContext } from 'playwright-core';
import { api } from './api';

/** The test-only clock control of the e2e server (TEST_CLOCK_CONTROL=true; README's configuration table). */
const TEST_CLOCK_PATH = '/api/test/clock/';

/**
 * Which clock: 'app' moves everything (the simulated cloud, the resource scheduler, when jobs and job schedules
 * fall due); 'cloud' only the simulated cloud and the resource scheduler, so a jump of days does not make the
 * app's daily jobs (inventory, the demo bill, digests) fall due at once under the other specs.
 */
type ClockScope = 'app' | 'cloud';

/** The server's clock of `scope`: wall time unless a spec moved it ahead. */
export async function serverNow(context: BrowserContext, scope: ClockScope = 'app'): Promise<Date> {
  const clocks = await api<{ now: string; cloud_now: string }>(context, 'GET', TEST_CLOCK_PATH);
  return new Date(scope === 'app' ? clocks.now : clocks.cloud_now);
}

/**
 * Moves the server's clock of `scope` to `to`. Specs share the server and run side by side: a clock another spec
 * already moved past `to` is left where it is.
 */
export async function moveClockTo(
  context: BrowserContext,
  to: Date,
  scope: ClockScope = 'app',
): Promise<void> {
  if ((await serverNow(context, scope)) >= to) return;
  await api(context, 'POST', TEST_CLOCK_PATH, { to: to.toISOString(), scope }).catch(
    async (error: unknown) => {
      if ((await serverNow(context, scope)) < to) throw error;
    },
  );
}
