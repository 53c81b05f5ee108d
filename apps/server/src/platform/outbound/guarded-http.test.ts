import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedHttp, outboundErrorMessage } from './guarded-http';
import { invalidOutboundEntries } from './outbound-allow';
import { refusedAddressReason } from './outbound-guard';

// The receiver listens on 127.0.0.2 (allowed below); every other loopback or private target stays refused.
const ALLOWED = '127.0.0.2';
let server: Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, ALLOWED, resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const guarded = () => createGuardedHttp([ALLOWED]);
const REFUSED_TARGETS = [
  'http://127.0.0.1:PORT/',
  'http://[::1]:PORT/',
  'http://10.0.0.1:PORT/',
  'http://169.254.169.254/latest/meta-data/',
  'http://localhost:PORT/',
  'http://[::ffff:127.0.0.1]:PORT/',
  'http://[fe80::1]:PORT/',
  'http://[fd00::1]:PORT/',
  'http://0.0.0.0:PORT/',
  'http://224.0.0.1:PORT/',
  'http://192.168.1.1:PORT/',
];
const target = (url: string) => url.replace('PORT', String(port));

/** GET through a node agent, as the AWS and Azure SDKs do. */
function agentGet(url: string, agent: ReturnType<typeof guarded>['httpAgent']): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('guarded outbound HTTP', () => {
  it('reaches an allowed receiver through fetch and through the node agent', async () => {
    const http = guarded();
    expect((await http.fetch(`http://${ALLOWED}:${port}/`)).status).toBe(200);
    expect(await agentGet(`http://${ALLOWED}:${port}/`, http.httpAgent)).toBe(200);
  });

  it.each(REFUSED_TARGETS)('refuses %s before connecting, through fetch and the node agent', async (url) => {
    const http = guarded();
    const before = hits;
    const error = await http.fetch(target(url)).catch((caught: unknown) => caught);
    expect(outboundErrorMessage(error)).toMatch(/^refused: /);
    await expect(agentGet(target(url), http.httpAgent)).rejects.toThrow(/^refused: /);
    expect(await http.refusedReason(target(url))).not.toBeNull();
    expect(hits).toBe(before);
  });

  it('refuses a redirect to loopback', async () => {
    const before = hits;
    const error = await guarded()
      .fetch(`http://${ALLOWED}:${port}/redirect`)
      .catch((caught: unknown) => caught);
    expect(outboundErrorMessage(error)).toMatch(/^refused: 127\.0\.0\.1 is a loopback address/);
    expect(hits).toBe(before + 1);
  });

  it('lets OUTBOUND_ALLOW name hosts and ranges', async () => {
    expect(await createGuardedHttp(['localhost']).refusedReason('http://localhost:1/')).toBeNull();
    expect(await createGuardedHttp(['10.0.0.0/8']).refusedReason('http://10.1.2.3/')).toBeNull();
    expect(await createGuardedHttp(['10.0.0.0/8']).refusedReason('http://11.1.2.3/')).toBeNull();
    expect(invalidOutboundEntries(['example.com', '10.0.0.0/8', '::1', 'not a host', '10.0.0.0/99'])).toEqual(
      ['not a host', '10.0.0.0/99'],
    );
  });

  it('judges addresses: only global unicast passes', () => {
    expect(refusedAddressReason('8.8.8.8')).toBeNull();
    expect(refusedAddressReason('2606:4700:4700::1111')).toBeNull();
    expect(refusedAddressReason('169.254.169.254')).toMatch(/linkLocal/);
    expect(refusedAddressReason('::ffff:10.0.0.1')).toMatch(/private/);
    expect(refusedAddressReason('::')).toMatch(/unspecified/);
    expect(refusedAddressReason('100.64.0.1')).toMatch(/carrierGradeNat/);
  });
});
