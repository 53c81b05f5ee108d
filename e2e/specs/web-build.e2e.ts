import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { screenSizes } from '../../tools/bundle-budget/bundle-sizes';
import { suiteReady } from '../support/suite-ready';

const baseUrl = inject('baseUrl');
const skipReason = inject('browserSkipReason');
// The cases are the build's screens: the suite's set-up builds it in the background.
if (!skipReason) await suiteReady();
// The build the suite's server serves (its start builds apps/web/dist when missing or stale).
const DIST_DIR = resolve(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');

describe.skipIf(Boolean(skipReason))('the web build as served', () => {
  it.each((skipReason ? [] : screenSizes(DIST_DIR)).map((size) => [size.name, size] as const))(
    '%s stays within its JavaScript budget (tools/bundle-budget/budgets.json)',
    (_name, size) => {
      expect(size.gzipKb, size.files.join('\n')).toBeLessThanOrEqual(size.maxKb);
    },
  );

  it('sends hashed assets precompressed and immutable, the HTML no-cache', async () => {
    const html = await fetch(`${baseUrl}/v3/home`, { headers: { accept: 'text/html' } });
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(script).toBeDefined();
    for (const encoding of ['br', 'gzip']) {
      const asset = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(asset.headers.get('content-encoding')).toBe(encoding);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await asset.arrayBuffer();
    }
  });
});
