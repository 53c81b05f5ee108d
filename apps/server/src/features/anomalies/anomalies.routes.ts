import {
  ANOMALY_PATHS,
  anomaliesQuerySchema,
  anomaliesSchema,
  anomalySchema,
  anomalyUpdateSchema,
  detectResponseSchema,
} from '@finlens/contracts/anomalies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { AnomaliesService } from './anomalies.service';

const tags = ['anomalies'];
const idParams = z.object({ id: z.string().min(1) });
const anomalyPath = `${ANOMALY_PATHS.anomalies}:id/`;

/**
 * Anomalies cover every account of the client, so members restricted by RBAC (spec §6) do not see them;
 * any other member triages them; admins trigger detection.
 */
export const anomaliesRoutes: FastifyPluginAsyncZod<{ anomalies: AnomaliesService }> = async (
  app,
  { anomalies },
) => {
  app.get(
    ANOMALY_PATHS.anomalies,
    {
      config: { access: 'unrestricted' },
      schema: { tags, querystring: anomaliesQuerySchema, response: { 200: anomaliesSchema } },
    },
    async (request) => {
      const { status, dimension, start_date, end_date, limit } = request.query;
      return anomalies.list(clientCallerOf(request).clientId, {
        limit,
        ...(status === undefined ? {} : { status }),
        ...(dimension === undefined ? {} : { dimension }),
        ...(start_date === undefined ? {} : { startDate: start_date }),
        ...(end_date === undefined ? {} : { endDate: end_date }),
      });
    },
  );
  app.post(
    ANOMALY_PATHS.detect,
    { config: { access: 'admin' }, schema: { tags, response: { 202: detectResponseSchema } } },
    async (request, reply) => {
      const jobId = await anomalies.detectNow(clientCallerOf(request).clientId);
      return reply.code(202).send({ detail: 'Anomaly detection is queued.', job_id: jobId });
    },
  );
  app.get(
    anomalyPath,
    {
      config: { access: 'unrestricted' },
      schema: { tags, params: idParams, response: { 200: anomalySchema } },
    },
    async (request) => anomalies.get(clientCallerOf(request).clientId, request.params.id),
  );
  app.patch(
    anomalyPath,
    {
      config: { access: 'unrestricted' },
      schema: { tags, params: idParams, body: anomalyUpdateSchema, response: { 200: anomalySchema } },
    },
    async (request) => {
      const auth = clientCallerOf(request);
      return anomalies.update(auth.clientId, auth.user.id, request.params.id, request.body);
    },
  );
};
