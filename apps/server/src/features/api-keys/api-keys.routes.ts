import {
  apiKeyParamsSchema,
  apiKeysSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
} from '@finlens/contracts/api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { ApiKeysService } from './api-keys.service';

const tags = ['api-keys'];

export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeysService: ApiKeysService }> = async (
  app,
  { apiKeysService },
) => {
  app.get(
    '/c/api_keys/',
    { config: { access: 'verified' }, schema: { tags, response: { 200: apiKeysSchema } } },
    async (request) => {
      const auth = clientCallerOf(request);
      return apiKeysService.list(auth);
    },
  );

  // Only admins make new keys; anyone lists and revokes their own (ADR 0009).
  app.post(
    '/c/api_keys/',
    {
      config: { access: 'admin' },
      schema: { tags, body: createApiKeyRequestSchema, response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => {
      const auth = clientCallerOf(request);
      return reply.code(201).send(await apiKeysService.create(auth, request.body.name, request.ip));
    },
  );

  app.delete(
    '/c/api_keys/:id/',
    { config: { access: 'verified' }, schema: { tags, params: apiKeyParamsSchema } },
    async (request, reply) => {
      const auth = clientCallerOf(request);
      await apiKeysService.revoke(auth, request.params.id, request.ip);
      return reply.code(204).send();
    },
  );
};
