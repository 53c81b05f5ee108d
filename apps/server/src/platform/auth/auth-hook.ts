import { ACCESS_DETAILS, type AccessRule, decideAccess } from '@finlens/contracts/roles';
import { CSRF_HEADER, TOKEN_KEY_HEADER } from '@finlens/contracts/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { changeCountOf } from '../../db/app-changes';
import type { AppTables } from '../../db/tables';
import { isApiPath } from '../http/api-paths';
import type { ApiKeyAuthenticator } from './api-key-auth';
import type { Caller } from './caller';
import { type CallerCache, createCallerCache } from './caller-cache';
import { loadCaller } from './load-caller';
import { type CookiePolicy, setCsrfCookie } from './session-cookies';
import type { SessionStore } from './session-store';
import { randomToken, safeEqual } from './tokens';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AuthHookDeps {
  db: Kysely<AppTables>;
  sessions: SessionStore;
  apiKeys: ApiKeyAuthenticator;
  cookies: CookiePolicy;
  internalEmailDomains: readonly string[];
}

/**
 * Every request: identify the caller (token-key header, else the session cookie); registerAccessHook decides.
 * A session's caller is kept until the embedded app database changes, or a few seconds on PostgreSQL
 * (`createCallerCache`); every state-changing request drops the kept callers before its answer is sent, so a role,
 * membership or profile change shows on the next request.
 */
export function registerAuthHook(app: FastifyInstance, deps: AuthHookDeps): void {
  const callers = createCallerCache({ changes: changeCountOf(deps.db) });
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request, reply) => {
    // The SPA's files are public: no identity lookups for them, only the csrftoken cookie the SPA will need.
    const api = isApiPath(request.url);
    const identified = api ? await identify(request, deps, callers) : { auth: null, csrfToken: null };
    request.caller = identified.auth;
    sessionCsrfTokens.set(request, identified.csrfToken);
    // With a session cookie, only an API request knows the session's token; a random one would not match it.
    const { names } = deps.cookies;
    const mayIssue = api || request.cookies[names.session] === undefined;
    if (mayIssue && identified.auth?.via !== 'api_key' && request.cookies[names.csrf] === undefined) {
      setCsrfCookie(reply, deps.cookies, identified.csrfToken ?? randomToken());
    }
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (changesState(request)) callers.forgetAll();
    done(null, payload);
  });
}

function changesState(request: FastifyRequest): boolean {
  return UNSAFE_METHODS.has(request.method) || request.routeOptions.config.changesState === true;
}

/** The identified session's CSRF token, from the identifying hook to the access hook. */
const sessionCsrfTokens = new WeakMap<FastifyRequest, string | null>();

/**
 * After identification (and the rate limiter, which must count refused requests too): the route's access rule
 * (401 / 403 with the §8 texts) and CSRF on unsafe methods of cookie-borne requests.
 */
export function registerAccessHook(app: FastifyInstance, cookies: CookiePolicy): void {
  app.addHook('onRequest', async (request, reply) => {
    // Unknown routes fall through to the JSON 404 of the not-found handler.
    if (request.routeOptions.url === undefined) return;
    const auth = request.caller;
    const rule: AccessRule = request.routeOptions.config.access ?? 'anonymous';
    const decision = decideAccess(rule, accessSubject(auth));
    if (decision === 'unauthenticated') return deny(reply, 401, ACCESS_DETAILS.unauthenticated);
    if (changesState(request) && auth?.via !== 'api_key') {
      if (!csrfValid(request, cookies, sessionCsrfTokens.get(request) ?? null))
        return deny(reply, 403, ACCESS_DETAILS.csrf);
    }
    if (decision === 'unverified') return deny(reply, 403, ACCESS_DETAILS.unverified);
    if (decision === 'forbidden') return deny(reply, 403, ACCESS_DETAILS.forbidden);
  });
}

interface Identified {
  auth: Caller | null;
  /** The session's CSRF token, when a session cookie identified the caller. */
  csrfToken: string | null;
}

async function identify(
  request: FastifyRequest,
  deps: AuthHookDeps,
  callers: CallerCache,
): Promise<Identified> {
  const key = request.headers[TOKEN_KEY_HEADER];
  if (typeof key === 'string' && key !== '') {
    const found = await deps.apiKeys.authenticate(key);
    if (found === null) return { auth: null, csrfToken: null };
    const auth = await loadCaller(deps, { ...found, via: 'api_key', sessionId: null });
    return { auth, csrfToken: null };
  }
  const token = request.cookies[deps.cookies.names.session];
  if (token === undefined || token === '') return { auth: null, csrfToken: null };
  // Found on every request: the store reads the row again after any change to the app database (and always on
  // PostgreSQL), so a deleted or expired session is refused at once, whatever is cached.
  const session = await deps.sessions.find(token);
  if (session === null) return { auth: null, csrfToken: null };
  const auth = await callers.get(session, () =>
    loadCaller(deps, {
      userId: session.userId,
      clientId: session.clientId,
      via: 'session',
      sessionId: session.id,
    }),
  );
  return { auth, csrfToken: auth === null ? null : session.csrfToken };
}

/** Signed in: the header must match the session's token. Anonymous (sign-in, sign-up): double submit. */
function csrfValid(request: FastifyRequest, cookies: CookiePolicy, sessionToken: string | null): boolean {
  const header = request.headers[CSRF_HEADER.toLowerCase()];
  if (typeof header !== 'string' || header === '') return false;
  if (sessionToken !== null) return safeEqual(header, sessionToken);
  const cookie = request.cookies[cookies.names.csrf];
  return cookie !== undefined && cookie !== '' && safeEqual(header, cookie);
}

function accessSubject(auth: Caller | null) {
  if (auth === null) return null;
  return {
    emailVerified: auth.user.emailVerified,
    role: auth.role,
    restricted: auth.restricted,
    partnerUserRole: auth.partnerUserRole,
  };
}

function deny(reply: FastifyReply, status: number, detail: string) {
  return reply.code(status).send({ detail });
}
