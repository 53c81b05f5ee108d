import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../platform/mail/mailer';
import { createGuardedHttp } from '../../platform/outbound/guarded-http';
import type { OutgoingMessage } from './channel-payloads';
import { createChannelSender } from './channel-sender';
import { startTestReceiver, type TestReceiver } from './test-receiver';

const message: OutgoingMessage = {
  deliveryId: 'd1',
  clientId: 'c1',
  source: 'test',
  sourceId: 's1',
  subject: 'Test',
  text: 'A test',
  link: 'http://finlens.test/settings',
  severity: 'info',
  facts: {},
};
const noMail = { send: async () => {} } as unknown as Mailer;

describe('HTTP channels deliver through the outbound guard', () => {
  let loopback: TestReceiver;
  let failing: TestReceiver;
  let redirector: Server;
  let redirectorUrl = '';

  beforeAll(async () => {
    loopback = await startTestReceiver();
    failing = await startTestReceiver(() => 500);
    // On 127.0.0.2 (allowed below), sending every request on to the loopback receiver on 127.0.0.1.
    redirector = createServer((_request, response) => {
      response.writeHead(307, { location: `${loopback.url}/stolen` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.2', resolve));
    redirectorUrl = `http://127.0.0.2:${(redirector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await loopback?.stop();
    await failing?.stop();
    await new Promise<void>((resolve) => redirector.close(() => resolve()));
  });

  it('refuses every HTTP kind to loopback with a clear delivery error, and sends nothing', async () => {
    const send = createChannelSender({ mailer: noMail, http: createGuardedHttp([]) });
    const url = `${loopback.url}/hook`;
    const results = await Promise.all([
      send({ kind: 'slack', webhookUrl: url }, message),
      send({ kind: 'teams', webhookUrl: url }, message),
      send({ kind: 'pagerduty', apiUrl: url, routingKey: 'k'.repeat(32) }, message),
      send({ kind: 'webhook', url, signingSecret: 'secret' }, message),
    ]);
    for (const result of results) {
      expect(result).toEqual({
        ok: false,
        httpStatus: null,
        error: 'Not delivered: refused: 127.0.0.1 is a loopback address (set OUTBOUND_ALLOW to allow it)',
      });
    }
    expect(loopback.requests).toHaveLength(0);
  });

  it('refuses a redirect to loopback', async () => {
    const send = createChannelSender({ mailer: noMail, http: createGuardedHttp(['127.0.0.2']) });
    const result = await send({ kind: 'slack', webhookUrl: `${redirectorUrl}/hook` }, message);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^Not delivered: /);
    expect(loopback.requests).toHaveLength(0);
  });

  it('reports a failed answer by its status only, never the target’s body', async () => {
    const send = createChannelSender({ mailer: noMail, http: createGuardedHttp(['127.0.0.1']) });
    const result = await send({ kind: 'slack', webhookUrl: failing.url }, message);
    expect(result).toEqual({ ok: false, httpStatus: 500, error: 'HTTP 500 Internal Server Error' });
    expect(JSON.stringify(result)).not.toContain('receiver failure');
  });
});
