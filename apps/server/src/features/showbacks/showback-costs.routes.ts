import type { KeyedDimension } from '@finlens/contracts/cost-query';
import {
  allocationRulesSchema,
  availableValuesQuerySchema,
  availableValuesSchema,
  dimensionCostsBodySchema,
  dimensionCostsSchema,
  dimensionDailyCostQuerySchema,
  dimensionDailyCostSchema,
  SHOWBACK_PATHS as P,
  previewBodySchema,
  previewSchema,
  resourcesQuerySchema,
  resourcesSchema,
  showbackDetailSchema,
  showbackRangeQuerySchema,
  tagKeysQuerySchema,
  tagKeysSchema,
  valuesDailyCostQuerySchema,
  valuesDailyCostSchema,
} from '@finlens/contracts/showbacks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { ShowbackCostsService } from './showback-costs.service';
import { idParams, onShowback, read, tags } from './showback-route-options';

const ruleParams = idParams.extend({ ruleId: z.string().min(1) });

const AVAILABLE_VALUES: [string, KeyedDimension][] = [
  [P.availableTagValues, 'tag_keys'],
  [P.availableLabelValues, 'label_keys'],
  [P.availableCostAllocationTagValues, 'cost_allocation_tag_keys'],
];

/** Showback calls of spec §7 that read cost (design in @finlens/contracts/showbacks). */
export const showbackCostsRoutes: FastifyPluginAsyncZod<{ showbackCosts: ShowbackCostsService }> = async (
  app,
  { showbackCosts: service },
) => {
  for (const [path, dimension] of [
    [P.tagKeys, 'tag_keys'],
    [P.costAllocationTagKeys, 'cost_allocation_tag_keys'],
  ] as const) {
    app.get(
      path,
      { config: read, schema: { tags, querystring: tagKeysQuerySchema, response: { 200: tagKeysSchema } } },
      async (request) => service.tagKeys(clientCallerOf(request), dimension, request.query.search),
    );
  }
  app.get(
    P.one,
    onShowback(read, { querystring: showbackRangeQuerySchema, response: { 200: showbackDetailSchema } }),
    async (request) => service.detail(clientCallerOf(request), request.params.id, request.query),
  );
  app.get(
    P.valuesDailyCost,
    onShowback(read, { querystring: valuesDailyCostQuerySchema, response: { 200: valuesDailyCostSchema } }),
    async (request) => service.valuesDailyCost(clientCallerOf(request), request.params.id, request.query),
  );
  app.get(
    P.dimensionDailyCost,
    onShowback(read, {
      querystring: dimensionDailyCostQuerySchema,
      response: { 200: dimensionDailyCostSchema },
    }),
    async (request) => service.dimensionDailyCost(clientCallerOf(request), request.params.id, request.query),
  );
  app.post(
    P.dimensionCosts,
    onShowback(read, { body: dimensionCostsBodySchema, response: { 200: dimensionCostsSchema } }),
    async (request) => service.dimensionCosts(clientCallerOf(request), request.params.id, request.body),
  );
  for (const [path, dimension] of AVAILABLE_VALUES) {
    app.get(
      path,
      onShowback(read, { querystring: availableValuesQuerySchema, response: { 200: availableValuesSchema } }),
      async (request) =>
        service.availableValues(clientCallerOf(request), request.params.id, dimension, request.query),
    );
  }
  app.get(
    P.allocationRules,
    onShowback(read, { querystring: showbackRangeQuerySchema, response: { 200: allocationRulesSchema } }),
    async (request) => service.rules(clientCallerOf(request), request.params.id, request.query),
  );
  app.post(
    P.previewRule,
    onShowback(read, { body: previewBodySchema, response: { 200: previewSchema } }),
    async (request) => service.preview(clientCallerOf(request), request.params.id, request.body),
  );
  app.get(
    P.ruleResources,
    {
      config: read,
      schema: {
        tags,
        params: ruleParams,
        querystring: resourcesQuerySchema,
        response: { 200: resourcesSchema },
      },
    },
    async (request) =>
      service.ruleResources(clientCallerOf(request), request.params.id, request.params.ruleId, request.query),
  );
  app.get(
    P.unallocatedResources,
    onShowback(read, { querystring: resourcesQuerySchema, response: { 200: resourcesSchema } }),
    async (request) =>
      service.unallocatedResources(clientCallerOf(request), request.params.id, request.query),
  );
  app.get(
    P.valueResources,
    onShowback(read, { querystring: resourcesQuerySchema, response: { 200: resourcesSchema } }),
    async (request) => service.valueResources(clientCallerOf(request), request.params.id, request.query),
  );
};
