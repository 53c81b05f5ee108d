import { healthResponseSchema } from '@finlens/contracts/health';
import { NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, useServerWithMail } from './identity-fixtures';
import { startTestServer, type TestServer } from './test-server';

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
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://finlens.example' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends HSTS', async () => {
    const page = await fetch(`${server.baseUrl}/`);
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });
});
