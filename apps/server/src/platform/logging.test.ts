import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logging';

/** A logger whose JSON lines land in `lines`. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), lines, text: () => JSON.stringify(lines) };
}

const SECRETS = [
  'ada@example.com',
  'Sunny!Harbour42',
  '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA',
  'tok_0123456789abcdef',
  'sessionid=s3ss10n',
  'Bearer fl_secretkey',
  'wJalrXUtnFEMI/K7MDENG',
  'csrf-abc',
];

describe('log redaction', () => {
  it('hides SQL parameters, secrets, hashes, tokens, emails, cookies and authorization headers', () => {
    const { logger, lines, text } = capturedLogger();
    const error = Object.assign(
      new Error('duplicate key value violates unique constraint, ada@example.com'),
      {
        query: 'insert into users (email, password_hash) values ($1, $2)',
        parameters: ['ada@example.com', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA'],
        detail: 'Key (email)=(ada@example.com) already exists.',
      },
    );
    logger.error({ err: error }, 'request failed');
    logger.error(
      {
        req: {
          headers: {
            cookie: 'sessionid=s3ss10n',
            authorization: 'Bearer fl_secretkey',
            'x-csrftoken': 'csrf-abc',
          },
        },
        body: { email: 'ada@example.com', password: 'Sunny!Harbour42', token: 'tok_0123456789abcdef' },
        credentials: { secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
        user: { password_hash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA' },
      },
      'sign-up failed',
    );
    const written = text();
    for (const secret of SECRETS) expect(written).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      msg: 'request failed',
      err: { message: expect.stringContaining('[email]'), parameters: '[redacted]', detail: '[redacted]' },
    });
    // The SQL text itself stays: it names the statement, not the values.
    expect(written).toContain('insert into users');
  });

  it('applies to the request logs of the Fastify app', async () => {
    const { logger, text } = capturedLogger();
    const app = Fastify({ loggerInstance: logger });
    app.get('/boom', async () => {
      throw Object.assign(new Error('failed for ada@example.com'), { parameters: ['Sunny!Harbour42'] });
    });
    const answer = await app.inject({
      url: '/boom',
      headers: { cookie: 'sessionid=s3ss10n', authorization: 'Bearer fl_secretkey' },
    });
    expect(answer.statusCode).toBe(500);
    await app.close();
    const written = text();
    expect(written).toContain('failed for [email]');
    for (const secret of SECRETS) expect(written).not.toContain(secret);
  });
});
