import type { TestProject } from 'vitest/node';
import { migratedTemplateDatabase } from './postgres-migrated-template';
import { acquireSharedTestPostgres } from './test-postgres';

/**
 * Global setup of the "(PostgreSQL)" test projects: the run's one throwaway PostgreSQL (shared with the other
 * projects that use it, the browser suite's included), its URL provided to the workers (test-app-database.ts
 * gives each test its own database on it, copied from the run's migrated template database). The project configs only add this setup when the binaries are
 * present (see postgres-project.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = await acquireSharedTestPostgres();
  if (shared.url === null) throw new Error(`PostgreSQL cannot run here: ${shared.reason}`);
  project.provide('testPostgresUrl', shared.url);
  project.provide('postgresMigratedTemplate', await migratedTemplateDatabase(shared.url));
  return shared.release;
}
