import {
  allocationQuerySchema,
  allocationSchema,
  CONTAINERS_PATHS,
  containersQuerySchema,
  containersSummarySchema,
  reconciliationSchema,
  rightsizingQuerySchema,
  rightsizingSchema,
} from '@finlens/contracts/containers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { ContainersService } from './containers.service';

const tags = ['containers'];
const config = { access: 'verified' } as const;

/** Thin routes: parse, authorise (config.access), call the service, reply. */
export const containersRoutes: FastifyPluginAsyncZod<{ containers: ContainersService }> = async (
  app,
  { containers },
) => {
  app.get(
    CONTAINERS_PATHS.summary,
    {
      config,
      schema: { tags, querystring: containersQuerySchema, response: { 200: containersSummarySchema } },
    },
    async (request) => containers.summary(clientCallerOf(request), request.query),
  );

  app.get(
    CONTAINERS_PATHS.allocation,
    {
      config,
      schema: {
        tags,
        querystring: allocationQuerySchema,
        response: { 200: z.union([allocationSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const caller = clientCallerOf(request);
      if (request.query.format === 'json') return containers.allocation(caller, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="kubernetes-cost.csv"')
        .send(await containers.allocationCsv(caller, request.query));
    },
  );

  app.get(
    CONTAINERS_PATHS.reconciliation,
    { config, schema: { tags, querystring: containersQuerySchema, response: { 200: reconciliationSchema } } },
    async (request) => containers.reconciliation(clientCallerOf(request), request.query),
  );

  app.get(
    CONTAINERS_PATHS.rightsizing,
    { config, schema: { tags, querystring: rightsizingQuerySchema, response: { 200: rightsizingSchema } } },
    async (request) => containers.rightsizing(clientCallerOf(request), request.query),
  );
};
