import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

type CliResult = { code: number | null; stdout: string; stderr: string };

/**
 * Runs `finlens <args>` on a data folder (with a server running on it, the CLI hands the work to that server),
 * with extra environment variables such as DEMO_PASSWORD, behind `prefix` when given (`nice`).
 */
export function runFinlens(
  args: string[],
  opts: { dataDir: string; env?: Record<string, string>; prefix?: readonly string[] },
): Promise<CliResult> {
  return new Promise((done, fail) => {
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
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', fail);
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}
