import type { DuckDBConnection, DuckDBInstance, Json } from '@duckdb/node-api';
import { claimQuerySlot } from '../../platform/http/query-slots';
import type { ReadColumns, ReadRows } from '../cost-query/run-cost-query';
import { queryTimedOut } from '../query-limits';

/**
 * A statement's rows as plain JSON values, converted one chunk (2,048 rows) at a time as DuckDB streams them.
 * Each chunk is fetched by DuckDB's own threads, so the event loop turns between chunks: a large answer never
 * holds it for longer than one chunk's conversion (converting 500k rows at once held it for seconds).
 * A connection runs one statement at a time: another statement started on it while these rows stream closes
 * the stream, and what was not yet fetched is lost WITHOUT an error (the rows come back empty or cut short).
 * So a connection shared by callers that do not wait for each other is read through `oneAtATime`.
 */
export async function readRowObjects(
  connection: DuckDBConnection,
  sql: string,
  values?: readonly unknown[],
): Promise<Record<string, Json>[]> {
  const result = await connection.stream(sql, values as never);
  const rows: Record<string, Json>[] = [];
  for await (const chunk of result.yieldRowObjectJson()) rows.push(...chunk);
  return rows;
}

/**
 * A value as readRowObjects gives it (JSON values) for what reads return — text, doubles, booleans, null and
 * integers (a BIGINT as its decimal text, as JSON keeps it exact); other types as their text.
 */
function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return String(value);
  return value !== null && typeof value === 'object' ? String(value) : value;
}

/**
 * A statement's answer by column (name → values), read straight from each chunk's vectors: no object per row
 * and no per-value conversion pass. For wide answers of many rows (the commitment rows: ~50 columns, tens of
 * thousands of rows) building a row object per row was most of the read. Streams by chunk like readRowObjects.
 */
export async function readColumnValues(
  connection: DuckDBConnection,
  sql: string,
  values?: readonly unknown[],
): Promise<Record<string, unknown[]>> {
  const result = await connection.stream(sql, values as never);
  const names = result.columnNames();
  const columns = names.map((): unknown[] => []);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (chunk === null || chunk.rowCount === 0) break;
    const count = chunk.rowCount;
    for (let c = 0; c < names.length; c++) {
      const vector = chunk.getColumnVector(c);
      const column = columns[c] as unknown[];
      for (let i = 0; i < count; i++) column.push(plainValue(vector.getItem(i)));
    }
  }
  return Object.fromEntries(names.map((name, c) => [name, columns[c] as unknown[]]));
}

/**
 * Threads of libuv's pool, which runs each DuckDB statement of this process while it executes (besides zlib, file
 * reads, password hashing and DNS): UV_THREADPOOL_SIZE as the process was started with, else 4. The launcher
 * (bin/finlens.cjs) sets it before the pool starts (bin/thread-pool.cjs: 11).
 */
const THREAD_POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/** The warehouse's DuckDB connections besides the reads (duckdb-cost-store.ts): the writer, the metrics writer, health's probe. */
export const OTHER_CONNECTIONS = 3;
/** Pool threads DuckDB never takes: libuv's own default, for a page's files, sign-in's hashing, compression, DNS. */
const SPARE_THREADS = 4;
/** More reads than this only share DuckDB's own threads (the machine's cores). */
const MOST_READ_CONNECTIONS = 4;

/**
 * Read connections for a pool of `poolSize` threads: what is left once the other connections and the spare threads
 * are counted, at most 4 and at least 2. Every connection can hold a pool thread for a whole scan, and libuv's
 * queue is first come, first served: when DuckDB held every thread, each file read of a page, each compression and
 * each password check waited for a statement to end — with 3 reads of 4 threads, the writer and the metrics store,
 * a fresh-clone test run saw two browser specs' pages never load. The launcher's 11 threads give 4 reads and keep 4
 * threads free however busy the warehouse is (thread-pool.test.ts holds every connection and checks). A process
 * started with 4 (not through the launcher: in-process tests) gets 2, and its statements can fill the pool.
 */
export function readConnectionsFor(poolSize: number): number {
  const left = poolSize - OTHER_CONNECTIONS - SPARE_THREADS;
  return Math.min(MOST_READ_CONNECTIONS, Math.max(2, left));
}

export const READ_CONNECTIONS = readConnectionsFor(THREAD_POOL_SIZE);

/**
 * What to tell the operator when the warehouse's connections and the spare threads do not fit the pool (a server
 * started without the launcher, e.g. `node bin/finlens.mjs` as older deploy recipes did); null when they fit.
 */
export function threadPoolWarning(poolSize = THREAD_POOL_SIZE): string | null {
  const connections = readConnectionsFor(poolSize) + OTHER_CONNECTIONS;
  if (poolSize >= connections + SPARE_THREADS) return null;
  return (
    `libuv's thread pool has ${poolSize} threads and the DuckDB warehouse's ${connections} connections can hold ` +
    'them all, so file reads, compression and sign-ins wait behind long statements: start the server with ' +
    `bin/finlens.cjs, or set UV_THREADPOOL_SIZE to ${connections + SPARE_THREADS} or more before Node starts.`
  );
}

interface Reader {
  connection: DuckDBConnection;
  turn: ReturnType<typeof oneAtATime>;
}

/**
 * A pool of read connections taking reads from ONE shared queue: a read waits only while every connection is busy
 * and then runs on the first one to come free, so a quick question never waits behind a 90-day scan on one
 * connection while another idles. Each connection still runs one statement at a time (`oneAtATime`): a streamed
 * answer is never cut short by the next read. DuckDB's MVCC gives each statement a consistent snapshot. The
 * statement timeout counts from the statement's start, not from its wait in the queue.
 */
export async function readerPool(instance: DuckDBInstance, size: number, timeoutSeconds: number) {
  const readers: Reader[] = await Promise.all(
    Array.from({ length: size }, async () => {
      const connection = await instance.connect();
      return { connection, turn: oneAtATime(connection) };
    }),
  );
  const free = [...readers];
  const waiting: ((reader: Reader) => void)[] = [];
  let closed = false;
  const nextFree = () =>
    new Promise<Reader>((resolve) => {
      const reader = free.pop();
      if (reader === undefined) waiting.push(resolve);
      else resolve(reader);
    });
  const giveBack = (reader: Reader) => {
    const next = waiting.shift();
    if (next === undefined) free.push(reader);
    else next(reader);
  };
  const run = <T>(reader: Reader, readWith: (connection: DuckDBConnection) => Promise<T>) =>
    reader.turn(async () => {
      // DuckDB has no statement timeout setting: the connection is interrupted from here.
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        reader.connection.interrupt();
      }, timeoutSeconds * 1000);
      try {
        return await readWith(reader.connection);
      } catch (error) {
        throw timedOut ? queryTimedOut(timeoutSeconds) : error;
      } finally {
        clearTimeout(timer);
      }
    });
  const onReader = <T>(readWith: (connection: DuckDBConnection) => Promise<T>): Promise<T> => {
    claimQuerySlot();
    if (closed) return Promise.reject(new Error('warehouse is closed'));
    return nextFree().then(async (reader) => {
      try {
        return await run(reader, readWith);
      } finally {
        giveBack(reader);
      }
    });
  };
  const read: ReadRows = ({ sql, values }) => onReader((c) => readRowObjects(c, sql, values));
  const readColumns: ReadColumns = ({ sql, values }) => onReader((c) => readColumnValues(c, sql, values));
  const close = async () => {
    closed = true;
    // Every connection, once the reads already queued have had theirs.
    const all = await Promise.all(readers.map(() => nextFree()));
    for (const reader of all) reader.connection.closeSync();
  };
  return { read, readColumns, close };
}

/**
 * Runs each piece of work given to it after the previous one has settled, whatever its outcome: one caller's
 * statements (or transaction) at a time on a connection.
 */
export function oneAtATime(connection: DuckDBConnection) {
  let turn: Promise<unknown> = Promise.resolve();
  return <T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> => {
    const result = turn.then(() => work(connection));
    turn = result.catch(() => {});
    return result;
  };
}
