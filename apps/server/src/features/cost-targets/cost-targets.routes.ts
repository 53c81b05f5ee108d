import {
  alertInputSchema,
  alertListQuerySchema,
  alertListSchema,
  alertPatchSchema,
  alertSchema,
  burnDownQuerySchema,
  burnDownSchema,
  costTargetInputSchema,
  costTargetListSchema,
  costTargetPatchSchema,
  costTargetSchema,
  createPlanningsSchema,
  idParamsSchema,
  implyClientQuerySchema,
  COST_TARGET_PATHS as P,
  planningCreateSchema,
  planningHistoryListSchema,
  planningListQuerySchema,
  planningListSchema,
  planningPatchSchema,
  planningSchema,
  syncAlertFrequenciesSchema,
  uploadCsvSchema,
} from '@finlens/contracts/cost-targets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { CostTargetsService } from './cost-targets.service';
import type { TargetAlertsService } from './target-alerts.service';

const tags = ['cost targets'];
/** Members read targets, plans and alerts; changing them is the admins' (ADR 0009). */
const config = { access: 'verified' } as const;
const change = { access: 'admin' } as const;
const params = idParamsSchema;
const querystring = implyClientQuerySchema;

export const costTargetsRoutes: FastifyPluginAsyncZod<{
  costTargetsService: CostTargetsService;
  targetAlertsService: TargetAlertsService;
}> = async (app, { costTargetsService: targets, targetAlertsService: alerts }) => {
  app.get(
    P.targets,
    { config, schema: { tags, querystring, response: { 200: costTargetListSchema } } },
    async (request) => targets.list(clientCallerOf(request)),
  );
  app.post(
    P.targets,
    { config: change, schema: { tags, body: costTargetInputSchema, response: { 201: costTargetSchema } } },
    async (request, reply) =>
      reply.code(201).send(await targets.create(clientCallerOf(request), request.body)),
  );
  app.get(
    P.target,
    { config, schema: { tags, params, querystring, response: { 200: costTargetSchema } } },
    async (request) => targets.get(clientCallerOf(request), request.params.id),
  );
  app.patch(
    P.target,
    {
      config: change,
      schema: { tags, params, body: costTargetPatchSchema, response: { 200: costTargetSchema } },
    },
    async (request) => targets.update(clientCallerOf(request), request.params.id, request.body),
  );
  app.delete(P.target, { config: change, schema: { tags, params } }, async (request, reply) => {
    await targets.remove(clientCallerOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(
    P.createPlannings,
    {
      config: change,
      schema: { tags, params, body: createPlanningsSchema, response: { 201: planningListSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await targets.createPlannings(clientCallerOf(request), request.params.id, request.body)),
  );
  app.post(
    P.uploadCsv,
    {
      config: change,
      schema: { tags, params, body: uploadCsvSchema, response: { 200: planningListSchema } },
    },
    async (request) => targets.uploadCsv(clientCallerOf(request), request.params.id, request.body.csv),
  );
  app.get(
    P.downloadCsv,
    { config, schema: { tags, params, querystring, response: { 200: z.string() } } },
    async (request, reply) => {
      const { name, csv } = await targets.downloadCsv(clientCallerOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );
  app.get(
    P.burnDown,
    { config, schema: { tags, params, querystring: burnDownQuerySchema, response: { 200: burnDownSchema } } },
    async (request) =>
      targets.burnDown(clientCallerOf(request), request.params.id, request.query.period_start),
  );

  app.get(
    P.plannings,
    { config, schema: { tags, querystring: planningListQuerySchema, response: { 200: planningListSchema } } },
    async (request) => targets.plannings(clientCallerOf(request), request.query.cost_target),
  );
  app.post(
    P.plannings,
    { config: change, schema: { tags, body: planningCreateSchema, response: { 201: planningSchema } } },
    async (request, reply) => {
      const { cost_target, month, amount } = request.body;
      const saved = await targets.savePlanning(clientCallerOf(request), {
        targetId: cost_target,
        month,
        amount,
      });
      return reply.code(201).send(saved);
    },
  );
  app.patch(
    P.planning,
    {
      config: change,
      schema: { tags, params, body: planningPatchSchema, response: { 200: planningSchema } },
    },
    async (request) =>
      targets.savePlanning(clientCallerOf(request), {
        planningId: request.params.id,
        amount: request.body.amount,
      }),
  );
  app.get(
    P.history,
    {
      config,
      schema: { tags, querystring: planningListQuerySchema, response: { 200: planningHistoryListSchema } },
    },
    async (request) => targets.history(clientCallerOf(request), request.query.cost_target),
  );

  app.get(
    P.alerts,
    { config, schema: { tags, querystring: alertListQuerySchema, response: { 200: alertListSchema } } },
    async (request) => alerts.list(clientCallerOf(request), request.query.cost_target),
  );
  app.post(
    P.alerts,
    { config: change, schema: { tags, body: alertInputSchema, response: { 201: alertSchema } } },
    async (request, reply) =>
      reply.code(201).send(await alerts.create(clientCallerOf(request), request.body)),
  );
  app.patch(
    P.alert,
    { config: change, schema: { tags, params, body: alertPatchSchema, response: { 200: alertSchema } } },
    async (request) => alerts.update(clientCallerOf(request), request.params.id, request.body),
  );
  app.delete(P.alert, { config: change, schema: { tags, params } }, async (request, reply) => {
    await alerts.remove(clientCallerOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(
    P.syncAlertFrequencies,
    {
      config: change,
      schema: { tags, body: syncAlertFrequenciesSchema, response: { 200: alertListSchema } },
    },
    async (request) =>
      alerts.syncFrequencies(clientCallerOf(request), request.body.cost_target_id, request.body.frequency),
  );
};
