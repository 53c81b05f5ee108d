import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createReportsRepo } from '../features/reports/reports.repo';
import { reportsRoutes } from '../features/reports/reports.routes';
import { createReportsService } from '../features/reports/reports.service';
import type { App } from '../platform/http/app';
import { createJobQueue } from '../platform/jobs/job-queue';
import { createJobSchedules } from '../platform/jobs/job-schedules';
import type { CostQueryPort } from '../warehouse/cost-query/cost-query-port';
import { createCostScopes } from '../warehouse/cost-scope';

/** The reports calls; sends go through the jobs table, which the server's worker runs (main.ts). */
export async function registerReports(app: App, deps: { db: Kysely<AppTables>; warehouse: CostQueryPort }) {
  await app.register(reportsRoutes, {
    reportsService: createReportsService({
      repo: createReportsRepo({ db: deps.db }),
      scopes: createCostScopes({ db: deps.db }),
      warehouse: deps.warehouse,
      queue: createJobQueue({ db: deps.db }),
      schedules: createJobSchedules({ db: deps.db }),
    }),
  });
}
