import { profileSchema } from '@finlens/contracts/auth';
import { ssoSettingsSchema } from '@finlens/contracts/sso';
import { freePort } from '@finlens/server/db/test-postgres';
import { startTestOidcProvider } from '@finlens/server/features/sso/test-oidc-provider';
import { startTestSmtp, type TestSmtp } from '@finlens/server/platform/mail/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './http-session';
import { anonymousSession, signUpVerified } from './identity-fixtures';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let smtp: TestSmtp;
let issuer: string;
let closeProvider: () => Promise<void>;

beforeAll(async () => {
  const [appPort, idpPort] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${appPort}`;
  const provider = startTestOidcProvider({
    port: idpPort,
    redirectUri: `${publicUrl}/rest-auth/sso/callback/`,
  });
  issuer = provider.issuer;
  closeProvider = provider.stop;
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: { SMTP_URL: smtp.url, PORT: String(appPort), PUBLIC_URL: publicUrl },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
  await closeProvider?.();
});

/** Plays the user at the provider: follow its redirects and submit the login, then the consent page. */
async function throughProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const browser = new HttpSession(issuer);
  let location = new URL(authorizationUrl);
  for (let step = 0; step < 12; step += 1) {
    if (location.pathname === '/rest-auth/sso/callback/') return location;
    const path = location.pathname + location.search;
    let result = await browser.get(path);
    if (result.status === 200) {
      const prompt = String(result.body).includes('name="login"') ? 'login' : 'consent';
      result = await browser.post(path, { prompt, login: accountId }, { form: true });
    }
    location = new URL(result.headers.get('location') ?? '', issuer);
  }
  throw new Error('the provider did not redirect back');
}

describe('SSO with OpenID Connect (oidc-provider on loopback)', () => {
  it('an admin configures SSO; a user of the domain signs in through the provider and joins the client', async () => {
    const admin = await signUpVerified(server.baseUrl, smtp, { label: 'sso-admin' });
    const saved = await admin.session.request('PUT', '/c/sso/', {
      body: {
        enabled: true,
        issuer,
        client_id: 'finlens',
        client_secret: 'provider-secret',
        email_domain: 'corp.test',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const settings = ssoSettingsSchema.parse(saved.body);
    expect(settings).toMatchObject({ enabled: true, has_client_secret: true, email_domain: 'corp.test' });
    expect(JSON.stringify(saved.body)).not.toContain('provider-secret');

    const anonymous = await anonymousSession(server.baseUrl);
    const check = await anonymous.get('/rest-auth/check_email/jane@corp.test/');
    const startUrl = (check.body as { sso_login_url: string | null }).sso_login_url;
    expect(startUrl).toMatch(/\/rest-auth\/sso\/start\/\?email=jane%40corp\.test$/);
    expect((await anonymous.get('/rest-auth/check_email/jane@other.test/')).body).toMatchObject({
      sso_login_url: null,
    });

    const started = await anonymous.get(new URL(startUrl ?? '').pathname + new URL(startUrl ?? '').search);
    expect(started.status).toBe(302);
    const authorizationUrl = started.headers.get('location') ?? '';
    expect(authorizationUrl.startsWith(`${issuer}/auth?`)).toBe(true);
    expect(new URL(authorizationUrl).searchParams.get('code_challenge_method')).toBe('S256');

    const callback = await throughProvider(authorizationUrl, 'jane@corp.test');
    const back = await anonymous.get(callback.pathname + callback.search);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/accounts/signin/');

    const me = profileSchema.parse((await anonymous.get('/c/current/user/')).body);
    expect(me).toMatchObject({
      email: 'jane@corp.test',
      client_id: admin.profile.client_id,
      is_admin: false,
      email_verified: true,
    });
    const team = JSON.stringify((await admin.session.get('/c/team/members/')).body);
    expect(team).toContain('jane@corp.test');

    // The same callback again (state cookie gone, code used) does not sign anyone in.
    const stranger = await anonymousSession(server.baseUrl);
    const replay = await stranger.get(callback.pathname + callback.search);
    expect(replay.headers.get('location')).toMatch(/^\/accounts\/signin\/\?sso_error=/);
    expect((await stranger.get('/c/current/user/')).status).toBe(401);
  });

  it('refuses a second client claiming the same email domain', async () => {
    const other = await signUpVerified(server.baseUrl, smtp, { label: 'sso-other' });
    const clash = await other.session.request('PUT', '/c/sso/', {
      body: { enabled: true, issuer, client_id: 'x', email_domain: 'corp.test' },
    });
    expect(clash.status).toBe(409);
    const insecure = await other.session.request('PUT', '/c/sso/', {
      body: { enabled: true, issuer: 'http://idp.example.com', client_id: 'x', email_domain: 'other.test' },
    });
    expect(insecure.status).toBe(400);
  });
});
