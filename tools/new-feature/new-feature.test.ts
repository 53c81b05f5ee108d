import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findViolations } from '../layers/check';
import { refusal, stamp } from './new-feature';
import { typecheckOverlay } from './overlay-typecheck.test-helper';

const repoRoot = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const NAME = 'zz-stamped-widgets';
let root: string;
let stamped: Map<string, string>;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'new-feature-'));
  const files = await stamp(NAME, root);
  stamped = new Map(
    await Promise.all(files.map(async (f) => [f, await readFile(path.join(root, f), 'utf8')] as const)),
  );
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('npm run new:feature', () => {
  it('refuses a badly formed name', () => {
    for (const name of ['', 'Widgets', 'cost_widgets', '-widgets', 'widgets-', 'cost--widgets', '1widgets']) {
      expect(refusal(name)).toMatch(/is not a feature name/);
    }
  });

  it('refuses a feature that exists, and stamps nothing over it', async () => {
    expect(refusal('policy')).toMatch(/exists already: apps\/server\/src\/features\/policy/);
    await expect(stamp(NAME, root)).rejects.toThrow(/exists already/);
  });

  it('stamps both sides: contract, register, routes, service, repo, tests, api/keys.ts, a query, a page', () => {
    expect([...stamped.keys()]).toEqual([
      `packages/contracts/src/${NAME}.ts`,
      `apps/server/src/app/register-${NAME}.ts`,
      `apps/server/src/features/${NAME}/${NAME}.routes.ts`,
      `apps/server/src/features/${NAME}/${NAME}.service.ts`,
      `apps/server/src/features/${NAME}/${NAME}.service.test.ts`,
      `apps/server/src/features/${NAME}/${NAME}.repo.ts`,
      `apps/web/src/features/${NAME}/api/keys.ts`,
      `apps/web/src/features/${NAME}/api/${NAME}-query.ts`,
      `apps/web/src/features/${NAME}/ZzStampedWidgetsPage.tsx`,
      `apps/web/src/features/${NAME}/ZzStampedWidgetsPage.test.tsx`,
    ]);
  });

  it('stamps code that type-checks against the real tree', () => {
    const side = (prefix: string) =>
      new Map(
        [...stamped]
          .filter(([file]) => file.startsWith(prefix) || file.startsWith('packages/'))
          .map(([file, text]) => [path.join(repoRoot, file), text]),
      );
    expect(typecheckOverlay(path.join(repoRoot, 'apps/server/tsconfig.json'), side('apps/server/'))).toEqual(
      [],
    );
    expect(typecheckOverlay(path.join(repoRoot, 'apps/web/tsconfig.json'), side('apps/web/'))).toEqual([]);
  }, 120_000);

  it('stamps imports that keep the layers', async () => {
    // Empty stand-ins for what the stamped files import from the tree, so the rules see where imports point.
    for (const [file, text] of stamped) {
      for (const [, specifier] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.join(path.dirname(file), specifier ?? '');
        const real = ['.ts', '.tsx']
          .map((ext) => target + ext)
          .find((f) => existsSync(path.join(repoRoot, f)));
        if (real === undefined || stamped.has(real)) continue;
        await mkdir(path.dirname(path.join(root, real)), { recursive: true });
        await writeFile(path.join(root, real), 'export {};\n');
      }
    }
    expect(await findViolations(root, ['apps/server/src', 'apps/web/src'])).toEqual([]);
  });
});
