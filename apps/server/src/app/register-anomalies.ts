import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createAnomaliesRepo } from '../features/anomalies/anomalies.repo';
import { anomaliesRoutes } from '../features/anomalies/anomalies.routes';
import { createAnomaliesService } from '../features/anomalies/anomalies.service';
import type { App } from '../platform/http/app';
import { createJobQueue } from '../platform/jobs/job-queue';

/** Cost anomalies: list, triage, detect now. */
export async function registerAnomalies(app: App, deps: { db: Kysely<AppTables> }): Promise<void> {
  await app.register(anomaliesRoutes, {
    anomalies: createAnomaliesService({
      repo: createAnomaliesRepo({ db: deps.db }),
      queue: createJobQueue({ db: deps.db }),
    }),
  });
}
