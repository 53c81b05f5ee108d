import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Real engines start inside tests (PGlite, DuckDB); the run's ClickHouse servers and its one PostgreSQL (for
    // the files with PostgreSQL cases of their own) start once, in the global setup.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: [
      'src/db/pglite-template-global-setup.ts',
      'src/warehouse/clickhouse/clickhouse-global-setup.ts',
      'src/db/postgres-cluster-global-setup.ts',
    ],
  },
});
