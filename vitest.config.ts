import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Test workers get the server launcher's libuv thread pool (apps/server/bin/thread-pool.cjs sets
// UV_THREADPOOL_SIZE unless given): a forked worker starts with this process's environment, before anything in it
// starts its pool, so an in-process DuckDB warehouse opens as many read connections as a started server
// (thread-pool.test.ts checks it in a worker).
createRequire(import.meta.url)('./apps/server/bin/thread-pool.cjs');

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
      'apps/server/vitest.isolated.config.ts',
      'apps/server/vitest.postgres.config.ts',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      'tests/api',
      'tests/api/vitest.postgres.config.ts',
      'bench',
      'e2e',
      'tools',
    ],
  },
});
