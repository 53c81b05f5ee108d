import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject, it } from 'vitest';
import { type AppDatabase, openAppDatabase } from './client';
import { copyFolder } from './copy-folder';
import { migrate } from './migrate';
import { createTestDatabase, type TestDatabaseUrl, testPostgresUrl } from './test-database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An empty PGlite cluster to copy into a new data folder (see pglite-template-global-setup.ts). */
    pgliteTemplate: string;
    /** The same cluster with every migration applied. */
    pgliteMigratedTemplate: string;
  }
}

const seeded = new Map<string, Promise<void>>();

/**
 * Gives a data folder without an app database the run's migrated PGlite cluster, so its PGlite opens at once
 * with the schema in place instead of creating a cluster and applying every migration (`migrate` then finds
 * nothing to do, as on any up-to-date folder). Nothing happens in a project without the template or when the
 * folder already has an app database.
 */
export function seedPglite(dataDir: string): Promise<void> {
  return seedFrom(dataDir, inject('pgliteMigratedTemplate'));
}

/** seedPglite with the run's empty cluster: for a test of applying the migrations to a new app database. */
export function seedEmptyPglite(dataDir: string): Promise<void> {
  return seedFrom(dataDir, inject('pgliteTemplate'));
}

function seedFrom(dataDir: string, template: string | undefined): Promise<void> {
  if (template === undefined) return Promise.resolve();
  let done = seeded.get(dataDir);
  if (done === undefined) {
    const appDb = join(dataDir, 'appdb');
    done = stat(appDb).then(
      () => undefined,
      () => copyFolder(template, appDb),
    );
    seeded.set(dataDir, done);
  }
  return done;
}

/**
 * `it` for a case of a file the "(PostgreSQL)" project runs again that proves nothing of the app database
 * (an option refused before any database opens, the warehouse's lock or its data): it runs in the PGlite
 * project only and shows as skipped in the PostgreSQL one, so the rerun pays only for the cases that write
 * or read the app database. Say next to each case why it is one of these.
 */
export const itWithoutPostgresRerun = it.skipIf(inject('testPostgresUrl') !== undefined);

/**
 * An app database for a test, with every migration applied: PGlite under `dataDir` (the run's migrated cluster
 * copied there), or in a "(PostgreSQL)" project a fresh copy of the run's migrated template database on the
 * shared test PostgreSQL, dropped when the returned database is closed.
 */
export async function openTestAppDatabase(dataDir: string): Promise<AppDatabase> {
  if (testPostgresUrl() === null) {
    await seedPglite(dataDir);
    return openAppDatabase({ dataDir, databaseUrl: null });
  }
  const created = await createTestDatabase({ migrated: true });
  const database = await openAppDatabase({ dataDir, databaseUrl: created.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** A migrated test app database in its own temporary data folder, which `close` removes with it. */
export interface MigratedTestDatabase extends AppDatabase {
  /** The data folder (for a warehouse beside the app database); gone after `close`. */
  readonly dir: string;
}

/**
 * A new temporary data folder (named `finlens-<prefix>-…`) with a migrated app database in it
 * (openTestAppDatabase: PGlite, or a fresh database in a "(PostgreSQL)" project). Close what else
 * lives in the folder first; `close` closes the database and removes the folder.
 */
export async function openMigratedTestDatabase(prefix: string): Promise<MigratedTestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), `finlens-${prefix}-`));
  try {
    const database = await openTestAppDatabase(dir);
    try {
      await migrate(database.db);
    } catch (error) {
      await database.close();
      throw error;
    }
    return {
      ...database,
      dir,
      close: async () => {
        try {
          await database.close();
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

const databasesByDataDir = new Map<string, Promise<TestDatabaseUrl>>();

// Registered while the test file is collected (this module is imported by it): drops the
// databases handed to `finlens` child processes once the file is done.
afterAll(async () => {
  const created = await Promise.allSettled(databasesByDataDir.values());
  await Promise.allSettled(
    created.map((result) => (result.status === 'fulfilled' ? result.value.drop() : null)),
  );
});

/**
 * Environment for a `finlens` child process: in a "(PostgreSQL)" project each DATA_DIR gets its
 * own database (the same one on every call, as a data folder keeps its PGlite), dropped after the file.
 * The database is empty: cli.test's `finlens migrate` applies every migration to it.
 */
export async function withTestDatabaseUrl(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  const dataDir = env.DATA_DIR;
  if (testPostgresUrl() === null || env.DATABASE_URL !== undefined || dataDir === undefined) return env;
  let created = databasesByDataDir.get(dataDir);
  if (created === undefined) {
    created = createTestDatabase();
    databasesByDataDir.set(dataDir, created);
  }
  return { ...env, DATABASE_URL: (await created).url };
}

/** The app database a `finlens` child process run with `withTestDatabaseUrl({ DATA_DIR })` uses. */
export async function openCliAppDatabase(dataDir: string): Promise<AppDatabase> {
  const env = await withTestDatabaseUrl({ DATA_DIR: dataDir });
  return openAppDatabase({ dataDir, databaseUrl: env.DATABASE_URL ?? null });
}
