import {
  asgActivitiesQuerySchema,
  asgActivitiesSchema,
  asgDashboardSchema,
  COMPUTE_COPILOT_PATHS,
  copilotQuerySchema,
  copilotResourceSchema,
  databricksDashboardSchema,
  resourceParamsSchema,
  visibilityGroupParamsSchema,
  visibilityGroupSchema,
  visibilitySchema,
} from '@finlens/contracts/compute-copilot';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { ComputeCopilotService } from './compute-copilot.service';

const tags = ['compute-copilot'];

/** Thin routes: parse, authorise (config.access), call the service, reply. All are reads of the caller's client. */
export const computeCopilotRoutes: FastifyPluginAsyncZod<{
  computeCopilotService: ComputeCopilotService;
}> = async (app, { computeCopilotService: service }) => {
  const read = { config: { access: 'verified' as const } };
  app.get(
    COMPUTE_COPILOT_PATHS.asg,
    { ...read, schema: { tags, querystring: copilotQuerySchema, response: { 200: asgDashboardSchema } } },
    async (request) => service.asg(clientCallerOf(request), request.query),
  );
  app.get(
    COMPUTE_COPILOT_PATHS.asgActivities,
    {
      ...read,
      schema: { tags, querystring: asgActivitiesQuerySchema, response: { 200: asgActivitiesSchema } },
    },
    async (request) => service.asgActivities(clientCallerOf(request), request.query),
  );
  app.get(
    COMPUTE_COPILOT_PATHS.databricks,
    {
      ...read,
      schema: { tags, querystring: copilotQuerySchema, response: { 200: databricksDashboardSchema } },
    },
    async (request) => service.databricks(clientCallerOf(request), request.query),
  );
  app.get(
    COMPUTE_COPILOT_PATHS.visibility,
    { ...read, schema: { tags, querystring: copilotQuerySchema, response: { 200: visibilitySchema } } },
    async (request) => service.visibility(clientCallerOf(request), request.query),
  );
  app.get(
    COMPUTE_COPILOT_PATHS.visibilityGroup,
    {
      ...read,
      schema: {
        tags,
        params: visibilityGroupParamsSchema,
        querystring: copilotQuerySchema,
        response: { 200: visibilityGroupSchema },
      },
    },
    async (request) => service.visibilityGroup(clientCallerOf(request), request.params, request.query),
  );
  app.get(
    COMPUTE_COPILOT_PATHS.resource,
    {
      ...read,
      schema: {
        tags,
        params: resourceParamsSchema,
        querystring: copilotQuerySchema,
        response: { 200: copilotResourceSchema },
      },
    },
    async (request) => service.resource(clientCallerOf(request), request.params.id, request.query),
  );
};
