import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

/** Everything the web build reads, relative to the repository root. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/cost-model/src',
] as const;

/** Production builds (NODE_ENV=production, see runNpmWebBuild). */
const BUILD_KIND = 'production';

/** Written into dist after a successful build; a different fingerprint means the build is stale. */
export const FINGERPRINT_FILE = '.build-fingerprint';

export type WebBuildDecision =
  | { action: 'build'; reason: 'missing' | 'stale'; fingerprint: string }
  | { action: 'skip'; reason: 'fresh' | 'no-source' };

export class WebBuildError extends Error {
  override readonly name = 'WebBuildError';
}

interface WebBuildPaths {
  repoRoot: string;
  distDir: string;
}

/**
 * Content hash of the build inputs and the build's kind; test files are left out since they never reach dist.
 * BUILD_KIND changes when the way the build runs changes, so builds made the old way count as stale.
 */
export async function computeWebFingerprint(repoRoot: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${BUILD_KIND}\0`);
  for (const input of WEB_BUILD_INPUTS) {
    const files = await listFiles(join(repoRoot, input));
    if (files.length === 0) hash.update(`${input}\0absent\0`);
    for (const file of files) {
      hash.update(`${relative(repoRoot, file)}\0`);
      hash.update(await readFile(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

async function listFiles(path: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return [path];
    if (code === 'ENOENT') return [];
    throw error;
  }
  const nested = await Promise.all(
    entries
      .filter((entry) => entry.name !== 'node_modules' && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => (entry.isDirectory() ? listFiles(join(path, entry.name)) : [join(path, entry.name)])),
  );
  return nested.flat().sort();
}

/** Decides whether dist must be (re)built; without the web sources there is nothing to build from. */
export async function decideWebBuild({ repoRoot, distDir }: WebBuildPaths): Promise<WebBuildDecision> {
  if (!existsSync(join(repoRoot, 'apps/web/src'))) return { action: 'skip', reason: 'no-source' };
  const fingerprint = await computeWebFingerprint(repoRoot);
  if (!existsSync(join(distDir, 'index.html'))) return { action: 'build', reason: 'missing', fingerprint };
  const stored = await readFile(join(distDir, FINGERPRINT_FILE), 'utf8').catch(() => null);
  return stored?.trim() === fingerprint
    ? { action: 'skip', reason: 'fresh' }
    : { action: 'build', reason: 'stale', fingerprint };
}

/** Runs one build in `repoRoot`, resolving to its exit code. */
export type RunBuild = (repoRoot: string) => Promise<number>;

/**
 * `npm run build -w @finlens/web`, behind `prefix` when given (the browser suite's set-up runs it under `nice`).
 * Build output goes to stderr, prefixed, so stdout keeps only the listening line.
 */
export const npmWebBuild =
  (prefix: readonly string[] = []): RunBuild =>
  (repoRoot) =>
    new Promise((resolve, reject) => {
      const [command = 'npm', ...args] = [...prefix, 'npm', 'run', 'build', '-w', '@finlens/web'];
      const child = spawn(command, args, {
        cwd: repoRoot,
        // Always the production build, whatever NODE_ENV the caller runs under (a test runner sets it to `test`,
        // which made Vite bundle React's development build: 60 KB gzip more and slower).
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) =>
          process.stderr.write(`[web build] ${line}\n`),
        );
      }
      child.on('error', reject);
      child.on('close', (code) => resolve(code ?? 1));
    });

const runNpmWebBuild = npmWebBuild();

/** Builds the web app when its dist is missing or stale, then records the fingerprint it built. */
export async function ensureWebBuild({
  repoRoot,
  distDir,
  log,
  runBuild = runNpmWebBuild,
}: WebBuildPaths & { log: (line: string) => void; runBuild?: RunBuild }): Promise<WebBuildDecision> {
  const decision = await decideWebBuild({ repoRoot, distDir });
  if (decision.action === 'skip') return decision;
  log(`Web build ${decision.reason}: running npm run build -w @finlens/web`);
  const code = await runBuild(repoRoot);
  if (code !== 0) {
    throw new WebBuildError(
      `The web build failed (npm run build -w @finlens/web exited with code ${code}); ` +
        'fix the error above, or start with --no-build to serve the existing build.',
    );
  }
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new WebBuildError(`The web build finished but ${join(distDir, 'index.html')} does not exist.`);
  }
  await writeFile(join(distDir, FINGERPRINT_FILE), `${decision.fingerprint}\n`);
  return decision;
}
