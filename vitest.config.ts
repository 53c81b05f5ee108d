import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's tests; each workspace owns its config.
// The "(PostgreSQL)" projects run the app-database tests again on a throwaway PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/cost-model',
      'packages/fixtures',
      'apps/server',
      'apps/server/vitest.postgres.config.ts',
      'apps/web',
      'tests/api',
      'tests/api/vitest.postgres.config.ts',
      'bench',
      'e2e',
    ],
  },
});
