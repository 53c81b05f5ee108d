import { CSRF_COOKIE, SESSION_COOKIE, USER_ID_COOKIE } from '@finlens/contracts/session';
import type { FastifyReply } from 'fastify';
import { SESSION_TTL_MS } from './session-store';

const CSRF_TTL_S = 365 * 24 * 60 * 60;

export interface CookiePolicy {
  /** Secure cookies when PUBLIC_URL is https. */
  secure: boolean;
}

export function cookiePolicyFor(publicUrl: string): CookiePolicy {
  return { secure: publicUrl.startsWith('https:') };
}

/** sessionid is HttpOnly; csrftoken and user_id are readable by the SPA (spec §4, §7). */
export function setSessionCookies(
  reply: FastifyReply,
  policy: CookiePolicy,
  session: { token: string; csrfToken: string; userId: string },
): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: policy.secure, maxAge: SESSION_TTL_MS / 1000 };
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, httpOnly: true });
  reply.setCookie(USER_ID_COOKIE, session.userId, { ...base, httpOnly: false });
  setCsrfCookie(reply, policy, session.csrfToken);
}

export function setCsrfCookie(reply: FastifyReply, policy: CookiePolicy, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: policy.secure,
    httpOnly: false,
    maxAge: CSRF_TTL_S,
  });
}

export function clearSessionCookies(reply: FastifyReply, policy: CookiePolicy): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: policy.secure };
  reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(USER_ID_COOKIE, base);
}
