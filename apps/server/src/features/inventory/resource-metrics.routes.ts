import {
  RESOURCE_METRICS_PATHS,
  resourceMetricsQuerySchema,
  resourceMetricsSchema,
} from '@finlens/contracts/resource-metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { ResourceMetricsService } from './resource-metrics.service';

/** A resource's metric series (the Resources Cost detail drawer's charts). */
export const resourceMetricsRoutes: FastifyPluginAsyncZod<{ metrics: ResourceMetricsService }> = async (
  app,
  { metrics },
) => {
  app.get(
    RESOURCE_METRICS_PATHS.metrics(':id'),
    {
      config: { access: 'verified' },
      schema: {
        tags: ['inventory'],
        params: z.object({ id: z.string().min(1).describe('The resource id (URL-encoded).') }),
        querystring: resourceMetricsQuerySchema,
        response: { 200: resourceMetricsSchema },
      },
    },
    async (request) => metrics.resourceMetrics(clientCallerOf(request), request.params.id, request.query),
  );
};
