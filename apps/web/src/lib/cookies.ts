import { hostCookieName } from '@finlens/contracts/session';

/** The value of a browser cookie, or null when it is not set. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.split('=');
    if (rawKey?.trim() === name) return decodeURIComponent(rest.join('=').trim());
  }
  return null;
}

/** Site-wide cookie; `maxAgeSeconds` 0 deletes it. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const maxAge = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/${maxAge}`;
}

export function clearCookie(name: string): void {
  writeCookie(name, '', 0);
}

/**
 * A cookie the server sets for the session (csrftoken, user_id): `__Host-` prefixed when the app is served over
 * https, the bare name on plain HTTP (contracts/session.ts). The prefixed one wins, so a bare cookie planted by a
 * sibling host cannot shadow it.
 */
export function readSessionCookie(name: string): string | null {
  return readCookie(hostCookieName(name, true)) ?? readCookie(name);
}

/** Deletes a session cookie under both names (a `__Host-` cookie is only touched with Secure and Path=/). */
export function clearSessionCookie(name: string): void {
  clearCookie(name);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers.
  document.cookie = `${hostCookieName(name, true)}=; path=/; Secure; Max-Age=0`;
}

export function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '');
}
