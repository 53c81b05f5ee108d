import type { DuckDBConnection, DuckDBInstance, Json } from '@duckdb/node-api';
import { claimQuerySlot } from '../../platform/http/query-slots';
import type { ReadRows } from '../cost-query/run-cost-query';
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

/** Reads run on their own connections of the same instance, so they never wait behind an import. */
export const READ_CONNECTIONS = 2;

/**
 * A small pool of read connections, each running one statement at a time; a read goes to the connection
 * with the shortest queue. DuckDB's MVCC gives each statement a consistent snapshot.
 */
export async function readerPool(instance: DuckDBInstance, size: number, timeoutSeconds: number) {
  const pool = await Promise.all(
    Array.from({ length: size }, async () => {
      const connection = await instance.connect();
      return { connection, queued: 0, turn: oneAtATime(connection) };
    }),
  );
  const read: ReadRows = ({ sql, values }) => {
    claimQuerySlot();
    const reader = pool.reduce((best, r) => (r.queued < best.queued ? r : best));
    reader.queued += 1;
    const result = reader.turn(async () => {
      // DuckDB has no statement timeout setting: the connection is interrupted from here.
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        reader.connection.interrupt();
      }, timeoutSeconds * 1000);
      try {
        return await readRowObjects(reader.connection, sql, values);
      } catch (error) {
        throw timedOut ? queryTimedOut(timeoutSeconds) : error;
      } finally {
        clearTimeout(timer);
        reader.queued -= 1;
      }
    });
    return result as Promise<Record<string, unknown>[]>;
  };
  const close = async () => {
    await Promise.allSettled(pool.map((r) => r.turn(async () => {})));
    for (const r of pool) r.connection.closeSync();
  };
  return { read, close };
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
