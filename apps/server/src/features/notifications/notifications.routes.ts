import {
  channelCreateSchema,
  channelSchema,
  channelsSchema,
  channelUpdateSchema,
  deliveriesQuerySchema,
  deliveriesSchema,
  NOTIFICATION_PATHS,
  preferencesSchema,
  sendTestResultSchema,
} from '@finlens/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];
const idParams = z.object({ id: z.string().min(1) });
const channelPath = `${NOTIFICATION_PATHS.channels}:id/`;

/** Everyone signed in reads the channels (secrets masked) and keeps their own preferences; admins manage. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    NOTIFICATION_PATHS.channels,
    { config: { access: 'verified' }, schema: { tags, response: { 200: channelsSchema } } },
    async (request) => notifications.list(clientCallerOf(request).clientId),
  );
  app.post(
    NOTIFICATION_PATHS.channels,
    {
      config: { access: 'admin' },
      schema: { tags, body: channelCreateSchema, response: { 201: channelSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await notifications.create(clientCallerOf(request).clientId, request.body)),
  );
  app.patch(
    channelPath,
    {
      config: { access: 'admin' },
      schema: { tags, params: idParams, body: channelUpdateSchema, response: { 200: channelSchema } },
    },
    async (request) =>
      notifications.update(clientCallerOf(request).clientId, request.params.id, request.body),
  );
  app.delete(
    channelPath,
    { config: { access: 'admin' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await notifications.remove(clientCallerOf(request).clientId, request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    `${channelPath}send_test/`,
    {
      config: { access: 'admin', changesState: true },
      schema: { tags, params: idParams, response: { 200: sendTestResultSchema } },
    },
    async (request) => notifications.sendTest(clientCallerOf(request).clientId, request.params.id),
  );
  app.get(
    NOTIFICATION_PATHS.deliveries,
    {
      config: { access: 'admin' },
      schema: { tags, querystring: deliveriesQuerySchema, response: { 200: deliveriesSchema } },
    },
    async (request) => {
      const { channel_id, status, source, limit } = request.query;
      return notifications.deliveries(clientCallerOf(request).clientId, {
        limit,
        ...(channel_id === undefined ? {} : { channelId: channel_id }),
        ...(status === undefined ? {} : { status }),
        ...(source === undefined ? {} : { source }),
      });
    },
  );
  app.get(
    NOTIFICATION_PATHS.preferences,
    { config: { access: 'verified' }, schema: { tags, response: { 200: preferencesSchema } } },
    async (request) => {
      const auth = clientCallerOf(request);
      return notifications.preferences(auth.clientId, auth.user.id);
    },
  );
  app.put(
    NOTIFICATION_PATHS.preferences,
    {
      config: { access: 'verified' },
      schema: { tags, body: preferencesSchema, response: { 200: preferencesSchema } },
    },
    async (request) => {
      const auth = clientCallerOf(request);
      return notifications.savePreferences(auth.clientId, auth.user.id, request.body);
    },
  );
};
