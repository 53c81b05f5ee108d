/** Path prefixes that belong to the API (spec §7 plus our own /api); anything else is the SPA. */
export const API_PREFIXES = [
  '/api',
  '/c',
  '/rest-auth',
  '/auth',
  '/payment',
  '/notification',
  '/app_partner',
];

export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
