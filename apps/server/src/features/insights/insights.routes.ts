import { INSIGHTS_PATH, insightsQuerySchema, insightsSchema } from '@finlens/contracts/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { InsightsService } from './insights.service';

/** GET /c/cost_page/insights/ (design in @finlens/contracts/insights). */
export const insightsRoutes: FastifyPluginAsyncZod<{ insightsService: InsightsService }> = async (
  app,
  { insightsService },
) => {
  app.get(
    INSIGHTS_PATH,
    {
      config: { access: 'verified' },
      schema: { tags: ['cost'], querystring: insightsQuerySchema, response: { 200: insightsSchema } },
    },
    async (request) => insightsService.insights(clientCallerOf(request), request.query),
  );
};
