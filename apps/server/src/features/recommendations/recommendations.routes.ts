import {
  ESSENTIALS_GROUPS,
  essentialsSummarySchema,
  evaluateBodySchema,
  evaluateResponseSchema,
  RECOMMENDATIONS_PATHS as P,
  recommendationDetailSchema,
  recommendationsExportQuerySchema,
  recommendationsListSchema,
  recommendationsQuerySchema,
  recommendationsSummaryQuerySchema,
  recommendationsSummarySchema,
  recommendationTypeSchema,
  ruleChangesQuerySchema,
  ruleChangesSchema,
  ruleDashboardQuerySchema,
  ruleDashboardSchema,
  rulePatchSchema,
  ruleSchema,
  rulesListSchema,
  rulesQuerySchema,
  whyAnswerSchema,
  whyQuerySchema,
} from '@finlens/contracts/recommendations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { RecommendationsService } from './recommendations.service';

const tags = ['recommendations'];
const config = { access: 'verified' } as const;
const ruleParams = z.object({ key: recommendationTypeSchema });

/** Thin routes: parse, authorise (config.access), call the service, reply. */
export const recommendationsRoutes: FastifyPluginAsyncZod<{
  recommendations: RecommendationsService;
}> = async (app, { recommendations: service }) => {
  const list = {
    config,
    schema: { tags, querystring: recommendationsQuerySchema, response: { 200: recommendationsListSchema } },
  };
  app.get(P.list, list, async (request) => service.list(clientCallerOf(request), request.query));
  app.get(P.unused, list, async (request) =>
    service.list(clientCallerOf(request), { ...request.query, finding: 'unused' }),
  );
  app.get(P.underutilized, list, async (request) =>
    service.list(clientCallerOf(request), { ...request.query, finding: 'underutilized' }),
  );

  app.get(
    P.export,
    {
      config,
      schema: { tags, querystring: recommendationsExportQuerySchema, response: { 200: z.string() } },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="recommendations.csv"')
        .send(await service.csv(clientCallerOf(request), request.query)),
  );

  app.get(
    P.summary,
    {
      config,
      schema: {
        tags,
        querystring: recommendationsSummaryQuerySchema,
        response: { 200: recommendationsSummarySchema },
      },
    },
    async (request) => service.summary(clientCallerOf(request), request.query.project_ids),
  );

  app.get(
    P.why,
    { config, schema: { tags, querystring: whyQuerySchema, response: { 200: whyAnswerSchema } } },
    async (request) => service.why(clientCallerOf(request), request.query),
  );

  app.post(
    P.evaluate,
    { config, schema: { tags, body: evaluateBodySchema, response: { 202: evaluateResponseSchema } } },
    async (request, reply) =>
      reply.code(202).send(await service.evaluateNow(clientCallerOf(request), request.body.project_ids)),
  );

  app.get(
    '/c/recommendations/:id/',
    {
      config,
      schema: {
        tags,
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: recommendationDetailSchema },
      },
    },
    async (request) => service.detail(clientCallerOf(request), request.params.id),
  );

  app.get(
    P.essentialsSummary,
    {
      config,
      schema: {
        tags,
        querystring: recommendationsSummaryQuerySchema,
        response: { 200: essentialsSummarySchema },
      },
    },
    async (request) => service.essentials(clientCallerOf(request), request.query.project_ids),
  );

  app.get(
    '/c/essentials/:group/',
    {
      config,
      schema: {
        tags,
        params: z.object({ group: z.enum(ESSENTIALS_GROUPS) }),
        querystring: recommendationsQuerySchema,
        response: { 200: recommendationsListSchema },
      },
    },
    async (request) => service.essentialsGroup(clientCallerOf(request), request.params.group, request.query),
  );

  app.get(
    P.rules,
    { config, schema: { tags, querystring: rulesQuerySchema, response: { 200: rulesListSchema } } },
    async (request) => service.rules(clientCallerOf(request), request.query.project_ids),
  );

  app.get(
    P.ruleChanges,
    { config, schema: { tags, querystring: ruleChangesQuerySchema, response: { 200: ruleChangesSchema } } },
    async (request) => service.changes(clientCallerOf(request), request.query),
  );

  app.get(
    P.rule(':key'),
    { config, schema: { tags, params: ruleParams, response: { 200: ruleSchema } } },
    async (request) => service.rule(clientCallerOf(request), request.params.key),
  );

  app.patch(
    P.rule(':key'),
    {
      config: { access: 'admin' },
      schema: { tags, params: ruleParams, body: rulePatchSchema, response: { 200: ruleSchema } },
    },
    async (request) => service.patchRule(clientCallerOf(request), request.params.key, request.body),
  );

  app.get(
    P.ruleDashboard(':key'),
    {
      config,
      schema: {
        tags,
        params: ruleParams,
        querystring: ruleDashboardQuerySchema,
        response: { 200: ruleDashboardSchema },
      },
    },
    async (request) => service.dashboard(clientCallerOf(request), request.params.key, request.query),
  );
};
