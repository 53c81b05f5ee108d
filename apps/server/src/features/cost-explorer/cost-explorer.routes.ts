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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientScopeOf } from '../../platform/auth/request-auth';
import { isInternalEmail } from '../auth/auth.service';
import type { CostExplorerService, ExplorerCaller } from './cost-explorer.service';
import { costRequestFromBody, costRequestFromParams } from './cost-explorer-request';

const tags = ['cost'];
const config = { access: 'verified' } as const;

export const costExplorerRoutes: FastifyPluginAsyncZod<{
  costExplorerService: CostExplorerService;
  internalEmailDomains: readonly string[];
}> = async (app, { costExplorerService: service, internalEmailDomains }) => {
  const callerOf = (request: Parameters<typeof clientScopeOf>[0]): ExplorerCaller => {
    const { auth, clientId } = clientScopeOf(request);
    return { clientId, internal: isInternalEmail(auth.user.email, internalEmailDomains) };
  };
  const response = { 200: dimensionDailyCostResultSchema };

  app.get(
    COST_EXPLORER_PATHS.dimensionDailyCost,
    { config, schema: { tags, querystring: dimensionDailyCostQuerySchema, response } },
    async (request) => {
      const { query, useRollups } = costRequestFromParams(request.query);
      return service.dimensionDailyCost(callerOf(request), query, useRollups);
    },
  );
  app.post(
    COST_EXPLORER_PATHS.dimensionDailyCost,
    { config, schema: { tags, body: dimensionDailyCostBodySchema, response } },
    async (request) => {
      const { query, useRollups } = costRequestFromBody(request.body);
      return service.dimensionDailyCost(callerOf(request), query, useRollups);
    },
  );
  for (const [dimension, path] of Object.entries(KEYED_GRANULARITY_PATHS)) {
    app.get(
      path,
      { config, schema: { tags, querystring: keyedGranularityQuerySchema, response } },
      async (request) => {
        const { key, ...params } = request.query;
        const { query, useRollups } = costRequestFromParams({ ...params, dimension, dimension_key: key });
        return service.dimensionDailyCost(callerOf(request), query, useRollups);
      },
    );
  }
  app.get(
    COST_EXPLORER_PATHS.dimensionValues,
    {
      config,
      schema: { tags, querystring: dimensionValuesQuerySchema, response: { 200: dimensionValuesSchema } },
    },
    async (request) => service.dimensionValues(callerOf(request), request.query),
  );
  app.get(
    COST_EXPLORER_PATHS.dimensionKeys,
    {
      config,
      schema: { tags, querystring: dimensionKeysQuerySchema, response: { 200: dimensionKeysSchema } },
    },
    async (request) => service.dimensionKeys(callerOf(request), request.query),
  );
  app.get(
    COST_EXPLORER_PATHS.dimensions,
    {
      config,
      schema: { tags, querystring: dimensionsQuerySchema, response: { 200: dimensionCatalogueSchema } },
    },
    async (request) => service.dimensions(callerOf(request), request.query),
  );
};
