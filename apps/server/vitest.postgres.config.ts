import { defineProject } from 'vitest/config';
import { postgresProject } from './src/db/postgres-project';
import base from './vitest.config';

// The server tests whose app-database work can differ on PostgreSQL run a second time there (DATABASE_URL, a
// database each on the run's one PostgreSQL). PGlite is the same engine, so plain statements do not change; what
// does is the driver, a pool of connections instead of one session (locks, SKIP LOCKED, concurrent writers) and
// the migrations' DDL on a real server. Each file kept, and why:
// - cli: `finlens migrate` on DATABASE_URL (its own connection without the statement timeout);
// - foreign-key-indexes: the migrated schema's catalog on PostgreSQL;
// - after-import-evaluation and target-alerts.repo: the evaluation queue and alert claims (FOR UPDATE SKIP LOCKED);
// - inventory.repo and inventory.jobs: collection passes claimed with SKIP LOCKED, a restart mid-collection
//   finishing without duplicates;
// - import.service: two importers taking turns and another live process's run left alone (row locks);
// - scheduler reconciler.processes: two processes' job workers (a pool each) enqueue and claim the tick's slots at
//   the same moment, so only here do SKIP LOCKED and the slot's dedupe key decide who runs a tick.
// Left out: tests without an app database (warehouse, parsers, config…), migrate.test.ts and the
// describeOnAppEngines suites (jobs, billing sources), which already run on both engines; the CLI commands'
// plumbing (import-command, query) and the services whose app-database use is plain selects, inserts and deletes
// in one session (cloud-accounts, cost-explorer, cost-summary, the S3 import runner); and demo-command: the demo on
// PostgreSQL runs once in e2e/specs/postgres.e2e.ts (`finlens demo`, then a server on it signed in through the
// browser).
// Each file with its own module graph: test-app-database.ts registers, as it is imported, the afterAll that drops
// the databases it made for the file's `finlens` child processes, which a shared module graph would do once.
export default defineProject(
  postgresProject(
    { ...base, test: { ...base.test, exclude: undefined, isolate: true } },
    {
      include: [
        'src/cli.test.ts',
        'src/db/foreign-key-indexes.test.ts',
        'src/features/cost-targets/after-import-evaluation.test.ts',
        'src/features/cost-targets/target-alerts.repo.test.ts',
        'src/features/inventory/inventory.repo.test.ts',
        'src/features/inventory/inventory.jobs.test.ts',
        'src/ingest/import.service.test.ts',
        'src/features/scheduler/reconciler.processes.test.ts',
      ],
    },
  ),
);
