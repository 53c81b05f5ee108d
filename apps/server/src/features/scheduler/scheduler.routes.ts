import {
  holidayCountriesSchema,
  oneOffInputSchema,
  oneOffSchema,
  overrideInputSchema,
  SCHEDULER_PATHS as P,
  scheduleActionListSchema,
  scheduleEstimateSchema,
  scheduleInputSchema,
  scheduleListSchema,
  scheduleOverrideSchema,
  scheduleSchema,
  scheduleSuggestionInputSchema,
  scheduleSuggestionSchema,
  scheduleTimelineQuerySchema,
  scheduleTimelineSchema,
} from '@finlens/contracts/scheduler';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { SchedulerService } from './scheduler.service';

const tags = ['scheduler'];
const params = z.object({ id: z.string().min(1) });
const overrideParams = z.object({ id: z.string().min(1), overrideId: z.string().min(1) });
const verified = { access: 'verified' } as const;
/** Schedules, overrides and one-off actions stop and start cloud resources: the admins' (ADR 0009). */
const admin = { access: 'admin' } as const;

/** Thin routes: parse, authorise (config.access), call the service, reply. */
export const schedulerRoutes: FastifyPluginAsyncZod<{ scheduler: SchedulerService }> = async (
  app,
  { scheduler },
) => {
  app.get(
    P.schedules,
    { config: verified, schema: { tags, response: { 200: scheduleListSchema } } },
    async (request) => scheduler.list(clientCallerOf(request)),
  );
  app.post(
    P.schedules,
    { config: admin, schema: { tags, body: scheduleInputSchema, response: { 201: scheduleSchema } } },
    async (request, reply) =>
      reply.code(201).send(await scheduler.create(clientCallerOf(request), request.body)),
  );
  app.get(
    P.schedule(':id'),
    { config: verified, schema: { tags, params, response: { 200: scheduleSchema } } },
    async (request) => scheduler.get(clientCallerOf(request), request.params.id),
  );
  app.patch(
    P.schedule(':id'),
    {
      config: admin,
      schema: { tags, params, body: scheduleInputSchema, response: { 200: scheduleSchema } },
    },
    async (request) => scheduler.update(clientCallerOf(request), request.params.id, request.body),
  );
  app.delete(P.schedule(':id'), { config: admin, schema: { tags, params } }, async (request, reply) => {
    await scheduler.remove(clientCallerOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(
    P.overrides(':id'),
    {
      config: admin,
      schema: { tags, params, body: overrideInputSchema, response: { 201: scheduleOverrideSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await scheduler.addOverride(clientCallerOf(request), request.params.id, request.body)),
  );
  app.delete(
    P.override(':id', ':overrideId'),
    { config: admin, schema: { tags, params: overrideParams } },
    async (request, reply) => {
      await scheduler.removeOverride(clientCallerOf(request), request.params.id, request.params.overrideId);
      return reply.code(204).send();
    },
  );
  app.get(
    P.actions(':id'),
    { config: verified, schema: { tags, params, response: { 200: scheduleActionListSchema } } },
    async (request) => scheduler.actions(clientCallerOf(request), request.params.id),
  );
  app.get(
    P.timeline(':id'),
    {
      config: verified,
      schema: {
        tags,
        params,
        querystring: scheduleTimelineQuerySchema,
        response: { 200: scheduleTimelineSchema },
      },
    },
    async (request) => scheduler.timeline(clientCallerOf(request), request.params.id, request.query.week),
  );
  app.get(
    P.holidayCountries,
    { config: verified, schema: { tags, response: { 200: holidayCountriesSchema } } },
    async () => scheduler.holidayCountries(),
  );
  app.get(
    P.oneOffs,
    { config: verified, schema: { tags, response: { 200: z.object({ results: z.array(oneOffSchema) }) } } },
    async (request) => scheduler.oneOffs(clientCallerOf(request)),
  );
  app.post(
    P.oneOffs,
    { config: admin, schema: { tags, body: oneOffInputSchema, response: { 201: oneOffSchema } } },
    async (request, reply) =>
      reply.code(201).send(await scheduler.addOneOff(clientCallerOf(request), request.body)),
  );
  app.post(
    P.estimate,
    {
      config: verified,
      schema: { tags, body: scheduleInputSchema, response: { 200: scheduleEstimateSchema } },
    },
    async (request) => scheduler.estimate(clientCallerOf(request), request.body),
  );
  app.post(
    P.suggestion,
    {
      config: verified,
      schema: { tags, body: scheduleSuggestionInputSchema, response: { 200: scheduleSuggestionSchema } },
    },
    async (request) => scheduler.suggest(clientCallerOf(request), request.body),
  );
};
