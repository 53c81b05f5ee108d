import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousSession, PASSWORD, uniqueEmail } from './identity-fixtures';
import { startTestServer, type TestServer } from './test-server';

/** A mail server that accepts connections and never answers: a send to it takes as long as nodemailer waits. */
async function startStalledSmtp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The answer, or a failure when it takes longer than `ms` (waiting on the mail server would). */
async function within<T>(ms: number, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

const comparable = (result: { status: number; body: unknown; headers: Headers }) => ({
  status: result.status,
  body: result.body,
  headers: [...result.headers.keys()].filter(
    (name) => !['date', 'set-cookie', 'content-length'].includes(name),
  ),
});

let smtp: Awaited<ReturnType<typeof startStalledSmtp>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startStalledSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

describe('sign-up and password reset do not tell a known address from an unknown one', () => {
  const registration = (email: string) => ({
    email,
    password1: PASSWORD,
    password2: PASSWORD,
    first_name: 'Probe',
    last_name: 'Person',
    company_name: 'Probe Ltd',
  });

  it('answers sign-up identically and without waiting for the mail server, taken address or not', async () => {
    const anonymous = await anonymousSession(server.baseUrl);
    const taken = uniqueEmail('taken');
    await within(5000, anonymous.post('/rest-auth/registration/', registration(taken)));
    const again = await within(5000, anonymous.post('/rest-auth/registration/', registration(taken)));
    const fresh = await within(
      5000,
      anonymous.post('/rest-auth/registration/', registration(uniqueEmail('fresh'))),
    );
    expect(again.status).toBe(201);
    expect(comparable(again)).toEqual(comparable(fresh));
  });

  it('answers a password reset identically and without waiting for the mail server, known address or not', async () => {
    const anonymous = await anonymousSession(server.baseUrl);
    const known = uniqueEmail('known');
    await within(5000, anonymous.post('/rest-auth/registration/', registration(known)));
    const forKnown = await within(5000, anonymous.post('/rest-auth/password/reset/', { email: known }));
    const forUnknown = await within(
      5000,
      anonymous.post('/rest-auth/password/reset/', { email: uniqueEmail('unknown') }),
    );
    expect(forKnown.status).toBe(200);
    expect(comparable(forKnown)).toEqual(comparable(forUnknown));
  });
});
