import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenSizes } from './bundle-sizes';

let dist = '';
// Distinct incompressible-ish contents, so each file's gzip size is its own.
const body = (seed: number, kb: number) =>
  Array.from({ length: kb * 64 }, (_, i) => ((i * 7919 + seed * 104729) % 1_000_003).toString(36)).join(',');
const FILES = { entry: 1, shared: 2, page: 3, lazyGrid: 4, otherPage: 5 } as const;
const gz = (name: keyof typeof FILES) => gzipSync(body(FILES[name], 8), { level: 9 }).length;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'finlens-budget-'));
  await mkdir(join(dist, '.vite'), { recursive: true });
  await mkdir(join(dist, 'assets'));
  for (const name of Object.keys(FILES) as (keyof typeof FILES)[]) {
    await writeFile(join(dist, 'assets', `${name}.js`), body(FILES[name], 8));
  }
  const manifest = {
    'index.html': {
      file: 'assets/entry.js',
      isEntry: true,
      imports: ['_shared.js'],
      // The route table imports every page lazily: those are other screens, never counted for this one.
      dynamicImports: ['src/Page.tsx', 'src/OtherPage.tsx'],
    },
    '_shared.js': { file: 'assets/shared.js' },
    'src/Page.tsx': { file: 'assets/page.js', imports: ['_shared.js'], dynamicImports: ['src/Grid.tsx'] },
    'src/Grid.tsx': { file: 'assets/lazyGrid.js', imports: ['_shared.js'] },
    'src/OtherPage.tsx': { file: 'assets/otherPage.js' },
  };
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe('screen sizes from the build manifest', () => {
  it('counts the entry, the page and its static imports once each; lazy chunks only when asked', () => {
    const [initial, all] = screenSizes(dist, [
      { name: 'initial', page: 'src/Page.tsx', load: 'initial', maxKb: 1 },
      { name: 'all', page: 'src/Page.tsx', load: 'all', maxKb: 1 },
    ]);
    expect(initial?.files.sort()).toEqual(['assets/entry.js', 'assets/page.js', 'assets/shared.js']);
    expect(all?.files.sort()).toEqual([
      'assets/entry.js',
      'assets/lazyGrid.js',
      'assets/page.js',
      'assets/shared.js',
    ]);
    const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
    expect(initial?.gzipKb).toBe(kb(gz('entry') + gz('shared') + gz('page')));
    expect(all?.gzipKb).toBe(kb(gz('entry') + gz('shared') + gz('page') + gz('lazyGrid')));
  });

  it('names a page the manifest does not know', () => {
    expect(() =>
      screenSizes(dist, [{ name: 'x', page: 'src/Missing.tsx', load: 'initial', maxKb: 1 }]),
    ).toThrow('the build manifest has no chunk src/Missing.tsx');
  });
});

/** The ceilings docs/adr/0010-explorer-bundle-budget.md sets: a budget may fall below its ceiling, never rise above it. */
const ADR_CEILINGS_KB: Record<string, number> = {
  'sign-in': 300,
  home: 300,
  'explorer-first-paint': 300,
  explorer: 728,
};

describe('budgets.json', () => {
  it("keeps every screen's budget at or under its ADR 0010 ceiling, and the Explorer's first paint budgeted apart", () => {
    const { budgets } = JSON.parse(readFileSync(join(import.meta.dirname, 'budgets.json'), 'utf8')) as {
      budgets: { name: string; load: string; maxKb: number }[];
    };
    expect(budgets.map((b) => b.name).sort()).toEqual(Object.keys(ADR_CEILINGS_KB).sort());
    for (const budget of budgets) expect(budget.maxKb).toBeLessThanOrEqual(ADR_CEILINGS_KB[budget.name] ?? 0);
    expect(budgets.find((b) => b.name === 'explorer-first-paint')?.load).toBe('initial');
  });
});
