/**
 * thread-pool.test.ts's probe: holds every DuckDB connection the warehouse opens busy at once — each one's
 * statement reads a named pipe that nobody writes yet, so it keeps its thread of libuv's pool — then asks the pool
 * for what a page load, a sign-in and a cached answer need (a file read, argon2 hashing, Brotli compression, a DNS
 * look-up) and reports which of them finished while every connection was still held (a pool DuckDB can fill leaves
 * them waiting). Then it lets the statements finish. Run in a process started as the launcher starts the server
 * (thread-pool-child.test-helper.ts) and in a test worker itself.
 */
import { lookup } from 'node:dns/promises';
import { closeSync, constants, openSync, readdirSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { createArgon2Hasher } from '../../platform/auth/password-hasher';
import { OTHER_CONNECTIONS, READ_CONNECTIONS } from './duckdb-readers';

/** How long the other work may take while the statements are held: far beyond what it needs on a free pool. */
const PATIENCE_MS = 30_000;

/** What the probe saw: the pool's size as the process was started, the connections held, what finished meanwhile. */
export interface PoolProbe {
  threads: string | null;
  connectionCount: number;
  finishedWhileHeld: string[];
  /** Rows each held statement read once released (2: it really was reading its pipe). */
  rows: number[];
}

/** Probes this process's pool with the named pipes in `folder` (one per connection, at least). */
export async function probeThreadPool(folder: string): Promise<PoolProbe> {
  const pipes = readdirSync(folder)
    .sort()
    .map((name) => join(folder, name));
  const connectionCount = READ_CONNECTIONS + OTHER_CONNECTIONS;
  if (pipes.length < connectionCount)
    throw new Error(`${connectionCount} pipes needed, ${pipes.length} given`);

  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connections = await Promise.all(Array.from({ length: connectionCount }, () => instance.connect()));
  const held = connections.map((connection, i) =>
    connection
      .runAndReadAll(`SELECT * FROM read_csv('${pipes[i]}', columns = {'n': 'INTEGER'}, header = false)`)
      .then((reader) => reader.getRows().length),
  );

  const finished: string[] = [];
  const others: Record<string, () => Promise<unknown>> = {
    'file read': () => readFile(new URL(import.meta.url)),
    'password hashing': () => createArgon2Hasher().hash('correct horse battery staple'),
    compression: () => promisify(brotliCompress)('{"rows":[]}'.repeat(1000)),
    'DNS look-up': () => lookup('localhost'),
  };
  let giveUp = () => {};
  const patience = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, PATIENCE_MS);
    giveUp = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  const all = Promise.all(
    Object.entries(others).map(([name, work]) => work().then(() => finished.push(name))),
  );
  await Promise.race([all.then(giveUp), patience]);
  const finishedWhileHeld = [...finished];

  // Each statement's pipe gets a writer once its statement has opened it (ENXIO until then): two rows, then the end.
  const release = async (pipe: string) => {
    for (;;) {
      try {
        const fd = openSync(pipe, constants.O_WRONLY | constants.O_NONBLOCK);
        writeSync(fd, '1\n2\n');
        closeSync(fd);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  await Promise.all(pipes.slice(0, connectionCount).map(release));
  const rows = await Promise.all(held);
  await all;
  for (const connection of connections) connection.closeSync();
  instance.closeSync();
  return { threads: process.env.UV_THREADPOOL_SIZE ?? null, connectionCount, finishedWhileHeld, rows };
}
