import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './test-postgres';

/**
 * Global setup of the "(PostgreSQL)" test projects: one throwaway PostgreSQL for the whole run,
 * its URL provided to the workers (test-app-database.ts gives each test its own database on it).
 * The project configs only add this setup when the binaries are present (see postgres-project.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = await startTestPostgres();
  if (started.server === null) throw new Error(`PostgreSQL cannot run here: ${started.reason}`);
  const { server } = started;
  project.provide('testPostgresUrl', server.url);
  return () => server.stop();
}
