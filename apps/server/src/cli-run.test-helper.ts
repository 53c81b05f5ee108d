import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withTestDatabaseUrl } from './db/test-app-database';

const launcher = fileURLToPath(new URL('../bin/finlens.mjs', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real launcher, as `npm run finlens -- …` does, with a controlled environment (plus,
 * in a "(PostgreSQL)" test project, a DATABASE_URL of the DATA_DIR's own test database).
 */
export async function finlens(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const childEnv = await withTestDatabaseUrl({ PATH: process.env.PATH, HOME: process.env.HOME, ...env });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [launcher, ...args], {
      env: childEnv,
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
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
