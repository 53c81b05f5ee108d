import {
  invitationParamsSchema,
  inviteMemberRequestSchema,
  memberParamsSchema,
  myInvitationsSchema,
  TEAM_PATHS,
  teamInvitationSchema,
  teamInvitationsSchema,
  teamMemberSchema,
  teamMembersQuerySchema,
  teamMembersSchema,
  updateMemberRequestSchema,
} from '@finlens/contracts/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, clientCallerOf } from '../../platform/auth/caller';
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
      schema: { tags, body: inviteMemberRequestSchema, response: { 201: teamInvitationSchema } },
    },
    async (request, reply) => {
      const auth = clientCallerOf(request);
      const invitation = await teamService.invite(auth, request.body.email, request.body.role, request.ip);
      return reply.code(201).send(invitation);
    },
  );

  app.get(
    TEAM_PATHS.invitations,
    { config: { access: 'admin' }, schema: { tags, response: { 200: teamInvitationsSchema } } },
    async (request) => teamService.invitations(clientCallerOf(request).clientId),
  );

  app.delete(
    TEAM_PATHS.invitation(':id'),
    { config: { access: 'admin' }, schema: { tags, params: invitationParamsSchema } },
    async (request, reply) => {
      await teamService.revokeInvitation(clientCallerOf(request), request.params.id, request.ip);
      return reply.code(204).send();
    },
  );

  // The invited user's side (switching view): their own invitations, whatever client is active.
  app.get(
    TEAM_PATHS.mine,
    { config: { access: 'verified' }, schema: { tags, response: { 200: myInvitationsSchema } } },
    async (request) => teamService.mine(callerOf(request)),
  );

  for (const [path, outcome] of [
    [TEAM_PATHS.accept(':id'), 'accepted'],
    [TEAM_PATHS.decline(':id'), 'declined'],
  ] as const) {
    app.post(
      path,
      { config: { access: 'verified' }, schema: { tags, params: invitationParamsSchema } },
      async (request, reply) => {
        await teamService.answer(callerOf(request), request.params.id, outcome, request.ip);
        return reply.code(204).send();
      },
    );
  }

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
