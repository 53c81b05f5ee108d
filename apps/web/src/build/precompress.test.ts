import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from './precompress';

let dir = '';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-precompress-'));
  await writeFile(join(dir, 'app.js'), SCRIPT);
  await writeFile(join(dir, 'tiny.js'), 'export {};\n');
  await writeFile(join(dir, 'logo.png'), Buffer.alloc(4096));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('precompressing the web build', () => {
  it('writes Brotli and gzip copies that decompress to the file, each smaller than it', async () => {
    expect(await precompressFile(dir, 'app.js')).toBe(true);
    const br = await readFile(join(dir, 'app.js.br'));
    const gz = await readFile(join(dir, 'app.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(SCRIPT);
    expect(gunzipSync(gz).toString()).toBe(SCRIPT);
    expect(br.length).toBeLessThan(SCRIPT.length);
    expect(gz.length).toBeLessThan(SCRIPT.length);
  });

  it('leaves files under 1 KB and already-compressed types alone', async () => {
    expect(await precompressFile(dir, 'tiny.js')).toBe(false);
    expect(await precompressFile(dir, 'logo.png')).toBe(false);
    await expect(stat(join(dir, 'tiny.js.br'))).rejects.toThrow();
    await expect(stat(join(dir, 'logo.png.gz'))).rejects.toThrow();
  });
});
