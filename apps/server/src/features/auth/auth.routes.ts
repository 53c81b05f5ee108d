import {
  checkEmailResponseSchema,
  detailResponseSchema,
  emailOnlyRequestSchema,
  loginRequestSchema,
  passwordChangeRequestSchema,
  passwordResetConfirmRequestSchema,
  profileSchema,
  profileUpdateSchema,
  registrationRequestSchema,
  selectClientRequestSchema,
  verifyEmailRequestSchema,
} from '@finlens/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/caller';
import { type CallerLoaderDeps, loadCaller } from '../../platform/auth/load-caller';
import {
  type CookiePolicy,
  clearSessionCookies,
  setSessionCookies,
} from '../../platform/auth/session-cookies';
import type { AccountService } from './account.service';
import type { AuthService } from './auth.service';

interface AuthRoutesOptions {
  /** What builds the Caller again after a change of profile or client. */
  callers: CallerLoaderDeps;
  authService: AuthService;
  accountService: AccountService;
  cookies: CookiePolicy;
}

const tags = ['auth'];
const ok = (detail: string) => ({ detail });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { authService, accountService } = options;

  app.get(
    '/c/current/user/',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: profileSchema } } },
    async (request) => authService.profile(callerOf(request)),
  );

  app.patch(
    '/c/current/user/',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: profileUpdateSchema, response: { 200: profileSchema } },
    },
    async (request) => {
      const auth = callerOf(request);
      await authService.updateProfile(auth, request.body);
      const fresh = await loadCaller(options.callers, {
        userId: auth.user.id,
        clientId: auth.client?.id ?? null,
        via: auth.via,
        sessionId: auth.sessionId,
      });
      return authService.profile(fresh ?? auth);
    },
  );

  app.get(
    '/rest-auth/check_email/:email/',
    {
      config: { access: 'anonymous' },
      schema: { tags, params: z.object({ email: z.string() }), response: { 200: checkEmailResponseSchema } },
    },
    async (request) => authService.checkEmail(request.params.email.trim().toLowerCase()),
  );

  app.post(
    '/rest-auth/login/',
    {
      config: { access: 'anonymous' },
      schema: { tags, body: loginRequestSchema, response: { 200: profileSchema } },
    },
    async (request, reply) => {
      const session = await authService.login({ ...request.body, ip: request.ip });
      setSessionCookies(reply, options.cookies, session);
      const auth = await loadCaller(options.callers, { ...session, via: 'session', sessionId: session.id });
      if (auth === null) throw new Error('signed-in user vanished');
      return authService.profile(auth);
    },
  );

  app.post(
    '/auth/logout/',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: detailResponseSchema } } },
    async (request, reply) => {
      await authService.logout(callerOf(request), request.ip);
      clearSessionCookies(reply, options.cookies);
      return ok('Successfully logged out.');
    },
  );

  app.post(
    '/c/select/',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: selectClientRequestSchema, response: { 200: profileSchema } },
    },
    async (request) => {
      const auth = callerOf(request);
      await authService.selectClient(auth, request.body.client_id, request.ip);
      const fresh = await loadCaller(options.callers, {
        userId: auth.user.id,
        clientId: request.body.client_id,
        via: 'session',
        sessionId: auth.sessionId,
      });
      return authService.profile(fresh ?? auth);
    },
  );

  app.post(
    '/rest-auth/registration/',
    {
      config: { access: 'anonymous' },
      schema: { tags, body: registrationRequestSchema, response: { 201: detailResponseSchema } },
    },
    async (request, reply) => {
      await accountService.register(request.body, request.ip);
      return reply.code(201).send(ok('Verification e-mail sent.'));
    },
  );

  app.post(
    '/rest-auth/registration/verify-email/',
    {
      config: { access: 'anonymous' },
      schema: { tags, body: verifyEmailRequestSchema, response: { 200: detailResponseSchema } },
    },
    async (request) => {
      await accountService.verifyEmail(request.body.key, request.ip);
      return ok('ok');
    },
  );

  app.post(
    '/rest-auth/registration/resend-email/',
    {
      config: { access: 'anonymous' },
      schema: { tags, body: emailOnlyRequestSchema, response: { 200: detailResponseSchema } },
    },
    async (request) => {
      await accountService.resendVerification(request.body.email);
      return ok('If the address has an unverified account, a new verification e-mail is on its way.');
    },
  );

  app.post(
    '/rest-auth/password/reset/',
    {
      config: { access: 'anonymous' },
      schema: { tags, body: emailOnlyRequestSchema, response: { 200: detailResponseSchema } },
    },
    async (request) => {
      await accountService.requestReset(request.body.email, request.ip);
      return ok('Password reset e-mail has been sent.');
    },
  );

  app.post(
    '/rest-auth/password/reset/confirm/',
    {
      config: { access: 'anonymous' },
      schema: { tags, body: passwordResetConfirmRequestSchema, response: { 200: detailResponseSchema } },
    },
    async (request) => {
      await accountService.confirmReset(request.body, request.ip);
      return ok('Password has been reset with the new password.');
    },
  );

  app.post(
    '/rest-auth/password/change/',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: passwordChangeRequestSchema, response: { 200: detailResponseSchema } },
    },
    async (request) => {
      await accountService.changePassword(callerOf(request), request.body, request.ip);
      return ok('New password has been saved.');
    },
  );
};
