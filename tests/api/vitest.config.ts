import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Each file starts a real server over real engines (PGlite, DuckDB, PostgreSQL).
    testTimeout: 60_000,
    // One module graph per worker: the files share no module state (each starts its own servers on fresh data
    // folders and databases; no mocks, stubbed globals or environment), so the server's modules and the SDKs it
    // loads are imported once per worker instead of once per file (seconds of CPU each).
    isolate: false,
    hookTimeout: 60_000,
    // A relative path: the config bundler does not compile workspace packages' TypeScript.
    globalSetup: [
      '../../apps/server/src/db/pglite-template-global-setup.ts',
      '../../apps/server/src/warehouse/clickhouse/clickhouse-global-setup.ts',
      '../../apps/server/src/db/postgres-cluster-global-setup.ts',
    ],
  },
});
