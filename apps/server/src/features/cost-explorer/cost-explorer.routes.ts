import {
  COST_EXPLORER_PATHS,
  dimensionCatalogueSchema,
  dimensionDailyCostBodySchema,
  dimensionDailyCostQuerySchema,
  dimensionDailyCostResultSchema,
  dimensionKeysQuerySchema,
  dimensionKeysSchema,
  dimensionsQuerySchema,
  dimensionValuesQuerySchema,
  dimensionValuesSchema,
  KEYED_GRANULARITY_PATHS,
  keyedGranularityQuerySchema,
} from '@finlens/contracts/cost-explorer';
import { KEYED_DIMENSIONS } from '@finlens/contracts/cost-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { CostExplorerService } from './cost-explorer.service';

const tags = ['cost'];
const config = { access: 'verified' } as const;

export const costExplorerRoutes: FastifyPluginAsyncZod<{
  costExplorerService: CostExplorerService;
}> = async (app, { costExplorerService: service }) => {
  const response = { 200: dimensionDailyCostResultSchema };

  app.get(
    COST_EXPLORER_PATHS.dimensionDailyCost,
    { config, schema: { tags, querystring: dimensionDailyCostQuerySchema, response } },
    async (request) => {
      const { query, use_query_optimization } = request.query;
      return service.dimensionDailyCost(clientCallerOf(request), query, use_query_optimization);
    },
  );
  app.post(
    COST_EXPLORER_PATHS.dimensionDailyCost,
    { config, schema: { tags, body: dimensionDailyCostBodySchema, response } },
    async (request) => {
      const { query, use_query_optimization } = request.body;
      return service.dimensionDailyCost(clientCallerOf(request), query, use_query_optimization);
    },
  );
  for (const dimension of KEYED_DIMENSIONS) {
    app.get(
      KEYED_GRANULARITY_PATHS[dimension],
      { config, schema: { tags, querystring: keyedGranularityQuerySchema(dimension), response } },
      async (request) => {
        const { query, use_query_optimization } = request.query;
        return service.dimensionDailyCost(clientCallerOf(request), query, use_query_optimization);
      },
    );
  }
  app.get(
    COST_EXPLORER_PATHS.dimensionValues,
    {
      config,
      schema: { tags, querystring: dimensionValuesQuerySchema, response: { 200: dimensionValuesSchema } },
    },
    async (request) => service.dimensionValues(clientCallerOf(request), request.query),
  );
  app.get(
    COST_EXPLORER_PATHS.dimensionKeys,
    {
      config,
      schema: { tags, querystring: dimensionKeysQuerySchema, response: { 200: dimensionKeysSchema } },
    },
    async (request) => service.dimensionKeys(clientCallerOf(request), request.query),
  );
  app.get(
    COST_EXPLORER_PATHS.dimensions,
    {
      config,
      schema: { tags, querystring: dimensionsQuerySchema, response: { 200: dimensionCatalogueSchema } },
    },
    async (request) => service.dimensions(clientCallerOf(request), request.query),
  );
};
