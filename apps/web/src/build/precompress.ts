import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Smaller files gain less than the bytes of a Content-Encoding header and a second lookup. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `name.br` (Brotli, best quality) and `name.gz` (gzip level 9) beside one built file of `outDir`. */
export async function precompressFile(outDir: string, name: string): Promise<boolean> {
  if (!COMPRESSIBLE.test(name)) return false;
  const path = join(outDir, name);
  const data = await readFile(path);
  if (data.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  return true;
}

/**
 * Compresses the build once, at build time, at the best ratios (too slow to do per request): the server sends
 * these copies by Accept-Encoding (apps/server/src/platform/http/spa.ts, `preCompressed`).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'finlens-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(Object.keys(bundle).map((name) => precompressFile(outDir, name)));
    },
  };
}
