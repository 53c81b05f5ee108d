import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCountOf, keptUntilChanged, mayHaveChanged } from './app-changes';
import { type MigratedTestDatabase, openMigratedTestDatabase } from './test-app-database';

describe('mayHaveChanged', () => {
  it('counts writes and statements it cannot judge, not reads, transaction bounds or writes of no row', () => {
    expect(mayHaveChanged('select * from sessions', undefined)).toBe(false);
    expect(mayHaveChanged('  SELECT 1', undefined)).toBe(false);
    for (const bound of ['begin', 'commit', 'rollback', 'savepoint a', 'release a']) {
      expect(mayHaveChanged(bound, undefined)).toBe(false);
    }
    expect(mayHaveChanged('delete from sessions where id = $1', 1)).toBe(true);
    expect(mayHaveChanged('update jobs set status = $1 where id = (select id from jobs)', 0)).toBe(false);
    expect(mayHaveChanged('insert into users (id) values ($1) on conflict do nothing', 0)).toBe(false);
    expect(mayHaveChanged('insert into users (id) values ($1)', undefined)).toBe(true);
    // A data-modifying WITH, DDL, a function call: counted whatever they report.
    expect(mayHaveChanged('with gone as (delete from sessions returning id) select * from gone', 0)).toBe(
      true,
    );
    expect(mayHaveChanged('alter table users add column x int', undefined)).toBe(true);
    expect(mayHaveChanged('truncate sessions', 0)).toBe(true);
  });
});

describe('keptUntilChanged', () => {
  it('reads once while the count stays, again once it moves', async () => {
    let count = 0;
    let reads = 0;
    const kept = keptUntilChanged<number>(() => count, 10);
    const read = async () => ++reads;
    expect(await kept.get('a', read)).toBe(1);
    expect(await kept.get('a', read)).toBe(1);
    expect(await kept.get('b', read)).toBe(2);
    count += 1;
    expect(await kept.get('a', read)).toBe(3);
    expect(await kept.get('a', read)).toBe(3);
  });

  it('does not keep a read during which the count moved', async () => {
    let count = 0;
    let reads = 0;
    const kept = keptUntilChanged<number>(() => count, 10);
    const during = await kept.get('a', async () => {
      count += 1; // a write lands while the read is under way
      return ++reads;
    });
    expect(during).toBe(1);
    expect(await kept.get('a', async () => ++reads)).toBe(2);
    expect(await kept.get('a', async () => ++reads)).toBe(2);
  });

  it('keeps at most maxEntries, the oldest dropped first', async () => {
    let reads = 0;
    const kept = keptUntilChanged<number>(() => 0, 2);
    const read = async () => ++reads;
    await kept.get('a', read);
    await kept.get('b', read);
    await kept.get('c', read);
    expect(await kept.get('c', read)).toBe(3);
    expect(await kept.get('a', read)).toBe(4);
  });

  it('reads every time without a change count (PostgreSQL)', async () => {
    let reads = 0;
    const kept = keptUntilChanged<number>(null, 10);
    await kept.get('a', async () => ++reads);
    expect(await kept.get('a', async () => ++reads)).toBe(2);
  });
});

describe("the app database's change count", () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('app-changes');
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('moves on every write of the embedded database and on nothing else; none on PostgreSQL', async () => {
    const changes = changeCountOf(database.db);
    if (database.kind === 'postgres') {
      expect(changes).toBeNull();
      return;
    }
    if (changes === null) throw new Error('the embedded database has no change count');
    const { db } = database;
    const before = changes();
    await db.selectFrom('users').selectAll().execute();
    await db.updateTable('users').set({ first_name: 'x' }).where('id', '=', 'nobody').execute();
    expect(changes()).toBe(before);
    await db
      .insertInto('users')
      .values({ id: 'u1', email: 'u1@example.com', password_hash: null, profile_picture: null })
      .execute();
    expect(changes()).toBe(before + 1);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ first_name: 'Ada' }).where('id', '=', 'u1').execute();
    });
    expect(changes()).toBe(before + 2);
    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(changes()).toBe(before + 3);
  });
});
