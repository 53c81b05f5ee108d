/** Cookie and header names shared by the server and the SPA (ARCHITECTURE §5, spec §7). */
export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** The SPA treats a user as signed in when this cookie exists (spec §4). */
export const USER_ID_COOKIE = 'user_id';
/**
 * With PUBLIC_URL on https the session, CSRF and user-id cookies carry this prefix: browsers then accept them only
 * with Secure, Path=/ and no Domain, so no sibling host and no plain-HTTP page can set or shadow them. On plain
 * HTTP (a local start on http://localhost) browsers refuse a prefixed cookie without Secure, so the bare names
 * above are used there. Each side reads the one name its scheme gives: `hostCookieName`.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

/** The name a session cookie goes by on a server whose PUBLIC_URL is https (`secure`) or plain HTTP. */
export function hostCookieName(name: string, secure: boolean): string {
  return secure ? `${HOST_COOKIE_PREFIX}${name}` : name;
}

/** API keys travel in this header; the SPA copies it from the cookie of the same name (spec §7). */
export const TOKEN_KEY_COOKIE = 'token_key';
export const TOKEN_KEY_HEADER = 'token-key';
/** Browser-storage key for the token_key query parameter (spec §2 start-up behaviour). */
export const TOKEN_KEY_STORAGE = 'token_key';
