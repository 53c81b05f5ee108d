import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shiftSystemClockTo, systemClock } from '../integrations/cloud/simulated/sim-clock';
import type { AppConfig } from '../platform/config';
import type { App } from '../platform/http/app';
import { fieldError } from '../platform/http/http-error';

export const TEST_CLOCK_PATH = '/api/test/clock/';

const clockSchema = z.object({ now: z.string().describe('The simulated clock after the move.') });

/**
 * Tests only: moves the clock of the simulated cloud and the resource scheduler forward (never back), so a browser
 * test sees a schedule act at its next change without waiting for it. Registered only when TEST_CLOCK_CONTROL is
 * true, which the configuration refuses in production; the browser suite's server sets it. Admins only.
 */
const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    TEST_CLOCK_PATH,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['test'],
        body: z.object({
          to: z.iso.datetime({ offset: true }).describe('The instant to move to (ahead of now).'),
        }),
        response: { 200: clockSchema },
      },
    },
    async (request) => {
      if (!shiftSystemClockTo(new Date(request.body.to)))
        throw fieldError('to', [
          `Must be after the simulated clock's now (${systemClock.now().toISOString()}).`,
        ]);
      return { now: systemClock.now().toISOString() };
    },
  );
};

export async function registerTestClock(
  app: App,
  { config }: { config: Pick<AppConfig, 'testClockControl'> },
) {
  if (config.testClockControl) await app.register(testClockRoutes);
}
