import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's tests; each workspace owns its config.
// The "(PostgreSQL)" projects run the app-database tests again on a throwaway PostgreSQL.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; most files wait on processes they start (servers,
    // PostgreSQL, ClickHouse, Chromium), so two workers keep both cores busy.
    maxWorkers: 2,
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
      'tools',
    ],
  },
});
