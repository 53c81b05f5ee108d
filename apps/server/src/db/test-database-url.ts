import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's throwaway PostgreSQL, in the projects that use one (see postgres-global-setup.ts). */
    testPostgresUrl: string;
  }
}

// Kept apart from test-app-database.ts (PGlite, Kysely, the migrations): a file that only hands a database on
// the shared test PostgreSQL to a process it starts (the browser suite's server on PostgreSQL) imports this.

/** The shared test PostgreSQL's admin URL in a "(PostgreSQL)" project and the browser suite; else null. */
export function testPostgresUrl(): string | null {
  return inject('testPostgresUrl') ?? null;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl() ?? undefined });
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

/** A fresh, empty database on the shared test PostgreSQL (a unique name, so test files never meet). */
export async function createTestDatabase(): Promise<TestDatabaseUrl> {
  const base = testPostgresUrl();
  if (base === null) throw new Error('no test PostgreSQL in this project');
  const name = `finlens_t_${randomUUID().replaceAll('-', '')}`;
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
