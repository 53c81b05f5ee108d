import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { type CliResult, childOutput } from '@finlens/server/child-output.test-helper';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Runs `finlens <args>` on a data folder (with a server running on it, the CLI hands the work to that server),
 * with extra environment variables such as DEMO_PASSWORD, behind `prefix` when given (`nice`).
 */
export function runFinlens(
  args: string[],
  opts: { dataDir: string; env?: Record<string, string>; prefix?: readonly string[] },
): Promise<CliResult> {
  const [command = process.execPath, ...rest] = [
    ...(opts.prefix ?? []),
    process.execPath,
    'apps/server/bin/finlens.cjs',
    ...args,
  ];
  const child = spawn(command, rest, {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: opts.dataDir, LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return childOutput(child);
}
