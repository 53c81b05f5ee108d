import {
  COMMITMENTS_PATHS,
  commitmentDashboardQuerySchema,
  commitmentDashboardSchema,
  commitmentInventoryQuerySchema,
  commitmentInventorySchema,
  convertibleAnalysisSchema,
  convertibleQuerySchema,
  purchaseAnalysisQuerySchema,
  purchaseAnalysisSchema,
} from '@finlens/contracts/commitments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { CommitmentsService } from './commitments.service';

const tags = ['commitments'];

/** Thin routes: parse, authorise (config.access), call the service, reply. All four are reads of the caller's client. */
export const commitmentsRoutes: FastifyPluginAsyncZod<{ commitmentsService: CommitmentsService }> = async (
  app,
  { commitmentsService: service },
) => {
  const read = { config: { access: 'verified' as const } };
  app.get(
    COMMITMENTS_PATHS.inventory,
    {
      ...read,
      schema: {
        tags,
        querystring: commitmentInventoryQuerySchema,
        response: { 200: commitmentInventorySchema },
      },
    },
    async (request) => service.inventory(clientCallerOf(request), request.query),
  );
  app.get(
    COMMITMENTS_PATHS.dashboard,
    {
      ...read,
      schema: {
        tags,
        querystring: commitmentDashboardQuerySchema,
        response: { 200: commitmentDashboardSchema },
      },
    },
    async (request) => service.dashboard(clientCallerOf(request), request.query),
  );
  app.get(
    COMMITMENTS_PATHS.purchaseAnalysis,
    {
      ...read,
      schema: { tags, querystring: purchaseAnalysisQuerySchema, response: { 200: purchaseAnalysisSchema } },
    },
    async (request) => service.purchaseAnalysis(clientCallerOf(request), request.query),
  );
  app.get(
    COMMITMENTS_PATHS.convertible,
    {
      ...read,
      schema: { tags, querystring: convertibleQuerySchema, response: { 200: convertibleAnalysisSchema } },
    },
    async (request) => service.convertible(clientCallerOf(request), request.query),
  );
};
