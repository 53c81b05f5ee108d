import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/http-error';
import { readerPool } from './duckdb-readers';

// A cross join of ranges that takes DuckDB far longer than the 1 s limit of these tests.
const SLOW_SQL = 'SELECT count(*) AS n FROM range(100000000) a, range(100000) b WHERE a.range + b.range = -1';

let instance: DuckDBInstance;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:', { threads: '1' });
});
afterAll(() => instance.closeSync());

describe('DuckDB read connections', () => {
  it('stop a read at the statement timeout with a 503 that says so', async () => {
    const readers = await readerPool(instance, 1, 1);
    const started = performance.now();
    const error = await readers.read({ sql: SLOW_SQL, values: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
    expect((error as Error).message).toContain('longer than 1 s');
    expect(performance.now() - started).toBeLessThan(10_000);
    // The connection serves the next read.
    expect(await readers.read({ sql: 'SELECT 42 AS n', values: [] })).toEqual([{ n: 42 }]);
    await readers.close();
  });

  it('leave another connection free: a probe answers before the heaviest read finishes', async () => {
    const readers = await readerPool(instance, 2, 2);
    const probe = await instance.connect();
    const order: string[] = [];
    const heavy = readers.read({ sql: SLOW_SQL, values: [] }).then(
      () => order.push('heavy'),
      () => order.push('heavy'),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await probe.runAndReadAll('SELECT version()');
    order.push('probe');
    await heavy;
    expect(order).toEqual(['probe', 'heavy']);
    probe.closeSync();
    await readers.close();
  });

  it('take reads from one queue: a quick read asked after a long scan runs on the next connection to come free', async () => {
    const readers = await readerPool(instance, 2, 2);
    const order: string[] = [];
    const ask = (name: string, sql: string) =>
      readers.read({ sql, values: [] }).then(
        () => order.push(name),
        () => order.push(name),
      );
    // One connection scans until the timeout; the other answers a quick read, then is free for the last one.
    const scan = ask('scan', SLOW_SQL);
    const first = ask('first quick', 'SELECT 1 AS n');
    const second = ask('second quick', 'SELECT 2 AS n');
    await Promise.all([scan, first, second]);
    expect(order).toEqual(['first quick', 'second quick', 'scan']);
    await readers.close();
  });

  it('refuse a read after close', async () => {
    const readers = await readerPool(instance, 2, 2);
    await readers.close();
    await expect(readers.read({ sql: 'SELECT 1', values: [] })).rejects.toThrow('warehouse is closed');
  });

  it('let the event loop turn while a large answer is converted: no pause near the length of the read', async () => {
    const readers = await readerPool(instance, 1, 60);
    // Cheap for DuckDB, costly to turn into objects: the conversion is most of the read.
    const sql =
      "SELECT CAST(range AS INTEGER) AS i, 'resource-' || range AS resource, CAST(range AS DOUBLE) / 4 AS cost FROM range(100000)";
    let last = performance.now();
    let longestPause = 0;
    let beating = true;
    const beat = () => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
      if (beating) setImmediate(beat);
    };
    setImmediate(beat);
    const started = performance.now();
    const rows = await readers.read({ sql, values: [] });
    const readMs = performance.now() - started;
    beating = false;
    await new Promise((resolve) => setImmediate(resolve));
    expect(rows).toHaveLength(100_000);
    expect(rows[99_999]).toEqual({ i: 99_999, resource: 'resource-99999', cost: 24_999.75 });
    // A ratio, not a duration: converting all rows in one go held the loop for ~90% of the read; one chunk
    // (2,048 rows) at a time it pauses for a few per cent at most, however loaded the machine.
    expect(longestPause / readMs).toBeLessThan(0.5);
    await readers.close();
  });

  it('answer by column the values they answer by row, over several chunks', async () => {
    const readers = await readerPool(instance, 1, 60);
    // 5,000 rows: three chunks; text (inline and longer than 12 bytes), a double, a bigint and nulls.
    const sql = `SELECT CAST(range AS INTEGER) AS i, CASE WHEN range % 3 = 0 THEN NULL ELSE 'usage-type-' || range END AS t,
      range % 7 = 0 AS odd, CAST(range AS BIGINT) * 3 AS big, CASE WHEN range % 2 = 0 THEN range / 8 END AS cost
      FROM range(5000) ORDER BY range`;
    const rows = await readers.read({ sql, values: [] });
    const columns = await readers.readColumns({ sql, values: [] });
    expect(Object.keys(columns)).toEqual(['i', 't', 'odd', 'big', 'cost']);
    for (const [name, values] of Object.entries(columns)) {
      expect(values).toHaveLength(5000);
      expect(values).toEqual(rows.map((row) => row[name]));
    }
    expect([columns.t?.[4], columns.t?.[3], columns.big?.[4999], columns.cost?.[1]]).toEqual([
      'usage-type-4',
      null,
      '14997',
      null,
    ]);
    await readers.close();
  });
});
