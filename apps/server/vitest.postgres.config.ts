import { defineProject } from 'vitest/config';
import { postgresProject } from './src/db/postgres-project';
import base from './vitest.config';

// The tests that use the app database run a second time on PostgreSQL (DATABASE_URL). Left out:
// tests without an app database (warehouse, parsers, config…), migrate.test.ts and the
// describeOnAppEngines suites (jobs, billing sources), which already run on both engines, and the CLI hand-off
// and query-command tests (the command's plumbing and the warehouse; their app-database use — resolving a client
// and project — is what import-command and demo-command already run here).
export default defineProject(
  postgresProject(base, {
    include: [
      'src/cli.test.ts',
      'src/db/foreign-key-indexes.test.ts',
      'src/features/cloud-accounts/cloud-accounts.service.test.ts',
      'src/features/cost-explorer/cost-explorer.service.test.ts',
      'src/features/cost-summary/cost-summary.service.test.ts',
      'src/features/cost-targets/after-import-evaluation.test.ts',
      'src/features/cost-targets/target-alerts.repo.test.ts',
      'src/features/inventory/inventory.repo.test.ts',
      'src/features/inventory/inventory.jobs.test.ts',
      'src/commands/demo-command.test.ts',
      'src/commands/import-command.test.ts',
      'src/ingest/import.service.test.ts',
      'src/ingest/sources/import-runner.test.ts',
    ],
  }),
);
