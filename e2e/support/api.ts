import { CSRF_COOKIE, CSRF_HEADER } from '@finlens/contracts/session';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

/** A call of the API as the signed-in browser makes it (session cookie, CSRF header on writes). */
export async function api<T>(
  context: BrowserContext,
  method: 'GET' | 'POST',
  path: string,
  data?: object,
): Promise<T> {
  const csrf = (await context.cookies(inject('baseUrl'))).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const res = await context.request.fetch(path, { method, data, headers: { [CSRF_HEADER]: csrf } });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}
