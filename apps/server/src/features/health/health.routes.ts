import { healthResponseSchema } from '@finlens/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ healthService: HealthService }> = async (
  app,
  { healthService },
) => {
  app.get(
    '/api/health',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['system'],
        summary: 'State of the app database and the cost warehouse',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await healthService.check();
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
