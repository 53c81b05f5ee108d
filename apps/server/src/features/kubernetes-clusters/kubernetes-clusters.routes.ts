import {
  clusterInputSchema,
  clusterListSchema,
  clusterPatchSchema,
  clusterSchema,
  namespaceListSchema,
  KUBERNETES_PATHS as P,
  workloadListSchema,
  workloadsQuerySchema,
} from '@finlens/contracts/kubernetes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { KubernetesClustersService } from './kubernetes-clusters.service';

const tags = ['kubernetes'];
const params = z.object({ id: z.string().min(1) });
const verified = { access: 'verified' } as const;
// Credentials are an admin's, as a cloud account's are.
const admin = { access: 'admin' } as const;

/** Thin routes: parse, authorise (config.access), call the service, reply. */
export const kubernetesClustersRoutes: FastifyPluginAsyncZod<{
  clusters: KubernetesClustersService;
}> = async (app, { clusters }) => {
  app.get(
    P.clusters,
    { config: verified, schema: { tags, response: { 200: clusterListSchema } } },
    async (request) => clusters.list(clientCallerOf(request)),
  );
  app.post(
    P.clusters,
    { config: admin, schema: { tags, body: clusterInputSchema, response: { 201: clusterSchema } } },
    async (request, reply) =>
      reply.code(201).send(await clusters.create(clientCallerOf(request), request.body)),
  );
  app.get(
    P.cluster(':id'),
    { config: verified, schema: { tags, params, response: { 200: clusterSchema } } },
    async (request) => clusters.get(clientCallerOf(request), request.params.id),
  );
  app.patch(
    P.cluster(':id'),
    { config: admin, schema: { tags, params, body: clusterPatchSchema, response: { 200: clusterSchema } } },
    async (request) => clusters.update(clientCallerOf(request), request.params.id, request.body),
  );
  app.delete(P.cluster(':id'), { config: admin, schema: { tags, params } }, async (request, reply) => {
    await clusters.remove(clientCallerOf(request), request.params.id);
    return reply.code(204).send();
  });
  // Reaching the API server now is an admin's action, as the credentials are theirs.
  app.post(
    P.check(':id'),
    { config: admin, schema: { tags, params, response: { 200: clusterSchema } } },
    async (request) => clusters.check(clientCallerOf(request), request.params.id),
  );
  app.get(
    P.namespaces(':id'),
    { config: verified, schema: { tags, params, response: { 200: namespaceListSchema } } },
    async (request) => clusters.namespaces(clientCallerOf(request), request.params.id),
  );
  app.get(
    P.workloads(':id'),
    {
      config: verified,
      schema: { tags, params, querystring: workloadsQuerySchema, response: { 200: workloadListSchema } },
    },
    async (request) => clusters.workloads(clientCallerOf(request), request.params.id, request.query),
  );
};
