import { spawn } from 'node:child_process';

/**
 * Runs a bench child (`node --import tsx <script> …args`) and reads the `BENCH_RESULT {json}` line it prints; a
 * failed child rejects with the end of its stderr.
 */
export function childResult<T>(script: string, args: string[], what: string): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code !== 0 || line === undefined) {
        reject(new Error(`${what} failed (exit ${code}):\n${stderr.slice(-2000)}`));
        return;
      }
      resolve(JSON.parse(line.slice('BENCH_RESULT '.length)) as T);
    });
  });
}
