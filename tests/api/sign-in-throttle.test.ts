import { request } from 'node:http';
import { ACCESS_DETAILS } from '@finlens/contracts/roles';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signIn, signUpVerified, uniqueEmail, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();

async function auditEvents(subject: string) {
  return context.server.appDb
    .selectFrom('audit_log')
    .select(['event', 'ip'])
    .where('subject', '=', subject)
    .orderBy('at')
    .execute();
}

/** Signs in from another loopback address (127.0.0.2): the victim's own browser, not the attacker's. */
async function signInFrom(localAddress: string, email: string, password: string): Promise<number> {
  const { hostname, port } = new URL(context.server.baseUrl);
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; cookies: string[] }>((resolve, reject) => {
      const req = request({ host: hostname, port, method, path, headers, localAddress }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [] }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  const page = await send('GET', '/api/public-config', { accept: 'application/json' });
  const csrf =
    /^csrftoken=([^;]+)/.exec(page.cookies.find((c) => c.startsWith('csrftoken=')) ?? '')?.[1] ?? '';
  const body = JSON.stringify({ email, password });
  const login = await send(
    'POST',
    '/rest-auth/login/',
    { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    body,
  );
  return login.status;
}

describe('sign-in throttling: back-off per account and address, 20 failures per address in 15 minutes', () => {
  it('slows the guessing address with a growing Retry-After, never locks the owner out elsewhere, and logs it', async () => {
    const persona = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'throttle' });
    // Guessing from one address: the first failures answer 400 at once, then the address has to wait (each
    // failure doubles the wait, so however slow this machine is, a 429 comes within a few attempts).
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof signIn>>['result'] | null = null;
    while (refused === null && statuses.length < 12) {
      const { result } = await signIn(context.server.baseUrl, persona.email, 'Wrong$Pass1');
      statuses.push(result.status);
      if (result.status === 429) refused = result;
    }
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(refused).toMatchObject({ status: 429, body: { detail: ACCESS_DETAILS.throttled } });
    const wait = Number(refused?.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    // The owner signs in from their own address at once: no global lock anyone could trigger …
    expect(await signInFrom('127.0.0.2', persona.email, PASSWORD)).toBe(200);
    // … and the guessing address with the right password once Retry-After has passed.
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    expect((await signIn(context.server.baseUrl, persona.email, PASSWORD)).result.status).toBe(200);
    const events = (await auditEvents(persona.email)).map((row) => row.event);
    expect(events.filter((event) => event === 'sign_in_failed')).toHaveLength(statuses.length - 1);
    expect(events.filter((event) => event === 'sign_in_throttled')).toHaveLength(1);
    expect(events.filter((event) => event === 'sign_in')).toHaveLength(3);
  });

  it('refuses the address after 20 failures across accounts', async () => {
    const persona = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'address' });
    // The previous test left some failures from this address; top up to 20.
    const failures = await context.server.appDb
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('event', '=', 'sign_in_failed')
      .executeTakeFirstOrThrow();
    for (let attempt = Number(failures.count); attempt < 20; attempt += 1) {
      expect((await signIn(context.server.baseUrl, uniqueEmail('spray'), 'Wrong$Pass1')).result.status).toBe(
        400,
      );
    }
    const blocked = await signIn(context.server.baseUrl, persona.email, PASSWORD);
    expect(blocked.result.status).toBe(429);
    expect(Number(blocked.result.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await auditEvents(persona.email)).toContainEqual({ event: 'sign_in_throttled', ip: '127.0.0.1' });
  });
});
