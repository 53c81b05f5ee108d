import { startTestSmtp, type TestSmtp } from '@finlens/server/platform/mail/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './identity-fixtures';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: { RATE_LIMIT_PER_MINUTE: '8', SESSION_RATE_LIMIT_PER_MINUTE: '20', SMTP_URL: smtp.url },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

async function statusesOf(count: number, request: () => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await request()).status);
  return statuses;
}

describe('API rate limit (RATE_LIMIT_PER_MINUTE, SESSION_RATE_LIMIT_PER_MINUTE)', () => {
  it('a signed-in session has its own budget; anonymous 401s and made-up session cookies count against the address', async () => {
    // Sign-up and sign-in: 5 of the address's 8 requests this minute.
    const admin = await signUpVerified(server.baseUrl, smtp, { label: 'budget' });
    // A busy Explorer user: 15 requests in a burst, beyond the per-address limit, all answered.
    const own = await statusesOf(15, () => admin.session.get('/c/current/user/'));
    expect(own.every((status) => status === 200)).toBe(true);
    expect((await statusesOf(6, () => admin.session.get('/c/current/user/'))).at(-1)).toBe(429);
    // Anonymous refusals count: 3 left for the address, then 429.
    const anonymous = () => fetch(new URL('/c/current/user/', server.baseUrl));
    expect(await statusesOf(4, anonymous)).toEqual([401, 401, 401, 429]);
    // A session cookie the server does not know gets no budget of its own.
    const forged = await fetch(new URL('/c/current/user/', server.baseUrl), {
      headers: { cookie: 'sessionid=made-up' },
    });
    expect(forged.status).toBe(429);
    expect(forged.headers.get('retry-after')).not.toBeNull();
    // The web app's files are not limited.
    expect((await fetch(new URL('/v3/home', server.baseUrl))).status).toBe(200);
  });
});
