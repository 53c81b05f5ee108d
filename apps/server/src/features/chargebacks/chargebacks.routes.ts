import {
  CHARGEBACK_PATHS as P,
  statementInputSchema,
  statementQuerySchema,
  statementSchema,
  statementsQuerySchema,
  statementsSchema,
  voidBodySchema,
} from '@finlens/contracts/chargebacks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { ChargebacksService } from './chargebacks.service';

const tags = ['chargebacks'];
const params = z.object({ id: z.string().min(1) });
const read = { access: 'verified' } as const;
const write = { access: 'admin' } as const;

/** Chargeback statements (design in @finlens/contracts/chargebacks, docs/chargebacks.md). */
export const chargebacksRoutes: FastifyPluginAsyncZod<{ chargebacks: ChargebacksService }> = async (
  app,
  { chargebacks: service },
) => {
  app.post(
    P.preview,
    { config: read, schema: { tags, body: statementInputSchema, response: { 200: statementSchema } } },
    async (request) => service.preview(clientCallerOf(request), request.body),
  );
  app.get(
    P.statements,
    {
      config: read,
      schema: { tags, querystring: statementsQuerySchema, response: { 200: statementsSchema } },
    },
    async (request) => ({ statements: await service.list(clientCallerOf(request), request.query) }),
  );
  app.post(
    P.statements,
    { config: write, schema: { tags, body: statementInputSchema, response: { 201: statementSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(clientCallerOf(request), request.body)),
  );
  app.get(
    P.statement,
    {
      config: read,
      schema: { tags, params, querystring: statementQuerySchema, response: { 200: statementSchema } },
    },
    async (request) => service.one(clientCallerOf(request), request.params.id),
  );
  app.post(
    P.issue,
    { config: write, schema: { tags, params, response: { 200: statementSchema } } },
    async (request) => service.issue(clientCallerOf(request), request.params.id),
  );
  app.post(
    P.reissue,
    { config: write, schema: { tags, params, response: { 201: statementSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.reissue(clientCallerOf(request), request.params.id)),
  );
  app.post(
    P.void,
    { config: write, schema: { tags, params, body: voidBodySchema, response: { 200: statementSchema } } },
    async (request) => service.void(clientCallerOf(request), request.params.id, request.body.reason),
  );
  for (const format of ['csv', 'pdf'] as const) {
    app.get(
      P[format],
      { config: read, schema: { tags, params, querystring: statementQuerySchema } },
      async (request, reply) => {
        const file = await service.file(clientCallerOf(request), request.params.id, format);
        return reply
          .type(file.type)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .send(file.body);
      },
    );
  }
};
