import { defineProject } from 'vitest/config';
// A relative path: the config bundler does not compile workspace packages' TypeScript.
import { postgresProject } from '../../apps/server/src/db/postgres-project';
import base from './vitest.config';

// The API tests again with the server's app database on PostgreSQL (test-server.ts makes one per
// server). identity-flows and health already run their PostgreSQL cases against their own server;
// clickhouse-shards tests the warehouse configuration, not the app database. The HTTP edge does not
// depend on the app database's engine, so its suites run once, in "api": the fuzz suite, the security
// headers, the outbound guard (it refuses a URL before anything is saved) and the rate limit (counted
// in the server's memory).
export default defineProject(
  postgresProject(base, {
    include: ['**/*.test.ts'],
    exclude: [
      'identity-flows.test.ts',
      'health.test.ts',
      'clickhouse-shards.test.ts',
      'fuzz.test.ts',
      'security-headers.test.ts',
      'outbound-guard.test.ts',
      'rate-limit.test.ts',
    ],
  }),
);
