import { type PublicConfig, publicConfigSchema } from '@finlens/contracts/public-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const publicConfigRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (
  app,
  { publicConfig },
) => {
  app.get(
    '/api/public-config',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['system'],
        summary: 'Instance settings the SPA needs before sign-in',
        response: { 200: publicConfigSchema },
      },
    },
    async () => publicConfig,
  );
};
