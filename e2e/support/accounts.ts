import { CSRF_COOKIE, CSRF_HEADER } from '@finlens/contracts/session';
import type { BrowserContext } from 'playwright-core';
import { waitForMailLink } from './outbox';

export const TEST_PASSWORD = 'Str0ng!Passw';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

async function csrfHeaders(context: BrowserContext, baseUrl: string): Promise<Record<string, string>> {
  let token = (await context.cookies(baseUrl)).find((c) => c.name === CSRF_COOKIE)?.value;
  if (!token) {
    await context.request.get('/accounts/signin/');
    token = (await context.cookies(baseUrl)).find((c) => c.name === CSRF_COOKIE)?.value;
  }
  if (!token) throw new Error('the server set no csrftoken cookie');
  return { [CSRF_HEADER]: token };
}

async function post(context: BrowserContext, baseUrl: string, path: string, data: object): Promise<void> {
  const res = await context.request.post(path, { data, headers: await csrfHeaders(context, baseUrl) });
  if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
}

/** Signs up through the API, follows the verification mail and signs in: the context holds a real session. */
export async function signUpAndSignIn(opts: {
  context: BrowserContext;
  baseUrl: string;
  dataDir: string;
}): Promise<{ email: string }> {
  const { context, baseUrl, dataDir } = opts;
  const email = uniqueEmail('e2e');
  await post(context, baseUrl, '/rest-auth/registration/', {
    email,
    password1: TEST_PASSWORD,
    password2: TEST_PASSWORD,
    first_name: 'Erin',
    last_name: 'Tester',
    company_name: 'Acme Analytics',
    signup_type: 'user',
  });
  const link = await waitForMailLink({ dataDir, to: email, linkPattern: /\S*verify_key=\S+/ });
  const key = new URL(link, baseUrl).searchParams.get('verify_key') ?? '';
  await post(context, baseUrl, '/rest-auth/registration/verify-email/', { key });
  await post(context, baseUrl, '/rest-auth/login/', { email, password: TEST_PASSWORD });
  return { email };
}

/** Signs an existing user in through the API: the context holds a real session. */
export async function signIn(opts: {
  context: BrowserContext;
  baseUrl: string;
  email: string;
  password: string;
}): Promise<void> {
  await post(opts.context, opts.baseUrl, '/rest-auth/login/', { email: opts.email, password: opts.password });
}
