import { type Kysely, Migrator, sql } from 'kysely';
import { migrationProvider } from './migration-provider';
import type { AppTables } from './tables';

export interface MigrateResult {
  /** Names of the migrations this call applied, in order (empty when already up to date). */
  applied: string[];
}

/** Brings the app database to the latest schema; throws with the failing migration's name. */
export async function migrate(db: Kysely<AppTables>): Promise<MigrateResult> {
  // The pool's statement_timeout (QUERY_TIMEOUT_SECONDS) is for requests: a migration (an index on a large table)
  // may take longer, so it runs on one connection with the limit lifted, and the limit comes back after.
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await migrateOn(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}

async function migrateOn(db: Kysely<AppTables>): Promise<MigrateResult> {
  // Features land in parallel, so a migration may be named before one already applied elsewhere;
  // each is still applied exactly once.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const name = failed ? ` ${failed.migrationName}` : '';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`App database migration${name} failed: ${reason}`, { cause: error });
  }
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
