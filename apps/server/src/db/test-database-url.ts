import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { MigratedTemplate } from './postgres-migrated-template';
import { skipOrFailWithoutPostgres, testPostgresUnavailableReason } from './test-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's throwaway PostgreSQL, in the projects that use one (see postgres-global-setup.ts). */
    testPostgresUrl: string;
    /**
     * The same cluster in the plain server and API projects, for the files that run cases of their own on
     * PostgreSQL (see postgres-cluster-global-setup.ts); a key of its own, as testPostgresUrl marks a rerun.
     */
    postgresClusterUrl: string;
    /** The database on that cluster with every migration applied, to copy (see postgres-migrated-template.ts). */
    postgresMigratedTemplate: MigratedTemplate;
  }
}

// Kept apart from test-app-database.ts (PGlite, Kysely, the migrations): a file that only hands a database on
// the shared test PostgreSQL to a process it starts (the browser suite's server on PostgreSQL) imports this.

/** The shared test PostgreSQL's admin URL in a "(PostgreSQL)" project and the browser suite; else null. */
export function testPostgresUrl(): string | null {
  return inject('testPostgresUrl') ?? null;
}

async function admin(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestDatabaseUrl {
  url: string;
  /** Drops the database, disconnecting whoever is still connected. */
  drop(): Promise<void>;
}

/**
 * A fresh database on the shared test PostgreSQL (a unique name, so test files never meet): empty, or with
 * `migrated` a copy of the run's migrated template where the project's global set-up made one (then `migrate`
 * finds nothing to do).
 */
export async function createTestDatabase({
  base = testPostgresUrl(),
  migrated = false,
}: {
  base?: string | null;
  migrated?: boolean;
} = {}): Promise<TestDatabaseUrl> {
  if (base === null) throw new Error('no test PostgreSQL in this project');
  const name = `finlens_t_${randomUUID().replaceAll('-', '')}`;
  const template = migrated ? inject('postgresMigratedTemplate') : undefined;
  const copy =
    template === undefined
      ? ''
      : ` template ${template.database}${template.strategy === null ? '' : ` strategy ${template.strategy}`}`;
  await admin(base, `create database ${name}${copy}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(base, `drop database if exists ${name} with (force)`) };
}

/**
 * A fresh database on the run's one test PostgreSQL for a file's own PostgreSQL cases (beside its PGlite ones),
 * in any server or API project; null, after skipOrFailWithoutPostgres, where PostgreSQL cannot run here.
 */
export async function createClusterDatabase(
  options: { migrated?: boolean } = {},
): Promise<TestDatabaseUrl | null> {
  const base = inject('postgresClusterUrl') ?? testPostgresUrl();
  if (base !== null) return createTestDatabase({ base, ...options });
  skipOrFailWithoutPostgres(testPostgresUnavailableReason() ?? 'this test project starts no PostgreSQL');
  return null;
}
