import { healthResponseSchema } from '@finlens/contracts/health';
import { NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { HttpSession } from './http-session';
import { PASSWORD, signIn, signUpVerified, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();

describe('security headers (PUBLIC_URL on http)', () => {
  it('X-Frame-Options DENY, a Permissions-Policy, and no HSTS on plain http', async () => {
    const page = await fetch(`${context.server.baseUrl}/`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('authenticated JSON is not stored by any cache', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'headers-admin' });
    const profile = await fetch(`${context.server.baseUrl}/c/current/user/`, {
      headers: { cookie: [...admin.session.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('no-store');
  });

  it('/api/health shows versions only to a signed-in admin', async () => {
    const anonymous = healthResponseSchema.parse(
      await (await fetch(`${context.server.baseUrl}/api/health`)).json(),
    );
    expect(anonymous.version).toBeUndefined();
    expect(anonymous.appDatabase.detail).toBeUndefined();
    expect(anonymous.warehouse.detail).toBeUndefined();
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'health-admin' });
    const shown = healthResponseSchema.parse((await admin.session.get('/api/health')).body);
    expect(shown.version).toMatch(/\d/);
    expect(shown.appDatabase.detail).toEqual(expect.any(String));
  });

  it('send_test, a GET that sends a message, needs the CSRF header too', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'send-test-csrf' });
    const channel = await admin.session.post(NOTIFICATION_PATHS.channels, {
      kind: 'email',
      name: 'Mail',
      emails: ['finops@example.com'],
    });
    const id = (channel.body as { id: string }).id;
    const without = await admin.session.request('GET', NOTIFICATION_PATHS.sendTest(id), { csrf: null });
    expect(without.status).toBe(403);
    expect((await admin.session.get(NOTIFICATION_PATHS.sendTest(id))).status).toBe(200);
  });
});

describe('security headers (PUBLIC_URL on https)', () => {
  const https = useServerWithMail({ PUBLIC_URL: 'https://finlens.example' });

  it('sends HSTS', async () => {
    const page = await fetch(`${https.server.baseUrl}/`);
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });

  it('sets the session, CSRF and user-id cookies as __Host- cookies (Secure, Path=/, no Domain) and reads only those', async () => {
    const admin = await signUpVerified(https.server.baseUrl, https.smtp, { label: 'host-cookies' });
    await admin.session.post('/auth/logout/');
    const { session, result } = await signIn(https.server.baseUrl, admin.email);
    expect(result.status).toBe(200);
    const lines = result.headers.getSetCookie();
    for (const name of ['__Host-sessionid', '__Host-user_id', '__Host-csrftoken']) {
      const line = lines.find((entry) => entry.startsWith(`${name}=`));
      expect(line, name).toBeDefined();
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/; Path=\/(;|$)/i);
      expect(line).not.toMatch(/Domain=/i);
    }
    expect(lines.some((entry) => /^(sessionid|user_id|csrftoken)=/.test(entry))).toBe(false);
    expect([...session.cookies.keys()]).toContain('__Host-csrftoken');
    expect((await session.get('/c/current/user/')).status).toBe(200);

    // The bare names mean nothing here: a cookie a sibling host could set neither signs in nor passes CSRF.
    const bare = new HttpSession(https.server.baseUrl);
    for (const [name, value] of session.cookies) bare.cookies.set(name.replace('__Host-', ''), value);
    expect((await bare.get('/c/current/user/')).status).toBe(401);
    const anonymous = new HttpSession(https.server.baseUrl);
    anonymous.cookies.set('csrftoken', 'planted');
    const login = await anonymous.post(
      '/rest-auth/login/',
      { email: admin.email, password: PASSWORD },
      { csrf: 'planted' },
    );
    expect(login.status).toBe(403);
  });
});
