import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** A server source file, loaded by path at run time: the server's sources are type-checked by their own workspace. */
export const serverSource = (path: string) => join(here, '../../apps/server/src', path);

// biome-ignore lint/suspicious/noExplicitAny: the server's Kysely types are not this workspace's
export type BenchDb = any;

/**
 * A fresh embedded app database (PGlite, migrated) in a temporary folder holding one client with one project, as
 * the benchmarks that need an app database start; `close` closes it and removes the folder.
 */
export async function openBenchProject(name: string): Promise<{
  db: BenchDb;
  work: string;
  clientId: string;
  projectId: string;
  close: () => Promise<void>;
}> {
  const { openAppDatabase } = await import(serverSource('db/client.ts'));
  const { migrate } = await import(serverSource('db/migrate.ts'));
  const work = mkdtempSync(join(tmpdir(), `finlens-bench-${name}-`));
  try {
    const database = await openAppDatabase({ dataDir: work, databaseUrl: null });
    const db = database.db;
    await migrate(db);
    const client = await db
      .insertInto('clients')
      .values({ name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const project = await db
      .insertInto('projects')
      .values({ client_id: client.id, name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      db,
      work,
      clientId: client.id,
      projectId: project.id,
      close: async () => {
        try {
          await database.close();
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
