import {
  policyAcceptRequestSchema,
  policyDataSchema,
  policyVersionQuerySchema,
} from '@finlens/contracts/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { PolicyService } from './policy.service';

const tags = ['policy'];

export const policyRoutes: FastifyPluginAsyncZod<{ policyService: PolicyService }> = async (
  app,
  { policyService },
) => {
  app.get(
    '/c/policy_version/',
    {
      config: { access: 'verified' },
      schema: { tags, querystring: policyVersionQuerySchema, response: { 200: policyDataSchema } },
    },
    async (request) => policyService.data(clientCallerOf(request).clientId, request.query.project_id),
  );

  app.post(
    '/c/policy_version/',
    {
      config: { access: 'admin' },
      schema: { tags, body: policyAcceptRequestSchema, response: { 200: policyDataSchema } },
    },
    async (request) => {
      const auth = clientCallerOf(request);
      return policyService.accept(auth, request.body.project_id, request.body.accepted);
    },
  );
};
