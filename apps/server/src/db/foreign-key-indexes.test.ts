import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedTestDatabase, openMigratedTestDatabase } from './test-app-database';

/** CONVENTIONS: every foreign key has an index whose leading column is the key's column. */
describe('app database schema', () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('fk');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('has an index leading with every foreign-key column', async () => {
    const { rows } = await sql<{ fk: string }>`
      select c.conrelid::regclass::text || '.' || a.attname as fk
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`.execute(database.db);
    expect(rows.map((row) => row.fk)).toEqual([]);
  });

  it('keeps clients and projects keyed by text ids', async () => {
    const { rows } = await sql<{ table_name: string; data_type: string }>`
      select table_name, data_type from information_schema.columns
      where table_schema = 'public' and column_name = 'id' and table_name in ('clients', 'projects')
      order by table_name`.execute(database.db);
    expect(rows).toEqual([
      { table_name: 'clients', data_type: 'text' },
      { table_name: 'projects', data_type: 'text' },
    ]);
  });
});
