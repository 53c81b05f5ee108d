import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openAppDatabase } from './client';
import { migrate } from './migrate';
import { migrationProvider } from './migration-provider';
import { seedEmptyPglite } from './test-app-database';
import { skipOrFailWithoutPostgres, startTestPostgres, type TestPostgres } from './test-postgres';

async function expectMigratesOnce(database: AppDatabase): Promise<void> {
  const all = Object.keys(await migrationProvider.getMigrations());
  expect((await migrate(database.db)).applied).toEqual(all);
  expect((await migrate(database.db)).applied).toEqual([]);
  const rows = await database.db.selectFrom('instance').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]?.created_at).toBeInstanceOf(Date);
}

async function tablesWithoutPrimaryKey(database: AppDatabase): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select t.table_name from information_schema.tables t
    where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and not exists (
        select 1 from information_schema.table_constraints c
        where c.table_schema = t.table_schema and c.table_name = t.table_name
          and c.constraint_type = 'PRIMARY KEY')`.execute(database.db);
  return rows.map((row) => row.table_name);
}

describe('migrations on PGlite', () => {
  let dir: string;
  let database: AppDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'finlens-pglite-'));
    // The run's empty cluster, as PGlite makes it on a new folder (made once by the global set-up).
    await seedEmptyPglite(dir);
    database = await openAppDatabase({ dataDir: dir, databaseUrl: null });
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies every migration once and reports healthy', async () => {
    await expectMigratesOnce(database);
    expect(await tablesWithoutPrimaryKey(database)).toEqual([]);
    const health = await database.health();
    expect(health).toMatchObject({ kind: 'pglite', ok: true });
    expect(health.detail).toContain('PostgreSQL');
  });

  it('keeps data across reopen (file-backed)', async () => {
    await database.close();
    database = await openAppDatabase({ dataDir: dir, databaseUrl: null });
    expect((await migrate(database.db)).applied).toEqual([]);
    expect(await database.db.selectFrom('instance').select('id').execute()).toHaveLength(1);
  });
});

describe('migrations on PostgreSQL', () => {
  let server: TestPostgres | null = null;
  let database: AppDatabase | null = null;
  beforeAll(async () => {
    const started = await startTestPostgres();
    if (started.server === null) return skipOrFailWithoutPostgres(started.reason);
    server = started.server;
    database = await openAppDatabase({ dataDir: tmpdir(), databaseUrl: server.url, statementTimeoutMs: 500 });
  });
  afterAll(async () => {
    await database?.close();
    await server?.stop();
  });

  it('applies every migration once and reports healthy', async (context) => {
    if (database === null) return context.skip('PostgreSQL binaries are not available');
    await expectMigratesOnce(database);
    // Requests get QUERY_TIMEOUT_SECONDS as statement_timeout; the migrations lifted it only on their own connection.
    await expect(sql`select pg_sleep(2)`.execute(database.db)).rejects.toThrow(/statement timeout/);
    expect(await tablesWithoutPrimaryKey(database)).toEqual([]);
    expect(await database.health()).toMatchObject({ kind: 'postgres', ok: true });
  });

  it('reports a stopped server as not ok instead of throwing', async (context) => {
    if (database === null || server === null) return context.skip('PostgreSQL binaries are not available');
    await server.stop();
    server = null;
    const health = await database.health();
    expect(health).toMatchObject({ kind: 'postgres', ok: false });
  });
});
