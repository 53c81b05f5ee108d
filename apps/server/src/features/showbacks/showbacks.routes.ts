import {
  allocationRuleInputSchema,
  allocationRulePatchSchema,
  combinedValueInputSchema,
  combinedValueSchema,
  dailyUnitsAppliedSchema,
  dailyUnitsBodySchema,
  dailyUnitsSchema,
  deleteRulesBodySchema,
  dimensionFilterInputSchema,
  dimensionFilterPatchSchema,
  dimensionFilterSchema,
  dimensionFiltersQuerySchema,
  moveBeforeBodySchema,
  SHOWBACK_PATHS as P,
  setActiveBodySchema,
  showbackInputSchema,
  showbackPatchSchema,
  showbackRangeQuerySchema,
  showbackSchema,
  valueAccessBodySchema,
  valueAccessListSchema,
  valueAccessSchema,
} from '@finlens/contracts/showbacks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import { rangeOf } from './showback-context';
import { idParams, onShowback, read, tags, write } from './showback-route-options';
import type { ShowbacksService } from './showbacks.service';

const combinedParams = idParams.extend({ combinedId: z.string().min(1) });
const ruleParams = idParams.extend({ ruleId: z.string().min(1) });
const filterParams = idParams.extend({ filterId: z.string().min(1) });
const listQuery = z.object({
  imply_client: z.string().optional(),
  use_query_optimization: z.string().optional(),
});
const created = z.object({ id: z.string() });

/** Showback configuration calls of spec §7 (design in @finlens/contracts/showbacks). */
export const showbacksRoutes: FastifyPluginAsyncZod<{
  showbacks: ShowbacksService;
  now?: () => Date;
}> = async (app, { showbacks: service, now = () => new Date() }) => {
  app.get(
    P.list,
    { config: read, schema: { tags, querystring: listQuery, response: { 200: z.array(showbackSchema) } } },
    async (request) => service.list(clientCallerOf(request)),
  );
  app.post(
    P.list,
    { config: write, schema: { tags, body: showbackInputSchema, response: { 201: showbackSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(clientCallerOf(request), request.body)),
  );
  app.post(
    P.setActive,
    {
      config: write,
      schema: { tags, body: setActiveBodySchema, response: { 200: z.array(showbackSchema) } },
    },
    async (request) => service.setActive(clientCallerOf(request), request.body.showback_ids),
  );
  app.patch(
    P.one,
    onShowback(write, { body: showbackPatchSchema, response: { 200: showbackSchema } }),
    async (request) => service.update(clientCallerOf(request), request.params.id, request.body),
  );
  app.delete(P.one, { config: write, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.remove(clientCallerOf(request), request.params.id);
    return reply.code(204).send();
  });

  app.post(
    P.combinedValues,
    onShowback(write, { body: combinedValueInputSchema, response: { 201: combinedValueSchema } }),
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.addCombined(clientCallerOf(request), request.params.id, request.body)),
  );
  app.put(
    P.combinedValue,
    {
      config: write,
      schema: {
        tags,
        params: combinedParams,
        body: combinedValueInputSchema,
        response: { 200: combinedValueSchema },
      },
    },
    async (request) =>
      service.updateCombined(
        clientCallerOf(request),
        request.params.id,
        request.params.combinedId,
        request.body,
      ),
  );
  app.delete(
    P.combinedValue,
    { config: write, schema: { tags, params: combinedParams } },
    async (request, reply) => {
      await service.removeCombined(clientCallerOf(request), request.params.id, request.params.combinedId);
      return reply.code(204).send();
    },
  );

  app.post(
    P.allocationRules,
    onShowback(write, { body: allocationRuleInputSchema, response: { 201: created } }),
    async (request, reply) =>
      reply
        .code(201)
        .send({ id: await service.addRule(clientCallerOf(request), request.params.id, request.body) }),
  );
  app.patch(
    P.allocationRule,
    { config: write, schema: { tags, params: ruleParams, body: allocationRulePatchSchema } },
    async (request, reply) => {
      await service.updateRule(
        clientCallerOf(request),
        request.params.id,
        request.params.ruleId,
        request.body,
      );
      return reply.code(204).send();
    },
  );
  app.delete(
    P.allocationRule,
    { config: write, schema: { tags, params: ruleParams } },
    async (request, reply) => {
      await service.removeRules(clientCallerOf(request), request.params.id, [request.params.ruleId]);
      return reply.code(204).send();
    },
  );
  app.post(P.deleteRulesById, onShowback(write, { body: deleteRulesBodySchema }), async (request, reply) => {
    await service.removeRules(clientCallerOf(request), request.params.id, request.body.allocation_rule_ids);
    return reply.code(204).send();
  });
  app.post(P.moveBeforeRule, onShowback(write, { body: moveBeforeBodySchema }), async (request, reply) => {
    await service.moveBefore(
      clientCallerOf(request),
      request.params.id,
      request.body.rule_id,
      request.body.target_rule_id,
    );
    return reply.code(204).send();
  });

  app.get(
    P.dimensionFilters,
    onShowback(write, {
      querystring: dimensionFiltersQuerySchema,
      response: { 200: z.array(dimensionFilterSchema) },
    }),
    async (request) =>
      service.filters(clientCallerOf(request), request.params.id, request.query.allocation_rule_id),
  );
  app.post(
    P.dimensionFilters,
    onShowback(write, { body: dimensionFilterInputSchema, response: { 201: dimensionFilterSchema } }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.addFilter(
            clientCallerOf(request),
            request.params.id,
            request.body.allocation_rule_id,
            request.body.filter,
          ),
        ),
  );
  app.patch(
    P.dimensionFilter,
    {
      config: write,
      schema: {
        tags,
        params: filterParams,
        body: dimensionFilterPatchSchema,
        response: { 200: dimensionFilterSchema },
      },
    },
    async (request) =>
      service.updateFilter(
        clientCallerOf(request),
        request.params.id,
        request.params.filterId,
        request.body.filter,
      ),
  );
  app.delete(
    P.dimensionFilter,
    { config: write, schema: { tags, params: filterParams } },
    async (request, reply) => {
      await service.removeFilter(clientCallerOf(request), request.params.id, request.params.filterId);
      return reply.code(204).send();
    },
  );

  app.get(
    P.dailyUnits,
    onShowback(read, { querystring: showbackRangeQuerySchema, response: { 200: dailyUnitsSchema } }),
    async (request) =>
      service.units(clientCallerOf(request), request.params.id, rangeOf(request.query, now())),
  );
  app.post(
    P.dailyUnits,
    onShowback(write, { body: dailyUnitsBodySchema, response: { 200: dailyUnitsAppliedSchema } }),
    async (request) => service.putUnits(clientCallerOf(request), request.params.id, request.body),
  );

  app.get(P.valueAccess, onShowback(write, { response: { 200: valueAccessListSchema } }), async (request) =>
    service.accessList(clientCallerOf(request), request.params.id),
  );
  app.put(
    P.valueAccess,
    onShowback(write, { body: valueAccessBodySchema, response: { 200: valueAccessSchema } }),
    async (request) => service.setAccess(clientCallerOf(request), request.params.id, request.body),
  );
};
