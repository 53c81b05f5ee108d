import {
  RESOURCES_COST_PATHS,
  resourceCostDetailQuerySchema,
  resourceCostDetailSchema,
  resourcesCostExportQuerySchema,
  resourcesCostListSchema,
  resourcesCostQuerySchema,
} from '@finlens/contracts/resources-cost';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { ResourcesCostService } from './resources-cost.service';

const tags = ['resources-cost'];
const config = { access: 'verified' } as const;

/** Thin routes: parse, authorise (config.access), call the service, reply. */
export const resourcesCostRoutes: FastifyPluginAsyncZod<{ resourcesCost: ResourcesCostService }> = async (
  app,
  { resourcesCost },
) => {
  app.get(
    RESOURCES_COST_PATHS.list,
    {
      config,
      schema: { tags, querystring: resourcesCostQuerySchema, response: { 200: resourcesCostListSchema } },
    },
    async (request) => resourcesCost.list(clientCallerOf(request), request.query),
  );

  app.get(
    RESOURCES_COST_PATHS.export,
    { config, schema: { tags, querystring: resourcesCostExportQuerySchema, response: { 200: z.string() } } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="resources-cost.csv"')
        .send(await resourcesCost.csv(clientCallerOf(request), request.query)),
  );

  app.get(
    RESOURCES_COST_PATHS.resource,
    {
      config,
      schema: {
        tags,
        querystring: resourceCostDetailQuerySchema,
        response: { 200: resourceCostDetailSchema },
      },
    },
    async (request) => resourcesCost.detail(clientCallerOf(request), request.query),
  );
};
