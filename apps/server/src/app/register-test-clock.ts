import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appNow, shiftAppClockTo } from '../platform/clock';
import type { AppConfig } from '../platform/config';
import type { App } from '../platform/http/app';
import { fieldError } from '../platform/http/http-error';

export const TEST_CLOCK_PATH = '/api/test/clock/';

const clockSchema = z.object({ now: z.string().describe("The app's clock (after the move).") });

/**
 * Tests only: reads the app's clock and moves it forward (never back): the simulated cloud, the resource scheduler
 * and when jobs and job schedules fall due (a report's scheduled send), so a browser test sees a schedule act at
 * its next slot without waiting for it. Registered only when TEST_CLOCK_CONTROL is
 * true, which the configuration refuses in production; the browser suite's server sets it. Admins only.
 */
const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    TEST_CLOCK_PATH,
    { config: { access: 'admin' }, schema: { tags: ['test'], response: { 200: clockSchema } } },
    async () => ({ now: appNow().toISOString() }),
  );
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
      if (!shiftAppClockTo(new Date(request.body.to)))
        throw fieldError('to', [`Must be after the app clock's now (${appNow().toISOString()}).`]);
      return { now: appNow().toISOString() };
    },
  );
};

export async function registerTestClock(
  app: App,
  { config }: { config: Pick<AppConfig, 'testClockControl'> },
) {
  if (config.testClockControl) await app.register(testClockRoutes);
}
