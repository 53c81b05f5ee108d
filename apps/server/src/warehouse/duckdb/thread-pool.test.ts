import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { OTHER_CONNECTIONS, readConnectionsFor, threadPoolWarning } from './duckdb-readers';
import { type PoolProbe, probeThreadPool } from './thread-pool-probe.test-helper';

const threadPool = fileURLToPath(new URL('../../../bin/thread-pool.cjs', import.meta.url));
const child = fileURLToPath(new URL('./thread-pool-child.test-helper.ts', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A folder of named pipes, more than any read count needs (the probe holds one per connection). */
function pipesFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'finlens-pool-'));
  folders.push(folder);
  for (let i = 0; i < 12; i++) execFileSync('mkfifo', [join(folder, `pipe-${String(i).padStart(2, '0')}`)]);
  return folder;
}

/**
 * What a process with the launcher's pool shows: 11 threads (or the size its starter gave, which the launcher
 * keeps), the reads that size allows (4 of 11), the other work done while all are held.
 */
function expectLauncherPool(result: PoolProbe, threads = '11'): void {
  expect(result.threads).toBe(threads);
  const connections = readConnectionsFor(Number(threads)) + OTHER_CONNECTIONS;
  if (threads === '11') expect(connections).toBe(4 + 3);
  expect(result.connectionCount).toBe(connections);
  expect([...result.finishedWhileHeld].sort()).toEqual([
    'DNS look-up',
    'compression',
    'file read',
    'password hashing',
  ]);
  // Every held statement answered once released: they really were reading their pipes.
  expect(result.rows).toEqual(Array.from({ length: connections }, () => 2));
}

describe.runIf(process.platform !== 'win32')("libuv's thread pool", () => {
  it('in a process started by the launcher keeps file reads, password hashing, compression and DNS going while every warehouse connection runs a statement', {
    timeout: 120_000,
  }, async () => {
    const env = { ...process.env };
    delete env.UV_THREADPOOL_SIZE;
    // As bin/finlens.cjs starts the server: the pool sized before anything else runs.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--require', threadPool, '--import', 'tsx', child, pipesFolder()],
      { env, timeout: 100_000 },
    );
    const line = stdout.split('\n').find((text) => text.startsWith('POOL_RESULT '));
    expectLauncherPool(JSON.parse(line?.slice('POOL_RESULT '.length) ?? '{}'));
  });

  it("is the launcher's in a test worker too (the root vitest config), so an in-process warehouse opens 4 reads as a started server does", {
    timeout: 120_000,
  }, async () => {
    // The root config sets the launcher's size unless the run was given one (thread-pool.cjs keeps it).
    expectLauncherPool(await probeThreadPool(pipesFolder()), process.env.UV_THREADPOOL_SIZE ?? '11');
  });
});

describe('read connections for a thread pool', () => {
  it('leave 4 threads beside the writer, the metrics writer and the probe: 4 reads of 11, at least 2, at most 4', () => {
    expect(readConnectionsFor(11)).toBe(4);
    expect(readConnectionsFor(9)).toBe(2);
    expect(readConnectionsFor(4)).toBe(2);
    expect(readConnectionsFor(64)).toBe(4);
  });

  it('warn when the connections and 4 spare threads do not fit: a server started without the launcher', () => {
    expect(threadPoolWarning(11)).toBeNull();
    expect(threadPoolWarning(16)).toBeNull();
    expect(threadPoolWarning(9)).toBeNull();
    expect(threadPoolWarning(4)).toBe(
      "libuv's thread pool has 4 threads and the DuckDB warehouse's 5 connections can hold them all, so file " +
        'reads, compression and sign-ins wait behind long statements: start the server with bin/finlens.cjs, or ' +
        'set UV_THREADPOOL_SIZE to 9 or more before Node starts.',
    );
    expect(threadPoolWarning(8)).toContain('UV_THREADPOOL_SIZE to 9 or more');
  });
});
