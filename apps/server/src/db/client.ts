import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { EngineHealth } from '@finlens/contracts/health';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { registerChangeCount } from './app-changes';
import { probeEngine } from './engine-health';
import { createPGliteDialect } from './pglite-dialect';
import { openPGliteThread } from './pglite-thread';
import type { AppTables } from './tables';

export interface AppDatabase {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Kysely<AppTables>;
  health(): Promise<EngineHealth>;
  close(): Promise<void>;
}

/**
 * The embedded app database holds small tables (users, settings, jobs), so PostgreSQL's 128 MB of shared
 * buffers would mostly sit in this process's memory next to the warehouse's; 16 MB keeps an import of 10M
 * line items under 2 GiB (about 120 MB less resident).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** How long PostgreSQL's health probe may take to connect and to answer before it counts as failed. */
const PROBE_TIMEOUT_MS = 5_000;

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite file under DATA_DIR/appdb. */
export async function openAppDatabase({
  dataDir,
  databaseUrl,
  statementTimeoutMs = null,
}: {
  dataDir: string;
  databaseUrl: string | null;
  /**
   * PostgreSQL's statement_timeout on every connection (QUERY_TIMEOUT_SECONDS): no request holds a connection
   * with a runaway statement. Migrations share the pool, so `migrate` lifts it on its own connection. PGlite runs
   * on its own thread and cannot be interrupted.
   */
  statementTimeoutMs?: number | null;
}): Promise<AppDatabase> {
  if (databaseUrl !== null) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      ...(statementTimeoutMs === null ? {} : { statement_timeout: statementTimeoutMs }),
    });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool discards it and the next query reconnects or fails visibly (health reports it).
    pool.on('error', () => {});
    const db = new Kysely<AppTables>({ dialect: new PostgresDialect({ pool }) });
    // Health's own connection (ADR 0013): with every pooled connection busy, its probe would queue behind them.
    const probePool = new pg.Pool({
      connectionString: databaseUrl,
      max: 1,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      statement_timeout: PROBE_TIMEOUT_MS,
    });
    probePool.on('error', () => {});
    return {
      kind: 'postgres',
      db,
      health: () =>
        probeEngine('postgres', async () => {
          const { rows } = await probePool.query<{ version: string }>('select version() as version');
          return rows[0]?.version ?? 'unknown';
        }),
      close: async () => {
        await Promise.all([db.destroy(), probePool.end()]);
      },
    };
  }
  const path = join(dataDir, 'appdb');
  await mkdir(path, { recursive: true });
  // On its own thread (ADR 0013): a long statement holds that thread, not the server's event loop.
  const client = await openPGliteThread(path, [...PGlite.defaultStartParams, ...PGLITE_SETTINGS]);
  const { dialect, changes } = createPGliteDialect(client);
  const db = new Kysely<AppTables>({ dialect });
  // One process holds the embedded database (the CLI's commands reach it through the server): its change count
  // tells every change.
  registerChangeCount(db, changes);
  return {
    kind: 'pglite',
    db,
    health: () =>
      probeEngine('pglite', async () => {
        const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
        return rows[0]?.version ?? 'unknown';
      }),
    close: () => db.destroy(),
  };
}
