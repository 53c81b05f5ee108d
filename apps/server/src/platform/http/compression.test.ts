import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../event-loop.test-helper';
import { compressedJsonCopies, compressText, registerCompression } from './compression';

const answer = { series: Array.from({ length: 200 }, (_, i) => ({ name: `group-${i}`, cost: i / 4 })) };
const text = JSON.stringify(answer);
const small = { series: [] };
const compressed: string[] = [];
const copies: [object, number][] = [];
const app = Fastify();

beforeAll(async () => {
  await registerCompression(app);
  const send = compressedJsonCopies({
    compress: async (encoding, body) => {
      compressed.push(encoding);
      return encoding === 'br' ? brotliCompressSync(body) : gzipSync(body);
    },
    onCopy: (owner, bytes) => copies.push([owner, bytes]),
  });
  app.get('/api/answer', (request, reply) => send(request, reply, answer, text));
  app.get('/api/small', (request, reply) => send(request, reply, small, JSON.stringify(small)));
  app.get('/api/plain', () => answer);
  await app.ready();
});
afterAll(() => app.close());

const ask = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed copies of a JSON answer sent again and again', () => {
  it('compress the answer once per encoding and send the same bytes and headers as the plugin would', async () => {
    const byPlugin = await ask('/api/plain', 'br');
    for (let i = 0; i < 3; i++) {
      const brotli = await ask('/api/answer', 'gzip;q=0.8, br');
      expect(brotli.headers).toMatchObject({
        'content-encoding': 'br',
        'content-type': 'application/json; charset=utf-8',
        vary: byPlugin.headers.vary,
        'content-length': String(brotli.rawPayload.length),
      });
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(text);
      const gzipped = await ask('/api/answer', 'gzip, br;q=0.5');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(text);
    }
    expect(compressed).toEqual(['br', 'gzip']);
    // Each kept copy's size reported once, with its owner (the Explorer's result cache weighs them).
    expect(copies).toEqual([
      [answer, brotliCompressSync(text).length],
      [answer, gzipSync(text).length],
    ]);
  });

  it('send the text as it is without an encoding the client takes, and under 1 KB', async () => {
    for (const header of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const plain = await ask('/api/answer', header);
      expect(plain.headers['content-encoding'], header).toBeUndefined();
      expect(plain.payload).toBe(text);
    }
    expect((await ask('/api/answer', '*')).headers['content-encoding']).toBe('br');
    expect((await ask('/api/answer', 'x-gzip')).headers['content-encoding']).toBe('gzip');
    const little = await ask('/api/small', 'br');
    expect([little.headers['content-encoding'], little.payload]).toEqual([undefined, '{"series":[]}']);
  });

  it('compress a small answer at once, without a round trip through the thread pool; a large one off the loop', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const quick = await orderAgainstWaiting(() => compressText(encoding, text));
      expect(quick.order, encoding).toEqual(['done']);
      const unzip = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      expect(unzip(quick.result).toString()).toBe(text);
      const large = JSON.stringify(Array.from({ length: 40 }, () => answer));
      expect(large.length).toBeGreaterThan(64 * 1024);
      const slow = await orderAgainstWaiting(() => compressText(encoding, large));
      expect(slow.order, encoding).toEqual(['waiting request', 'done']);
      expect(unzip(slow.result).toString()).toBe(large);
    }
  });
});
