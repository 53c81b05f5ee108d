import {
  TAG_EXPLORER_PATHS,
  tagExplorerResultSchema,
  tagPolicyInputSchema,
  tagPolicyListSchema,
  tagPolicyPatchSchema,
  tagPolicySchema,
  tagRangeQuerySchema,
  tagValuesQuerySchema,
  tagValuesResultSchema,
  tagViolationsResultSchema,
  untaggedQuerySchema,
  untaggedResultSchema,
  violationsQuerySchema,
} from '@finlens/contracts/tag-explorer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { TagExplorerService } from './tag-explorer.service';
import type { TagPoliciesService } from './tag-policies.service';

const tags = ['tag-explorer'];
const read = { access: 'verified' } as const;
/** Policies are the client's configuration: members read them, admins change them. */
const write = { access: 'admin' } as const;
const P = TAG_EXPLORER_PATHS;
const idParams = z.object({ id: z.string().min(1) });

export const tagExplorerRoutes: FastifyPluginAsyncZod<{
  tagExplorerService: TagExplorerService;
  tagPoliciesService: TagPoliciesService;
}> = async (app, { tagExplorerService: explorer, tagPoliciesService: policies }) => {
  const client = (request: Parameters<typeof clientCallerOf>[0]) => clientCallerOf(request).clientId;

  app.get(
    P.rows,
    {
      config: read,
      schema: { tags, querystring: tagRangeQuerySchema, response: { 200: tagExplorerResultSchema } },
    },
    async (request) => explorer.rows(clientCallerOf(request), request.query),
  );
  app.get(
    P.values,
    {
      config: read,
      schema: { tags, querystring: tagValuesQuerySchema, response: { 200: tagValuesResultSchema } },
    },
    async (request) => explorer.values(clientCallerOf(request), request.query),
  );
  app.get(
    P.untagged,
    {
      config: read,
      schema: { tags, querystring: untaggedQuerySchema, response: { 200: untaggedResultSchema } },
    },
    async (request) => explorer.untagged(clientCallerOf(request), request.query),
  );

  app.get(
    P.policies,
    { config: read, schema: { tags, response: { 200: tagPolicyListSchema } } },
    async (request) => policies.list(client(request)),
  );
  app.post(
    P.policies,
    { config: write, schema: { tags, body: tagPolicyInputSchema, response: { 201: tagPolicySchema } } },
    async (request, reply) => reply.code(201).send(await policies.create(client(request), request.body)),
  );
  app.get(
    P.violations,
    {
      config: read,
      schema: { tags, querystring: violationsQuerySchema, response: { 200: tagViolationsResultSchema } },
    },
    async (request) => policies.violations(clientCallerOf(request), request.query),
  );
  app.get(
    P.policy,
    { config: read, schema: { tags, params: idParams, response: { 200: tagPolicySchema } } },
    async (request) => policies.get(client(request), request.params.id),
  );
  app.patch(
    P.policy,
    {
      config: write,
      schema: { tags, params: idParams, body: tagPolicyPatchSchema, response: { 200: tagPolicySchema } },
    },
    async (request) => policies.update(client(request), request.params.id, request.body),
  );
  app.delete(P.policy, { config: write, schema: { tags, params: idParams } }, async (request, reply) => {
    await policies.remove(client(request), request.params.id);
    return reply.code(204).send();
  });
};
