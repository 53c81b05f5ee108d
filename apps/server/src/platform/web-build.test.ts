import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideWebBuild, ensureWebBuild, FINGERPRINT_FILE, type RunBuild, WebBuildError } from './web-build';

let root: string;
let distDir: string;

async function put(path: string, content: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
}

/** A stand-in for `npm run build`: writes index.html like Vite would (emptying dist first). */
const fakeBuild: RunBuild = async () => {
  await rm(distDir, { recursive: true, force: true });
  await mkdir(distDir, { recursive: true });
  await writeFile(join(distDir, 'index.html'), '<!doctype html>');
  return 0;
};

const ensure = (runBuild: RunBuild = fakeBuild) =>
  ensureWebBuild({ repoRoot: root, distDir, log: () => {}, runBuild });

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'finlens-web-build-'));
  distDir = join(root, 'apps/web/dist');
  await put('apps/web/src/main.tsx', 'render()');
  await put('apps/web/index.html', '<div id="root"></div>');
  await put('packages/contracts/src/health.ts', 'export {}');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('web build staleness', () => {
  it('builds when dist is missing, then is fresh', async () => {
    expect(await decideWebBuild({ repoRoot: root, distDir })).toMatchObject({
      action: 'build',
      reason: 'missing',
    });
    expect(await ensure()).toMatchObject({ action: 'build', reason: 'missing' });
    expect(await decideWebBuild({ repoRoot: root, distDir })).toEqual({ action: 'skip', reason: 'fresh' });
  });

  it.each([
    ['a web source file changes', 'apps/web/src/main.tsx'],
    ['a web source file is added', 'apps/web/src/pages/new-page.tsx'],
    ['index.html changes', 'apps/web/index.html'],
    ['vite.config.ts appears', 'apps/web/vite.config.ts'],
    ['a contract changes', 'packages/contracts/src/health.ts'],
    ['cost-model source changes', 'packages/cost-model/src/format.ts'],
  ])('is stale when %s', async (_label, path) => {
    await ensure();
    await put(path, 'changed()');
    expect(await decideWebBuild({ repoRoot: root, distDir })).toMatchObject({
      action: 'build',
      reason: 'stale',
    });
  });

  it('ignores test files and files outside the inputs', async () => {
    await ensure();
    await put('apps/web/src/main.test.tsx', 'test()');
    await put('apps/server/src/main.ts', 'server()');
    expect(await decideWebBuild({ repoRoot: root, distDir })).toEqual({ action: 'skip', reason: 'fresh' });
  });

  it('is stale when dist has no fingerprint (built by hand)', async () => {
    await fakeBuild(root);
    expect(await decideWebBuild({ repoRoot: root, distDir })).toMatchObject({
      action: 'build',
      reason: 'stale',
    });
  });

  it('serves whatever dist has when the web sources are absent', async () => {
    await rm(join(root, 'apps/web/src'), { recursive: true });
    let ran = false;
    const decision = await ensure(async () => {
      ran = true;
      return 0;
    });
    expect(decision).toEqual({ action: 'skip', reason: 'no-source' });
    expect(ran).toBe(false);
  });

  it('fails with a clear message when the build fails, and records no fingerprint', async () => {
    await expect(ensure(async () => 1)).rejects.toThrow(WebBuildError);
    await expect(ensure(async () => 1)).rejects.toThrow(/exited with code 1.*--no-build/);
    const decision = await decideWebBuild({ repoRoot: root, distDir });
    expect(decision).toMatchObject({ action: 'build', reason: 'missing' });
  });

  it('writes the fingerprint file into dist', async () => {
    await ensure();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(join(distDir, FINGERPRINT_FILE), 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
  });
});
