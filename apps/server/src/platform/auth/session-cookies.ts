import { CSRF_COOKIE, hostCookieName, SESSION_COOKIE, USER_ID_COOKIE } from '@finlens/contracts/session';
import type { FastifyReply } from 'fastify';
import { SESSION_TTL_MS } from './session-store';

const CSRF_TTL_S = 365 * 24 * 60 * 60;

export interface CookiePolicy {
  /** Secure cookies when PUBLIC_URL is https. */
  secure: boolean;
  /** The cookies' names: `__Host-` prefixed when secure, the bare names on plain HTTP (contracts/session.ts). */
  names: { session: string; csrf: string; userId: string };
}

export function cookiePolicyFor(publicUrl: string): CookiePolicy {
  const secure = publicUrl.startsWith('https:');
  return {
    secure,
    names: {
      session: hostCookieName(SESSION_COOKIE, secure),
      csrf: hostCookieName(CSRF_COOKIE, secure),
      userId: hostCookieName(USER_ID_COOKIE, secure),
    },
  };
}

/** sessionid is HttpOnly; csrftoken and user_id are readable by the SPA (spec §4, §7). Never a Domain. */
export function setSessionCookies(
  reply: FastifyReply,
  policy: CookiePolicy,
  session: { token: string; csrfToken: string; userId: string },
): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: policy.secure, maxAge: SESSION_TTL_MS / 1000 };
  reply.setCookie(policy.names.session, session.token, { ...base, httpOnly: true });
  reply.setCookie(policy.names.userId, session.userId, { ...base, httpOnly: false });
  setCsrfCookie(reply, policy, session.csrfToken);
}

export function setCsrfCookie(reply: FastifyReply, policy: CookiePolicy, token: string): void {
  reply.setCookie(policy.names.csrf, token, {
    path: '/',
    sameSite: 'lax',
    secure: policy.secure,
    httpOnly: false,
    maxAge: CSRF_TTL_S,
  });
}

export function clearSessionCookies(reply: FastifyReply, policy: CookiePolicy): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: policy.secure };
  reply.clearCookie(policy.names.session, { ...base, httpOnly: true });
  reply.clearCookie(policy.names.userId, base);
}
