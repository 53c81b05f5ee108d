import {
  collectNowResponseSchema,
  INVENTORY_PATHS,
  inventoryResourcesSchema,
  resourcesQuerySchema,
  scenarioLoadedSchema,
} from '@finlens/contracts/inventory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { InventoryService } from './inventory.service';

const tags = ['inventory'];
const params = z.object({ id: z.string().min(1) });

/** Thin routes: parse, authorise (config.access), call the service, reply. */
export const inventoryRoutes: FastifyPluginAsyncZod<{ inventory: InventoryService }> = async (
  app,
  { inventory },
) => {
  app.get(
    INVENTORY_PATHS.resources,
    {
      config: { access: 'verified' },
      schema: { tags, querystring: resourcesQuerySchema, response: { 200: inventoryResourcesSchema } },
    },
    async (request) => inventory.resources(clientCallerOf(request), request.query),
  );

  app.post(
    INVENTORY_PATHS.collectNow(':id'),
    { config: { access: 'admin' }, schema: { tags, params, response: { 202: collectNowResponseSchema } } },
    async (request, reply) =>
      reply.code(202).send(await inventory.collectNow(clientCallerOf(request), request.params.id)),
  );

  app.put(
    INVENTORY_PATHS.scenario(':id'),
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params,
        body: z.record(z.string(), z.unknown()).describe('A scenario file (docs/cloud-scenario.md).'),
        response: { 200: scenarioLoadedSchema },
      },
    },
    async (request) => inventory.loadScenario(clientCallerOf(request), request.params.id, request.body),
  );
};
