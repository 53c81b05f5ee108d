import { SIGN_IN_PATH } from '@finlens/contracts/routes';
import {
  SSO_PATHS,
  ssoSettingsSchema,
  ssoSettingsUpdateSchema,
  ssoStartQuerySchema,
} from '@finlens/contracts/sso';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import { type CookiePolicy, setSessionCookies } from '../../platform/auth/session-cookies';
import type { SsoService, SsoState } from './sso.service';

const tags = ['sso'];
const STATE_COOKIE = 'sso_state';

export const ssoRoutes: FastifyPluginAsyncZod<{ ssoService: SsoService; cookies: CookiePolicy }> = async (
  app,
  { ssoService, cookies },
) => {
  app.get(
    SSO_PATHS.settings,
    { config: { access: 'admin' }, schema: { tags, response: { 200: ssoSettingsSchema } } },
    async (request) => ssoService.settings(clientCallerOf(request).clientId),
  );

  app.put(
    SSO_PATHS.settings,
    {
      config: { access: 'admin' },
      schema: { tags, body: ssoSettingsUpdateSchema, response: { 200: ssoSettingsSchema } },
    },
    async (request) => {
      const auth = clientCallerOf(request);
      await ssoService.save(auth, request.body);
      return ssoService.settings(auth.clientId);
    },
  );

  app.get(
    SSO_PATHS.start,
    { config: { access: 'anonymous' }, schema: { tags, querystring: ssoStartQuerySchema } },
    async (request, reply) => {
      const { url, state } = await ssoService.start(request.query.email);
      // Signed so the browser cannot forge it; Lax so it comes back on the provider's top-level redirect.
      reply.setCookie(STATE_COOKIE, JSON.stringify(state), {
        path: SSO_PATHS.callback,
        httpOnly: true,
        sameSite: 'lax',
        secure: cookies.secure,
        maxAge: 600,
        signed: true,
      });
      return reply.redirect(url);
    },
  );

  app.get(
    SSO_PATHS.callback,
    { config: { access: 'anonymous' }, schema: { tags, hide: false } },
    async (request, reply) => {
      const raw = request.cookies[STATE_COOKIE];
      const unsigned = raw === undefined ? null : request.unsignCookie(raw);
      reply.clearCookie(STATE_COOKIE, { path: SSO_PATHS.callback });
      const failed = (reason: string) => {
        request.log.warn({ reason }, 'SSO sign-in failed');
        return reply.redirect(`${SIGN_IN_PATH}?sso_error=${encodeURIComponent(reason)}`);
      };
      if (unsigned === null || !unsigned.valid || unsigned.value === null)
        return failed('The sign-in expired; start again.');
      try {
        const current = new URL(request.url, 'http://placeholder');
        const callbackUrl = new URL(`${SSO_PATHS.callback}${current.search}`, ssoService.redirectBase);
        const session = await ssoService.callback(
          callbackUrl,
          JSON.parse(unsigned.value) as SsoState,
          request.ip,
        );
        setSessionCookies(reply, cookies, session);
        return reply.redirect(SIGN_IN_PATH);
      } catch (error) {
        return failed(error instanceof Error ? error.message : 'SSO sign-in failed.');
      }
    },
  );
};
