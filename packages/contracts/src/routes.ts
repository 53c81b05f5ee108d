/**
 * Route constants shared by the SPA and the server (spec §2, §9).
 *
 * Design choices:
 * - "Signed in" means the `user_id` cookie exists (see session.ts); the SPA never asks the server.
 * - The environment comes from the page address: localhost/127.0.0.1 → development, a host starting
 *   `uat2.` → uat2, `uat.` → uat, anything else → production.
 * - A signed-in user at the sign-in screen goes to the landing page: `/v3/` in development, `/landing`
 *   elsewhere. Both end on `/v3/home` (`/landing` and the `/v3/` index redirect there).
 * - A signed-out user in a protected area goes to `/accounts/signin/?next=<path+search, URL-encoded>`.
 */
export const SIGN_IN_PATH = '/accounts/signin/';
export const HOME_PATH = '/v3/home';
export const LANDING_PATH = '/landing';
export const DEVELOPMENT_LANDING_PATH = '/v3/';
export const NEXT_PARAM = 'next';

/** Path prefixes that need a signed-in user (spec §2 "Protected areas"). */
export const PROTECTED_AREAS = [
  '/payments/',
  '/switching-view/',
  '/billing/',
  '/v3/',
  '/clara/',
  '/playground/',
  '/solution-provider/',
] as const;
export type ProtectedArea = (typeof PROTECTED_AREAS)[number];

export const ENVIRONMENTS = ['development', 'uat', 'uat2', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function environmentFromHostname(hostname: string): Environment {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1') return 'development';
  if (host.startsWith('uat2.')) return 'uat2';
  if (host.startsWith('uat.')) return 'uat';
  return 'production';
}

export function landingPathFor(environment: Environment): string {
  return environment === 'development' ? DEVELOPMENT_LANDING_PATH : LANDING_PATH;
}

/** The sign-in address that brings the user back to `pathAndSearch` afterwards. */
export function signInPathWithNext(pathAndSearch: string): string {
  return `${SIGN_IN_PATH}?${NEXT_PARAM}=${encodeURIComponent(pathAndSearch)}`;
}

export function isProtectedPath(pathname: string): boolean {
  const withSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return PROTECTED_AREAS.some((area) => withSlash.startsWith(area));
}

/**
 * Compliance security dashboard id per environment (spec §2: "id differs by environment"). The real ids
 * arrive with the compliance issue; until then every environment uses the same placeholder.
 */
export const SECURITY_DASHBOARD_ID: Record<Environment, string> = {
  development: 'default',
  uat: 'default',
  uat2: 'default',
  production: 'default',
};
