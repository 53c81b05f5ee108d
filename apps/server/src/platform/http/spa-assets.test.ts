import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression';
import { registerSpa } from './spa';

// A build as the web app's writes it: hashed files under assets/ with .br and .gz copies beside them.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;
const HTML =
  '<!doctype html><title>Finlens</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>';

let dir = '';
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-spa-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), HTML);
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const script = join(dir, 'assets', 'index-Ab12Cd34.js');
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  app = Fastify();
  await registerCompression(app);
  app.get('/c/large/', async () => ({
    items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })),
  }));
  app.get('/c/small/', async () => ({ ok: true }));
  await registerSpa(app, { distDir: dir });
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the web build and the API on the wire', () => {
  it('serves the build’s Brotli copy to a client that accepts br, immutable for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('serves the gzip copy to a gzip-only client and the plain file to one that accepts neither', async () => {
    const gzip = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets a cache keep the HTML or unhashed files without asking', async () => {
    for (const url of ['/', '/index.html', '/v3/home']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the HTML and files without a build copy as they are (no compression per request)', async () => {
    for (const url of ['/', '/v3/home']) {
      const page = await app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
      expect(page.headers['content-encoding'], url).toBeUndefined();
      expect(page.payload, url).toBe(HTML);
    }
  });

  it('compresses JSON answers of 1 KB or more, and leaves smaller ones alone', async () => {
    const large = await app.inject({ url: '/c/large/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.headers['content-encoding']).toBe('br');
    const gzip = await app.inject({ url: '/c/large/', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).items).toHaveLength(200);
    const small = await app.inject({ url: '/c/small/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
