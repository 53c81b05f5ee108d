import {
  cloudAccountCreateSchema,
  cloudAccountSchema,
  cloudAccountSettingsSchema,
  cloudAccountsSchema,
  cloudAccountUpdateSchema,
  connectionCheckSchema,
  importNowResponseSchema,
  importRunsSchema,
} from '@finlens/contracts/cloud-accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { CloudAccountsService } from './cloud-accounts.service';

const tags = ['cloud-accounts'];
const idParams = z.object({ id: z.string().min(1) });

const TEMPLATE_FILES = {
  cloudformation: { file: 'finlens-cur2-cloudformation.yaml', type: 'application/yaml; charset=utf-8' },
  terraform: { file: 'finlens-cur2.tf', type: 'text/plain; charset=utf-8' },
} as const;

/** Members read; only admins add, edit, remove, test or import. */
export const cloudAccountsRoutes: FastifyPluginAsyncZod<{ cloudAccounts: CloudAccountsService }> = async (
  app,
  { cloudAccounts },
) => {
  app.get(
    '/c/cloud_accounts/',
    { config: { access: 'verified' }, schema: { tags, response: { 200: cloudAccountsSchema } } },
    async (request) => cloudAccounts.list(clientCallerOf(request).clientId),
  );

  app.post(
    '/c/cloud_accounts/',
    {
      config: { access: 'admin' },
      schema: { tags, body: cloudAccountCreateSchema, response: { 201: cloudAccountSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await cloudAccounts.create(clientCallerOf(request).clientId, request.body)),
  );

  app.post(
    '/c/cloud_accounts/check/',
    {
      config: { access: 'admin' },
      schema: { tags, body: cloudAccountSettingsSchema, response: { 200: connectionCheckSchema } },
    },
    async (request) => {
      clientCallerOf(request);
      return cloudAccounts.check(request.body);
    },
  );

  app.get(
    '/c/cloud_accounts/:id/',
    {
      config: { access: 'verified' },
      schema: { tags, params: idParams, response: { 200: cloudAccountSchema } },
    },
    async (request) => cloudAccounts.get(clientCallerOf(request).clientId, request.params.id),
  );

  app.patch(
    '/c/cloud_accounts/:id/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: idParams,
        body: cloudAccountUpdateSchema,
        response: { 200: cloudAccountSchema },
      },
    },
    async (request) =>
      cloudAccounts.update(clientCallerOf(request).clientId, request.params.id, request.body),
  );

  app.delete(
    '/c/cloud_accounts/:id/',
    { config: { access: 'admin' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await cloudAccounts.remove(clientCallerOf(request).clientId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/c/cloud_accounts/:id/check/',
    {
      config: { access: 'admin' },
      schema: { tags, params: idParams, response: { 200: connectionCheckSchema } },
    },
    async (request) => cloudAccounts.checkSaved(clientCallerOf(request).clientId, request.params.id),
  );

  app.post(
    '/c/cloud_accounts/:id/import_now/',
    {
      config: { access: 'admin' },
      schema: { tags, params: idParams, response: { 202: importNowResponseSchema } },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await cloudAccounts.importNow(clientCallerOf(request).clientId, request.params.id)),
  );

  app.get(
    '/c/cloud_accounts/:id/imports/',
    {
      config: { access: 'verified' },
      schema: { tags, params: idParams, response: { 200: importRunsSchema } },
    },
    async (request) => cloudAccounts.imports(clientCallerOf(request).clientId, request.params.id),
  );

  for (const kind of ['cloudformation', 'terraform'] as const) {
    app.get(
      `/c/cloud_accounts/:id/${kind}/`,
      { config: { access: 'verified' }, schema: { tags, params: idParams } },
      async (request, reply) => {
        const text = await cloudAccounts.template(clientCallerOf(request).clientId, request.params.id, kind);
        const { file, type } = TEMPLATE_FILES[kind];
        return reply.type(type).header('content-disposition', `attachment; filename="${file}"`).send(text);
      },
    );
  }
};
