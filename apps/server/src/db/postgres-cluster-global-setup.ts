import type { TestProject } from 'vitest/node';
import { migratedTemplateDatabase } from './postgres-migrated-template';
import { acquireSharedTestPostgres } from './test-postgres';

/**
 * Global setup of the plain server and API projects: the run's one throwaway PostgreSQL (the cluster the
 * "(PostgreSQL)" projects and the browser suite share), for the files that run cases of their own on PostgreSQL
 * beside PGlite — each on a fresh database (createClusterDatabase in test-database-url.ts). It is provided as
 * postgresClusterUrl, not testPostgresUrl: that one marks a "(PostgreSQL)" rerun. With it, the run's migrated
 * template database, which createClusterDatabase({ migrated: true }) copies. Where PostgreSQL cannot run
 * here nothing is provided, and those cases skip with the reason (fail under CI).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const shared = await acquireSharedTestPostgres();
  if (shared.url === null) return undefined;
  project.provide('postgresClusterUrl', shared.url);
  project.provide('postgresMigratedTemplate', await migratedTemplateDatabase(shared.url));
  return shared.release;
}
