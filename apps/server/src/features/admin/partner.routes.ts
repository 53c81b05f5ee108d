import {
  clientSchema,
  partnerClientCreateSchema,
  partnerClientsSchema,
  partnerCreateSchema,
  partnerSchema,
} from '@finlens/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/auth/caller';
import type { PartnerService } from './partner.service';

const tags = ['partner'];

export const partnerRoutes: FastifyPluginAsyncZod<{ partnerService: PartnerService }> = async (
  app,
  { partnerService },
) => {
  app.get(
    '/app_partner/partner/',
    { config: { access: 'partner' }, schema: { tags, response: { 200: partnerSchema } } },
    async (request) => partnerService.partner(callerOf(request)),
  );

  app.post(
    '/app_partner/partner/',
    {
      config: { access: 'verified' },
      schema: { tags, body: partnerCreateSchema, response: { 201: partnerSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await partnerService.create(callerOf(request), request.body.name)),
  );

  app.get(
    '/app_partner/clients/',
    { config: { access: 'partner' }, schema: { tags, response: { 200: partnerClientsSchema } } },
    async (request) => partnerService.clients(callerOf(request)),
  );

  app.post(
    '/app_partner/clients/',
    {
      config: { access: 'partner_admin' },
      schema: { tags, body: partnerClientCreateSchema, response: { 201: clientSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await partnerService.createClient(callerOf(request), request.body)),
  );
};
