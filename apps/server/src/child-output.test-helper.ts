import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** How a `finlens` process ended and what it printed. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Collects a child process's output until it ends (its streams closed), with its exit code. */
export function childOutput(child: ChildProcessByStdio<null, Readable, Readable>): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
