import { checkEmailResponseSchema, profileSchema } from '@finlens/contracts/auth';
import { ACCESS_DETAILS } from '@finlens/contracts/roles';
import { CSRF_COOKIE, SESSION_COOKIE, USER_ID_COOKIE } from '@finlens/contracts/session';
import { PASSWORD_COMMON_MESSAGE, PASSWORD_RULE_MESSAGES } from '@finlens/cost-model/password-rules';
import { createClusterDatabase, type TestDatabaseUrl } from '@finlens/server/db/test-database-url';
import { firstLink, startTestSmtp, type TestSmtp } from '@finlens/server/platform/mail/test-smtp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpSession } from './http-session';
import {
  acceptResetLink,
  anonymousSession,
  PASSWORD,
  signIn,
  signInOk,
  signUpVerified,
  uniqueEmail,
} from './identity-fixtures';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let smtp: TestSmtp;
let database: TestDatabaseUrl | null = null;
let unavailable = false;

/** Both app-database engines run the same identity flows. */
describe.each(['PGlite', 'PostgreSQL'] as const)('identity on %s', (engine) => {
  beforeAll(async () => {
    unavailable = false;
    const env: NodeJS.ProcessEnv = {};
    if (engine === 'PostgreSQL') {
      // A database of its own on the run's one test PostgreSQL.
      database = await createClusterDatabase({ migrated: true });
      if (database === null) {
        unavailable = true;
        return;
      }
      env.DATABASE_URL = database.url;
    }
    smtp = await startTestSmtp();
    server = await startTestServer({
      env: {
        ...env,
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'http://finlens.test',
        INTERNAL_EMAIL_DOMAINS: 'finlens.test',
      },
    });
  });
  afterAll(async () => {
    if (unavailable) return;
    await server?.close();
    await smtp?.stop();
    await database?.drop();
    database = null;
  });
  beforeEach((context) => {
    if (unavailable) context.skip('PostgreSQL is not available (the reason is printed above)');
  });

  describe('sign-up, verification and sign-in', () => {
    it('sign up → verification mail → follow the link → sign in → profile → sign out', async () => {
      const email = uniqueEmail('flow');
      const anonymous = await anonymousSession(server.baseUrl);
      const signup = await anonymous.post('/rest-auth/registration/', {
        email,
        password1: PASSWORD,
        password2: PASSWORD,
        first_name: 'Ada',
        last_name: 'Lovelace',
        company_name: 'Engines',
        signup_type: 'clara_user',
      });
      expect(signup.status).toBe(201);

      // Before verification: signed in, but verified-only calls answer 403 with the §8 text.
      const early = await signInOk(server.baseUrl, email);
      expect(early.profile).toMatchObject({
        email,
        email_verified: false,
        is_admin: true,
        has_project: false,
      });
      const blocked = await early.session.get('/c/admin/status/');
      expect(blocked).toMatchObject({ status: 403, body: { detail: ACCESS_DETAILS.unverified } });

      const mail = await smtp.next(email);
      const link = firstLink(mail);
      expect(link).toMatch(/^http:\/\/finlens\.test\/accounts\/signin\/\?verify_key=/);
      expect(mail.html).toContain('href="http://finlens.test/accounts/signin/?verify_key=');
      const key = new URL(link).searchParams.get('verify_key');
      expect((await anonymous.post('/rest-auth/registration/verify-email/', { key })).status).toBe(200);
      const reused = await anonymous.post('/rest-auth/registration/verify-email/', { key });
      expect(reused.status).toBe(400);

      const { session, profile } = await signInOk(server.baseUrl, email);
      expect(profile).toMatchObject({ email_verified: true, first_name: 'Ada', is_partner_user: false });
      expect(session.cookies.get(USER_ID_COOKIE)).toBe(profile.id);
      expect(session.cookies.has(SESSION_COOKIE)).toBe(true);
      expect((await session.get('/c/admin/status/')).status).toBe(200);
      const me = await session.get('/c/current/user/');
      expect(profileSchema.parse(me.body).client_id).toBe(profile.client_id);

      const out = await session.post('/auth/logout/');
      expect(out.status).toBe(200);
      expect(session.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(session.cookies.has(USER_ID_COOKIE)).toBe(false);
      expect((await session.get('/c/current/user/')).status).toBe(401);
    });

    it('sets the cookies with the flags the spec needs', async () => {
      const persona = await signUpVerified(server.baseUrl, smtp, { label: 'cookies' });
      const result = await persona.session.post('/auth/logout/');
      expect(result.status).toBe(200);
      const { result: login } = await signIn(server.baseUrl, persona.email);
      const lines = login.headers.getSetCookie();
      const line = (name: string) => lines.find((entry) => entry.startsWith(`${name}=`)) ?? '';
      expect(line(SESSION_COOKIE)).toMatch(/HttpOnly/i);
      expect(line(SESSION_COOKIE)).toMatch(/SameSite=Lax/i);
      expect(line(USER_ID_COOKIE)).not.toMatch(/HttpOnly/i);
      expect(line(CSRF_COOKIE)).not.toMatch(/HttpOnly/i);
      expect(line(SESSION_COOKIE)).not.toMatch(/Secure/i);
    });

    it('gives a signed-in browser that lost its csrftoken the session token back, not a random one', async () => {
      const persona = await signUpVerified(server.baseUrl, smtp, { label: 'lost-csrf' });
      persona.session.cookies.delete(CSRF_COOKIE);
      await persona.session.get('/v3/home', { headers: { accept: 'text/html' } });
      expect(persona.session.cookies.has(CSRF_COOKIE)).toBe(false);
      await persona.session.get('/c/current/user/');
      expect(persona.session.cookies.has(CSRF_COOKIE)).toBe(true);
      expect((await persona.session.patch('/c/current/user/', { last_name: 'Kept' })).status).toBe(200);
    });

    it('refuses a wrong password with the same message as an unknown email', async () => {
      const persona = await signUpVerified(server.baseUrl, smtp, { label: 'wrong' });
      const wrong = await signIn(server.baseUrl, persona.email, 'Wrong$Pass1');
      const unknown = await signIn(server.baseUrl, uniqueEmail('nobody'), 'Wrong$Pass1');
      expect(wrong.result.status).toBe(400);
      expect(unknown.result.status).toBe(400);
      expect(wrong.result.body).toEqual(unknown.result.body);
    });

    it('enforces the password rules with the shared messages', async () => {
      const anonymous = await anonymousSession(server.baseUrl);
      const result = await anonymous.post('/rest-auth/registration/', {
        email: uniqueEmail('weak'),
        password1: 'weakling',
        password2: 'weakling',
        first_name: 'Weak',
        last_name: 'Ling',
        company_name: 'Acme',
      });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        errors: {
          password1: expect.arrayContaining([
            'Must contain both upper and lower case letters.',
            'Must contain at least one digit.',
            'Must not contain your personal information or company name.',
          ]),
        },
      });

      // At least 8 characters, and not a common password (checked on the server only).
      for (const [password, message] of [
        ['Ab1!xyz', PASSWORD_RULE_MESSAGES.minLength],
        ['Password1!', PASSWORD_COMMON_MESSAGE],
        ['Qwerty123!', PASSWORD_COMMON_MESSAGE],
      ] as const) {
        const refused = await anonymous.post('/rest-auth/registration/', {
          email: uniqueEmail('weak'),
          password1: password,
          password2: password,
          first_name: 'Weak',
          last_name: 'Ling',
          company_name: 'Acme',
        });
        expect(refused.status, password).toBe(400);
        expect(refused.body, password).toMatchObject({ errors: { password1: [message] } });
      }
    });

    it('answers a taken email exactly like a new one and mails the owner instead', async () => {
      const persona = await signUpVerified(server.baseUrl, smtp, { label: 'taken' });
      const anonymous = await anonymousSession(server.baseUrl);
      const again = await anonymous.post('/rest-auth/registration/', {
        email: persona.email,
        password1: PASSWORD,
        password2: PASSWORD,
        first_name: 'Other',
        last_name: 'Person',
        company_name: 'Other Co',
      });
      expect(again).toMatchObject({ status: 201, body: { detail: 'Verification e-mail sent.' } });
      expect((await smtp.next(persona.email)).subject).toContain('already have an account');
    });

    it('check_email does not reveal whether an account exists', async () => {
      const persona = await signUpVerified(server.baseUrl, smtp, { label: 'probe' });
      const anonymous = await anonymousSession(server.baseUrl);
      const known = await anonymous.get(`/rest-auth/check_email/${encodeURIComponent(persona.email)}/`);
      const unknownEmail = uniqueEmail('ghost');
      const unknown = await anonymous.get(`/rest-auth/check_email/${encodeURIComponent(unknownEmail)}/`);
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      const { email: _a, ...knownRest } = checkEmailResponseSchema.parse(known.body);
      const { email: _b, ...unknownRest } = checkEmailResponseSchema.parse(unknown.body);
      expect(knownRest).toEqual(unknownRest);
      const bad = await anonymous.get('/rest-auth/check_email/not-an-email/');
      expect(bad.body).toMatchObject({ valid_format: false });
    });

    it('refuses an internal-user sign-up outside INTERNAL_EMAIL_DOMAINS and accepts one inside', async () => {
      const anonymous = await anonymousSession(server.baseUrl);
      const body = {
        password1: PASSWORD,
        password2: PASSWORD,
        first_name: 'In',
        last_name: 'House',
        company_name: 'Finlens',
        signup_type: 'internal_user',
      };
      const outside = await anonymous.post('/rest-auth/registration/', {
        ...body,
        email: uniqueEmail('outside'),
      });
      expect(outside.status).toBe(403);
      expect(outside.body).toMatchObject({ detail: expect.stringContaining('internal domain') });
      const email = `staff-${Date.now()}@finlens.test`;
      const inside = await anonymous.post('/rest-auth/registration/', { ...body, email });
      expect(inside.status).toBe(201);
      await smtp.next(email);
      const { profile } = await signInOk(server.baseUrl, email);
      expect(profile.is_internal_user).toBe(true);
    });
  });

  describe('password reset and change', () => {
    it('forgot → reset mail → reset → old refused, new accepted; the link works once', async () => {
      const persona = await signUpVerified(server.baseUrl, smtp, { label: 'reset' });
      const anonymous = await anonymousSession(server.baseUrl);
      const asked = await anonymous.post('/rest-auth/password/reset/', { email: persona.email });
      expect(asked.status).toBe(200);
      const link = firstLink(await smtp.next(persona.email));
      expect(link).toMatch(/^http:\/\/finlens\.test\/accounts\/reset-password\/confirm\/[^/]+\/[^/]+$/);

      const newPassword = 'Green&Valley77';
      expect((await acceptResetLink(server.baseUrl, link, newPassword)).status).toBe(200);
      expect((await signIn(server.baseUrl, persona.email, PASSWORD)).result.status).toBe(400);
      await signInOk(server.baseUrl, persona.email, newPassword);
      // The old session ended with the reset.
      expect((await persona.session.get('/c/current/user/')).status).toBe(401);

      const reused = await acceptResetLink(server.baseUrl, link, 'Other$Pass99');
      expect(reused.status).toBe(400);
      expect(reused.body).toMatchObject({ errors: { token: ['The link is invalid or has expired.'] } });
    });

    it('answers a reset request for an unknown email the same way, and sends nothing', async () => {
      const anonymous = await anonymousSession(server.baseUrl);
      const before = smtp.messages.length;
      const result = await anonymous.post('/rest-auth/password/reset/', { email: uniqueEmail('unknown') });
      expect(result).toMatchObject({ status: 200, body: { detail: 'Password reset e-mail has been sent.' } });
      expect(smtp.messages.length).toBe(before);
    });

    it('changes the password only with the right old password', async () => {
      const persona = await signUpVerified(server.baseUrl, smtp, { label: 'change' });
      const wrong = await persona.session.post('/rest-auth/password/change/', {
        old_password: 'Nope$Nope1',
        new_password1: 'Fresh$Start2',
        new_password2: 'Fresh$Start2',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ errors: { old_password: expect.any(Array) } });
      const ok = await persona.session.post('/rest-auth/password/change/', {
        old_password: PASSWORD,
        new_password1: 'Fresh$Start2',
        new_password2: 'Fresh$Start2',
      });
      expect(ok.status).toBe(200);
      expect((await persona.session.get('/c/current/user/')).status).toBe(200);
      await signInOk(server.baseUrl, persona.email, 'Fresh$Start2');
    });
  });

  describe('API keys', () => {
    it('a created key authenticates through token-key without CSRF; a revoked key does not', async () => {
      const persona = await signUpVerified(server.baseUrl, smtp, { label: 'keys' });
      const created = await persona.session.post('/c/api_keys/', { name: 'CI' });
      expect(created.status).toBe(201);
      const { id, key } = created.body as { id: string; key: string };
      const listed = await persona.session.get('/c/api_keys/');
      expect(JSON.stringify(listed.body)).not.toContain(key);

      const machine = HttpSession.withApiKey(server.baseUrl, key);
      const me = await machine.get('/c/current/user/');
      expect(me.status).toBe(200);
      expect(profileSchema.parse(me.body).id).toBe(persona.profile.id);
      const patched = await machine.patch('/c/current/user/', { first_name: 'Robot' }, { csrf: null });
      expect(patched.status).toBe(200);

      expect((await persona.session.delete(`/c/api_keys/${id}/`)).status).toBe(204);
      expect((await machine.get('/c/current/user/')).status).toBe(401);
      expect((await persona.session.delete(`/c/api_keys/${id}/`)).status).toBe(404);
    });
  });
});
