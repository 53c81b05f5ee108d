import { type Profile, profileSchema } from '@finlens/contracts/auth';
import { firstLink, startTestSmtp, type TestSmtp } from '@finlens/server/platform/mail/test-smtp';
import { afterAll, beforeAll, expect } from 'vitest';
import { HttpSession } from './http-session';
import { startTestServer, type TestServer } from './test-server';

export const PASSWORD = 'Blue$Harbor42';
let counter = 0;

/** A fresh address per call, so tests sharing a server never collide. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now().toString(36)}@example.com`;
}

/** An anonymous session that has fetched its csrftoken cookie, as the SPA has after loading. */
export async function anonymousSession(baseUrl: string): Promise<HttpSession> {
  const session = new HttpSession(baseUrl);
  await session.get('/api/public-config');
  return session;
}

export async function signIn(baseUrl: string, email: string, password = PASSWORD) {
  const session = await anonymousSession(baseUrl);
  const result = await session.post('/rest-auth/login/', { email, password });
  return { session, result };
}

export async function signInOk(baseUrl: string, email: string, password = PASSWORD): Promise<Persona> {
  const { session, result } = await signIn(baseUrl, email, password);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return { session, email, password, profile: profileSchema.parse(result.body) };
}

interface Persona {
  session: HttpSession;
  email: string;
  password: string;
  profile: Profile;
}

/** Sign up, follow the verification link of the mail, sign in. */
export async function signUpVerified(
  baseUrl: string,
  smtp: TestSmtp,
  { label, company = `${label} Ltd` }: { label: string; company?: string },
): Promise<Persona> {
  const email = uniqueEmail(label);
  const anonymous = await anonymousSession(baseUrl);
  const signup = await anonymous.post('/rest-auth/registration/', {
    email,
    password1: PASSWORD,
    password2: PASSWORD,
    first_name: 'Test',
    last_name: 'Person',
    company_name: company,
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const key = new URL(firstLink(await smtp.next(email))).searchParams.get('verify_key');
  expect(key).not.toBeNull();
  const verified = await anonymous.post('/rest-auth/registration/verify-email/', { key });
  expect(verified.status).toBe(200);
  return signInOk(baseUrl, email);
}

/** The admin invites an address; the invitee follows the mailed link, sets a password and signs in. */
export async function inviteAccepted(
  baseUrl: string,
  smtp: TestSmtp,
  admin: Persona,
  { label, role = 'member' }: { label: string; role?: 'admin' | 'member' },
): Promise<Persona> {
  const email = uniqueEmail(label);
  const invited = await admin.session.post('/c/team/members/', { email, role });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  await acceptResetLink(baseUrl, firstLink(await smtp.next(email)), PASSWORD);
  return signInOk(baseUrl, email);
}

/** Posts the uid and token of a /accounts/reset-password/confirm/{uid}/{token} link. */
export async function acceptResetLink(baseUrl: string, link: string, password: string) {
  const [uid, token] = new URL(link).pathname.split('/').slice(-2);
  const anonymous = await anonymousSession(baseUrl);
  return anonymous.post('/rest-auth/password/reset/confirm/', {
    uid,
    token,
    new_password1: password,
    new_password2: password,
  });
}

/**
 * One server per test file with mail going to a loopback SMTP server; the returned object is filled in
 * beforeAll (read its fields inside tests and hooks only).
 */
export function useServerWithMail(env: NodeJS.ProcessEnv = {}): { server: TestServer; smtp: TestSmtp } {
  const context = {} as { server: TestServer; smtp: TestSmtp };
  beforeAll(async () => {
    context.smtp = await startTestSmtp();
    context.server = await startTestServer({ env: { ...env, SMTP_URL: context.smtp.url } });
  });
  afterAll(async () => {
    await context.server?.close();
    await context.smtp?.stop();
  });
  return context;
}
