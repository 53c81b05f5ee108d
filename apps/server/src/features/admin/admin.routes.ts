import {
  allClientsResponseSchema,
  clientSchema,
  clientStatusSchema,
  clientUpdateSchema,
  organizationAccountsSchema,
  projectListingSchema,
  projectListSchema,
  projectSchema,
  statusQuerySchema,
} from '@finlens/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, clientCallerOf } from '../../platform/auth/caller';
import type { AdminService } from './admin.service';

const tags = ['admin'];
const idParams = z.object({ id: z.string().min(1) });

export const adminRoutes: FastifyPluginAsyncZod<{ adminService: AdminService }> = async (
  app,
  { adminService },
) => {
  app.get(
    '/c/admin/status/',
    {
      config: { access: 'verified' },
      schema: { tags, querystring: statusQuerySchema, response: { 200: clientStatusSchema } },
    },
    async (request) => {
      const auth = clientCallerOf(request);
      return adminService.status(auth, request.query.partner_scope_id);
    },
  );

  app.get(
    '/c/admin/clients/:id/',
    { config: { access: 'verified' }, schema: { tags, params: idParams, response: { 200: clientSchema } } },
    async (request) => adminService.client(clientCallerOf(request).clientId, request.params.id),
  );

  app.patch(
    '/c/admin/clients/:id/',
    {
      config: { access: 'admin' },
      schema: { tags, params: idParams, body: clientUpdateSchema, response: { 200: clientSchema } },
    },
    async (request) => {
      const auth = clientCallerOf(request);
      return adminService.updateClient(auth, request.params.id, request.body, request.ip);
    },
  );

  app.get(
    '/c/admin/all_clients/',
    { config: { access: 'verified' }, schema: { tags, response: { 200: allClientsResponseSchema } } },
    async (request) => adminService.allClients(callerOf(request)),
  );

  app.get(
    '/c/admin/projectaws/',
    { config: { access: 'verified' }, schema: { tags, response: { 200: projectListSchema } } },
    async (request) => adminService.projects(clientCallerOf(request).clientId, 'aws'),
  );

  app.get(
    '/c/admin/projectaws/:id/',
    { config: { access: 'verified' }, schema: { tags, params: idParams, response: { 200: projectSchema } } },
    async (request) => adminService.project(clientCallerOf(request).clientId, request.params.id),
  );

  app.get(
    '/c/admin/projectaws_listing/',
    { config: { access: 'verified' }, schema: { tags, response: { 200: projectListingSchema } } },
    async (request) => adminService.listing(clientCallerOf(request).clientId),
  );

  app.get(
    '/c/admin/projectaws/organization_accounts/',
    { config: { access: 'verified' }, schema: { tags, response: { 200: organizationAccountsSchema } } },
    async (request) => adminService.organizationAccounts(clientCallerOf(request).clientId),
  );

  app.get(
    '/c/admin/azure-projects/',
    { config: { access: 'verified' }, schema: { tags, response: { 200: projectListSchema } } },
    async (request) => adminService.projects(clientCallerOf(request).clientId, 'azure'),
  );
};
