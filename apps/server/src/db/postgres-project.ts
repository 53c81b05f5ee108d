import { fileURLToPath } from 'node:url';
import type { UserWorkspaceConfig } from 'vitest/config';
import { skipOrFailWithoutPostgres, testPostgresUnavailableReason } from './test-postgres';

const globalSetup = fileURLToPath(new URL('./postgres-global-setup.ts', import.meta.url));

/**
 * The "(PostgreSQL)" twin of a workspace's test project: the files in `include` run again with
 * one throwaway PostgreSQL for the run (postgres-global-setup.ts), each test database made by
 * test-app-database.ts. Without initdb/pg_ctl the project runs nothing and says why; under
 * CI=true that absence fails the run instead.
 */
export function postgresProject(
  base: UserWorkspaceConfig,
  { include, exclude = [] }: { include: string[]; exclude?: string[] },
): UserWorkspaceConfig {
  const reason = testPostgresUnavailableReason();
  if (reason !== null) skipOrFailWithoutPostgres(reason);
  return {
    ...base,
    test: {
      ...base.test,
      name: `${base.test?.name} (PostgreSQL)`,
      include: reason === null ? include : [],
      exclude: [...(base.test?.exclude ?? ['**/node_modules/**']), ...exclude],
      globalSetup: reason === null ? [globalSetup] : [],
    },
  };
}
