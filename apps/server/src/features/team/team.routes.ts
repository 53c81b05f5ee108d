import {
  inviteMemberRequestSchema,
  memberParamsSchema,
  teamMemberSchema,
  teamMembersQuerySchema,
  teamMembersSchema,
  updateMemberRequestSchema,
} from '@finlens/contracts/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { TeamService } from './team.service';

const tags = ['team'];

export const teamRoutes: FastifyPluginAsyncZod<{ teamService: TeamService }> = async (
  app,
  { teamService },
) => {
  app.get(
    '/c/team/members/',
    {
      config: { access: 'unrestricted' },
      schema: { tags, querystring: teamMembersQuerySchema, response: { 200: teamMembersSchema } },
    },
    async (request) => teamService.list(clientCallerOf(request).clientId, request.query.role),
  );

  app.post(
    '/c/team/members/',
    {
      config: { access: 'admin' },
      schema: { tags, body: inviteMemberRequestSchema, response: { 201: teamMemberSchema } },
    },
    async (request, reply) => {
      const auth = clientCallerOf(request);
      const member = await teamService.invite(auth, request.body.email, request.body.role, request.ip);
      return reply.code(201).send(member);
    },
  );

  app.patch(
    '/c/team/members/:user_id/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: memberParamsSchema,
        body: updateMemberRequestSchema,
        response: { 200: teamMemberSchema },
      },
    },
    async (request) => {
      const auth = clientCallerOf(request);
      return teamService.setRole(auth, request.params.user_id, request.body.role, request.ip);
    },
  );

  app.delete(
    '/c/team/members/:user_id/',
    { config: { access: 'admin' }, schema: { tags, params: memberParamsSchema } },
    async (request, reply) => {
      const auth = clientCallerOf(request);
      await teamService.remove(auth, request.params.user_id, request.ip);
      return reply.code(204).send();
    },
  );
};
