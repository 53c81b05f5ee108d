import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Each file starts a real server over real engines (PGlite, DuckDB, PostgreSQL).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A relative path: the config bundler does not compile workspace packages' TypeScript.
    globalSetup: [
      '../../apps/server/src/db/pglite-template-global-setup.ts',
      '../../apps/server/src/warehouse/clickhouse/clickhouse-global-setup.ts',
      '../../apps/server/src/db/postgres-cluster-global-setup.ts',
    ],
  },
});
