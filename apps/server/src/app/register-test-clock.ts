import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appNow, cloudNow, shiftAppClockTo } from '../platform/clock';
import type { AppConfig } from '../platform/config';
import type { App } from '../platform/http/app';
import { fieldError } from '../platform/http/http-error';

export const TEST_CLOCK_PATH = '/api/test/clock/';

const clockSchema = z.object({
  now: z.string().describe("The app's clock (after the move): when jobs and job schedules fall due."),
  cloud_now: z
    .string()
    .describe("The simulated cloud's and the resource scheduler's clock: the app's, or further ahead."),
});

const clocks = () => ({ now: appNow().toISOString(), cloud_now: cloudNow().toISOString() });

/**
 * Tests only: reads the app's clock and moves it forward (never back): the simulated cloud, the resource scheduler
 * and when jobs and job schedules fall due (a report's scheduled send), so a browser test sees a schedule act at
 * its next slot without waiting for it. `scope: "cloud"` moves only the simulated cloud and the resource
 * scheduler, so a jump of days does not make every daily job of the app fall due at once. Registered only when
 * TEST_CLOCK_CONTROL is true, which the configuration refuses in production; the browser suite's server sets it.
 * Admins only.
 */
const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    TEST_CLOCK_PATH,
    { config: { access: 'admin' }, schema: { tags: ['test'], response: { 200: clockSchema } } },
    async () => clocks(),
  );
  app.post(
    TEST_CLOCK_PATH,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['test'],
        body: z.object({
          to: z.iso.datetime({ offset: true }).describe('The instant to move to (ahead of now).'),
          scope: z
            .enum(['app', 'cloud'])
            .default('app')
            .describe(
              'app (default): every clock; cloud: only the simulated cloud and the resource scheduler.',
            ),
        }),
        response: { 200: clockSchema },
      },
    },
    async (request) => {
      const { to, scope } = request.body;
      if (!shiftAppClockTo(new Date(to), scope)) {
        const now = scope === 'cloud' ? cloudNow() : appNow();
        throw fieldError('to', [`Must be after the ${scope} clock's now (${now.toISOString()}).`]);
      }
      return clocks();
    },
  );
};

export async function registerTestClock(
  app: App,
  { config }: { config: Pick<AppConfig, 'testClockControl'> },
) {
  if (config.testClockControl) await app.register(testClockRoutes);
}
