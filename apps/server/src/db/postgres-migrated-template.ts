import { tmpdir } from 'node:os';
import pg from 'pg';
import { openAppDatabase } from './client';
import { migrate } from './migrate';

/** The run's migrated database on its test PostgreSQL, copied by CREATE DATABASE … TEMPLATE. */
const MIGRATED_TEMPLATE_DATABASE = 'finlens_migrated_template';

/** How to copy the template: the clause after CREATE DATABASE name. */
export interface MigratedTemplate {
  database: string;
  /**
   * PostgreSQL 15's default copy (WAL_LOG) writes every block of the schema through the WAL: copying the migrated
   * template that way took about as long as migrating an empty database; FILE_COPY copies its files (0.2 s).
   * Older servers only copy files and have no STRATEGY option (null).
   */
  strategy: 'file_copy' | null;
}

/** On globalThis: each project's global set-up loads its own copy of this module, all in one process. */
const SHARED = Symbol.for('finlens.postgresMigratedTemplate');
type WithShared = typeof globalThis & { [SHARED]?: Map<string, Promise<MigratedTemplate>> };

/**
 * Makes the run's migrated template database on the test PostgreSQL at `adminUrl` once (the global set-ups of
 * several projects ask for it) and answers its name: a test database copied from it starts with every migration
 * applied, so `migrate` (a test's, or a started server's) finds nothing to do: on the test PostgreSQL at load ~10,
 * 0.2-0.7 s a database instead of 1.2-1.6 s to create and migrate it. Nothing stays connected to the template
 * (CREATE DATABASE refuses a template with sessions).
 */
export function migratedTemplateDatabase(adminUrl: string): Promise<MigratedTemplate> {
  const holder = globalThis as WithShared;
  holder[SHARED] ??= new Map();
  let made = holder[SHARED].get(adminUrl);
  if (made === undefined) {
    made = makeTemplate(adminUrl);
    holder[SHARED].set(adminUrl, made);
  }
  return made;
}

async function makeTemplate(adminUrl: string): Promise<MigratedTemplate> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let version: number;
  try {
    await admin.query(`create database ${MIGRATED_TEMPLATE_DATABASE}`);
    const { rows } = await admin.query<{ v: number }>(
      `select current_setting('server_version_num')::int as v`,
    );
    version = rows[0]?.v ?? 0;
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${MIGRATED_TEMPLATE_DATABASE}`;
  const database = await openAppDatabase({ dataDir: tmpdir(), databaseUrl: url.toString() });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  return { database: MIGRATED_TEMPLATE_DATABASE, strategy: version >= 150000 ? 'file_copy' : null };
}
