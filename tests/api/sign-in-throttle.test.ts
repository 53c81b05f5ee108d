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

describe('sign-in throttling (5 failures per account, 20 per address, in 15 minutes)', () => {
  it('refuses the account after 5 failures, even with the right password, and logs it', async () => {
    const persona = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'throttle' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(context.server.baseUrl, persona.email, 'Wrong$Pass1')).result.status).toBe(400);
    }
    const blocked = await signIn(context.server.baseUrl, persona.email, PASSWORD);
    expect(blocked.result).toMatchObject({ status: 429, body: { detail: ACCESS_DETAILS.throttled } });
    const events = (await auditEvents(persona.email)).map((row) => row.event);
    expect(events.filter((event) => event === 'sign_in_failed')).toHaveLength(5);
    expect(events.at(-1)).toBe('sign_in_throttled');
    expect(events.filter((event) => event === 'sign_in')).toHaveLength(1);
  });

  it('refuses the address after 20 failures across accounts', async () => {
    const persona = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'address' });
    // The previous test left 5 failures from this address; top up to 20.
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
    expect(await auditEvents(persona.email)).toContainEqual({ event: 'sign_in_throttled', ip: '127.0.0.1' });
  });
});
