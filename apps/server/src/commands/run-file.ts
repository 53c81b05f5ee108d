import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * DATA_DIR/run/server.json: how the CLI finds the server that holds this data folder's warehouse. Written
 * (mode 0600) when the server listens, replaced on each start, removed on a clean shutdown; a file whose
 * process is gone is stale and ignored.
 */
const runFileSchema = z.object({ pid: z.number().int(), url: z.string().url(), token: z.string().min(1) });
export type RunFile = z.infer<typeof runFileSchema>;

export function runFilePath(dataDir: string): string {
  return join(dataDir, 'run', 'server.json');
}

/** Written to a temporary name and renamed, so a reader never sees half a file. */
export async function writeRunFile(dataDir: string, content: RunFile): Promise<void> {
  const path = runFilePath(dataDir);
  await mkdir(join(dataDir, 'run'), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(content)}\n`, { mode: 0o600 });
  await rename(temp, path);
}

/** Removes the file only while it is still ours (a newer server may have replaced it). */
export async function removeRunFile(dataDir: string, token: string): Promise<void> {
  const current = await readRunFile(dataDir);
  if (current?.token === token) await rm(runFilePath(dataDir), { force: true });
}

async function readRunFile(dataDir: string): Promise<RunFile | null> {
  try {
    const parsed = runFileSchema.safeParse(JSON.parse(await readFile(runFilePath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The run file of a server whose process is alive; null when there is none, it is unreadable or stale. */
export async function readLiveRunFile(dataDir: string): Promise<RunFile | null> {
  const file = await readRunFile(dataDir);
  return file !== null && processAlive(file.pid) ? file : null;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The address the CLI uses to reach the server on this machine: the loopback interface for a wildcard or
 * loopback HOST; null when the server listens only on another interface (no hand-off then).
 */
export function loopbackUrl(host: string, port: number): string | null {
  if (['0.0.0.0', '::', '', 'localhost'].includes(host) || host.startsWith('127.')) {
    return `http://${host.startsWith('127.') ? host : '127.0.0.1'}:${port}`;
  }
  if (host === '::1') return `http://[::1]:${port}`;
  return null;
}
