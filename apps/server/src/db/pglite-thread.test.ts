import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGliteThread, type PGliteSession } from './pglite-thread';
import { seedPglite } from './test-app-database';

let dir: string;
let session: PGliteSession;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-pglite-thread-'));
  await seedPglite(dir);
  session = await openPGliteThread(join(dir, 'appdb'), PGlite.defaultStartParams);
});
afterAll(async () => {
  await session?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('PGlite on its own thread', () => {
  it('hands back rows with their types as PGlite parses them', async () => {
    const { rows } = await session.query<Record<string, unknown>>(
      `select $1::timestamptz as at, $2::jsonb as doc, $3::bytea as bytes, 7::int8 as big, 1.5::float8 as ratio,
              null::text as nothing`,
      [new Date('2026-11-27T00:00:00Z'), JSON.stringify({ a: [1, 'b'] }), new Uint8Array([1, 2, 255])],
    );
    expect(rows).toEqual([
      {
        at: new Date('2026-11-27T00:00:00Z'),
        doc: { a: [1, 'b'] },
        bytes: new Uint8Array([1, 2, 255]),
        big: 7,
        ratio: 1.5,
        nothing: null,
      },
    ]);
  });

  it("throws a statement's error with PostgreSQL's fields, and the session goes on", async () => {
    await session.query('create table thread_probe (id int primary key)', []);
    await session.query('insert into thread_probe values (1)', []);
    const failed = await session.query('insert into thread_probe values (1)', []).catch((error) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({
      message: expect.stringContaining('duplicate key'),
      code: '23505',
      constraint: 'thread_probe_pkey',
      table: 'thread_probe',
    });
    const { rows, affectedRows } = await session.query('delete from thread_probe where id = $1', [1]);
    expect({ rows, affectedRows }).toEqual({ rows: [], affectedRows: 1 });
  });

  it('leaves the event loop free while a long statement runs', async () => {
    const order: string[] = [];
    const statement = session
      .query('select sum(i) as total from generate_series(1, 3000000) as i', [])
      .then(() => order.push('statement'));
    // In this thread the statement ran to its end before any timer could fire.
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push('timer');
    await statement;
    expect(order).toEqual(['timer', 'statement']);
  });

  it('refuses statements once closed', async () => {
    const other = await mkdtemp(join(tmpdir(), 'finlens-pglite-thread-'));
    try {
      await seedPglite(other);
      const closing = await openPGliteThread(join(other, 'appdb'), PGlite.defaultStartParams);
      await closing.close();
      expect(closing.closed).toBe(true);
      await expect(closing.query('select 1', [])).rejects.toThrow(/stopped/);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
