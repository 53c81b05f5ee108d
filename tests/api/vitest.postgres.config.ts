import { defineProject } from 'vitest/config';
// A relative path: the config bundler does not compile workspace packages' TypeScript.
import { postgresProject } from '../../apps/server/src/db/postgres-project';
import base from './vitest.config';

// The API files whose app-database work can differ on PostgreSQL, run again with the server's app database
// there (test-server.ts gives each server a database of its own on the run's one PostgreSQL). PGlite is the same
// PostgreSQL engine, so the SQL itself does not change; what does is the driver (node-pg reads count/sum/bigint as
// strings where PGlite gives numbers), a pool of connections instead of one session (row locks, SKIP LOCKED,
// ON CONFLICT under concurrent writers) and the server around it. Each file kept, and why:
// - access-matrix: each access rule's session, membership, RBAC and partner lookups (on PostgreSQL it calls one
//   reading and one writing route per rule; every route runs on PGlite), the tenancy and member-permission cases;
// - reports: the send log claimed per (report, slot) with ON CONFLICT, the schedule and job dedupe keys, the saved
//   query, grid and schedule as JSON;
// - cost-targets: the alert evaluation queue (FOR UPDATE SKIP LOCKED) and alert dedupe (ON CONFLICT);
// - inventory: collection passes claimed with FOR UPDATE SKIP LOCKED, the list's count aggregates;
// - scheduler: the reconciler's action log (ON CONFLICT, count(*)::int, max(performed_at)) and concurrent ticks;
// - recommendations: count and sum aggregates read through the driver, findings upserted with ON CONFLICT;
// - team-and-partners: member, invitation and client counts, memberships upserted with ON CONFLICT;
// - sign-in-throttle: the back-off counts failures in the audit log (a count read through the driver).
// Also on PostgreSQL elsewhere: identity-flows and health run their PostgreSQL cases in "api" against a server
// of their own; the server's "(PostgreSQL)" project reruns the repositories, jobs and import; migrations, the job
// queue and schedules (describeOnAppEngines) run on both engines in "server"; e2e/specs/postgres.e2e.ts runs
// `finlens demo` and a signed-in browser on a server with DATABASE_URL. The other API files read and write the
// app database only through those same kinds of statements (plain selects, inserts and updates in one request)
// and run once, on PGlite: the HTTP edge, the warehouse queries and the feature rules do not depend on its engine.
export default defineProject(
  postgresProject(base, {
    include: [
      'access-matrix.test.ts',
      'reports.test.ts',
      'cost-targets.test.ts',
      'inventory.test.ts',
      'scheduler.test.ts',
      'recommendations.test.ts',
      'team-and-partners.test.ts',
      'sign-in-throttle.test.ts',
    ],
  }),
);
