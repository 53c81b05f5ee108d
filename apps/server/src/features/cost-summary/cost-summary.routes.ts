import { costSummaryQuerySchema, costSummarySchema } from '@finlens/contracts/cost-summary';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { CostSummaryService } from './cost-summary.service';

const tags = ['cost'];

export const costSummaryRoutes: FastifyPluginAsyncZod<{ costSummaryService: CostSummaryService }> = async (
  app,
  { costSummaryService },
) => {
  app.get(
    '/c/cost_page/cost_summary/',
    {
      config: { access: 'verified' },
      schema: { tags, querystring: costSummaryQuerySchema, response: { 200: costSummarySchema } },
    },
    async (request) =>
      costSummaryService.summary(clientCallerOf(request), {
        costType: request.query.cost_type,
        projectIds: request.query.project_ids,
      }),
  );
};
