import { type EngineHealth, type HealthResponse, healthResponseSchema } from '@finlens/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service';

function withoutVersions({
  version: _version,
  appDatabase,
  warehouse,
  ...rest
}: HealthResponse): HealthResponse {
  const bare = ({ detail: _detail, ...engine }: EngineHealth): EngineHealth => engine;
  return { ...rest, appDatabase: bare(appDatabase), warehouse: bare(warehouse) };
}

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
    async (request, reply) => {
      const health = await healthService.check();
      // Versions tell an attacker which known flaws to try: only a signed-in admin sees them.
      const shown = request.caller?.role === 'admin' ? health : withoutVersions(health);
      return reply.code(health.status === 'ok' ? 200 : 503).send(shown);
    },
  );
};
