import {
  costTargetLookbackQuerySchema,
  costTargetLookbackSchema,
  globalReportListSchema,
  REPORT_PATHS,
  reportCreateSchema,
  reportIdParamsSchema,
  reportListQuerySchema,
  reportListSchema,
  reportSchema,
  reportUpdateSchema,
  sendReportBodySchema,
  sendReportResultSchema,
  shareCodeSchema,
} from '@finlens/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { ReportsService } from './reports.service';

const tags = ['reports'];
// Analysis is an Inform (paid) item; a self-hosted install has every package (ADR 0002), so only sign-in counts.
const config = { access: 'verified' } as const;
const params = reportIdParamsSchema;

export const reportsRoutes: FastifyPluginAsyncZod<{ reportsService: ReportsService }> = async (
  app,
  { reportsService: service },
) => {
  app.get(
    REPORT_PATHS.list,
    { config, schema: { tags, querystring: reportListQuerySchema, response: { 200: reportListSchema } } },
    async (request) => service.list(clientCallerOf(request), request.query),
  );
  app.post(
    REPORT_PATHS.list,
    { config, schema: { tags, body: reportCreateSchema, response: { 201: reportSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(clientCallerOf(request), request.body)),
  );
  app.get(
    REPORT_PATHS.globalReports,
    { config, schema: { tags, response: { 200: globalReportListSchema } } },
    async () => service.globalReports(),
  );
  app.get(
    REPORT_PATHS.byId,
    { config, schema: { tags, params, response: { 200: reportSchema } } },
    async (request) => service.get(clientCallerOf(request), request.params.id),
  );
  app.patch(
    REPORT_PATHS.byId,
    { config, schema: { tags, params, body: reportUpdateSchema, response: { 200: reportSchema } } },
    async (request) => service.update(clientCallerOf(request), request.params.id, request.body),
  );
  app.delete(REPORT_PATHS.byId, { config, schema: { tags, params } }, async (request, reply) => {
    await service.remove(clientCallerOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(
    REPORT_PATHS.shareCode,
    { config, schema: { tags, params, response: { 201: shareCodeSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.createShareCode(clientCallerOf(request), request.params.id)),
  );
  app.delete(REPORT_PATHS.shareCode, { config, schema: { tags, params } }, async (request, reply) => {
    await service.revokeShareCode(clientCallerOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(
    REPORT_PATHS.send,
    {
      config,
      schema: { tags, params, body: sendReportBodySchema, response: { 202: sendReportResultSchema } },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await service.send(clientCallerOf(request), request.params.id, request.body?.recipients)),
  );
  app.get(
    REPORT_PATHS.costTargetLookback,
    {
      config,
      schema: {
        tags,
        params,
        querystring: costTargetLookbackQuerySchema,
        response: { 200: costTargetLookbackSchema },
      },
    },
    async (request) => service.costTargetLookback(clientCallerOf(request), request.params.id, request.query),
  );
};
