import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { type AppDatabase, openAppDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedPglite } from '../../db/test-app-database';
import { createClusterDatabase, type TestDatabaseUrl } from '../../db/test-database-url';

export interface EngineUnderTest {
  kind: AppDatabase['kind'];
  /** A migrated database (PGlite: one session; PostgreSQL: its own pool, like another server process). */
  open(): Promise<AppDatabase>;
}

/**
 * Runs `suite` on PGlite and on PostgreSQL: a fresh database on the run's one test PostgreSQL (skipped with the
 * printed reason when initdb/pg_ctl are absent). Each suite gets fresh, migrated databases.
 */
export function describeOnAppEngines(name: string, suite: (engine: () => EngineUnderTest) => void): void {
  describe(`${name} on PGlite`, () => {
    let dir = '';
    let shared: AppDatabase | null = null;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'finlens-jobs-'));
      await seedPglite(dir);
      shared = await openAppDatabase({ dataDir: dir, databaseUrl: null });
      await migrate(shared.db);
    });
    afterAll(async () => {
      await shared?.close();
      await rm(dir, { recursive: true, force: true });
    });
    // PGlite is one in-process session, so every "process" shares it; closing is left to afterAll.
    suite(() => ({
      kind: 'pglite',
      open: async () => ({ ...(shared as AppDatabase), close: async () => {} }),
    }));
  });

  describe(`${name} on PostgreSQL`, () => {
    let created: TestDatabaseUrl | null = null;
    const opened: AppDatabase[] = [];
    beforeAll(async () => {
      created = await createClusterDatabase({ migrated: true });
      if (created === null) return;
      const first = await openAppDatabase({ dataDir: tmpdir(), databaseUrl: created.url });
      await migrate(first.db);
      await first.close();
    });
    afterAll(async () => {
      await Promise.allSettled(opened.map((database) => database.close()));
      await created?.drop();
    });
    suite(() => ({
      kind: 'postgres',
      async open() {
        if (created === null) throw new SkipEngine();
        const database = await openAppDatabase({ dataDir: tmpdir(), databaseUrl: created.url });
        opened.push(database);
        return database;
      },
    }));
  });
}

/** Thrown by `open()` when PostgreSQL cannot run here; tests turn it into a skip. */
export class SkipEngine extends Error {}

/** Opens the engine's database or skips the calling test when PostgreSQL is unavailable. */
export async function openOrSkip(
  engine: EngineUnderTest,
  context: { skip: (note?: string) => never },
): Promise<AppDatabase> {
  try {
    return await engine.open();
  } catch (error) {
    if (error instanceof SkipEngine) context.skip('PostgreSQL binaries are not available');
    throw error;
  }
}
