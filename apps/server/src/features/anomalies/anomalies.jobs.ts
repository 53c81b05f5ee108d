import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../../db/tables';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import { createJobQueue } from '../../platform/jobs/job-queue';
import type { ScheduleDefinition } from '../../platform/jobs/job-schedules';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import { createCostScopes } from '../../warehouse/cost-scope';
import { createAnomaliesRepo } from './anomalies.repo';
import { DETECT_KIND, SCAN_KIND } from './anomalies.service';
import { createAnomalyDetector } from './anomaly-detector';

/**
 * `anomalies.detect` runs detection for one client; `anomalies.scan` queues it for the clients that need it:
 * those with an import finished since their last detection (after every import and every 10 minutes) or every
 * client (daily).
 */
export function anomalyJobHandlers(deps: {
  db: Kysely<AppTables>;
  warehouse: Pick<CostQueryPort, 'runCostQuery'>;
}) {
  const repo = createAnomaliesRepo({ db: deps.db });
  const queue = createJobQueue({ db: deps.db });
  const detector = createAnomalyDetector({
    repo,
    scopes: createCostScopes({ db: deps.db }),
    warehouse: deps.warehouse,
    queue,
  });
  return [
    defineJobHandler({
      kind: DETECT_KIND,
      payload: z.object({ clientId: z.string().min(1) }),
      async run({ clientId }) {
        await detector.detect(clientId);
      },
    }),
    defineJobHandler({
      kind: SCAN_KIND,
      payload: z.object({ mode: z.enum(['imports', 'daily']) }),
      async run({ mode }, { job }) {
        const clients =
          mode === 'daily' ? await repo.clientsWithProjects() : await repo.clientsWithNewImports();
        for (const clientId of clients) {
          await queue.enqueue({
            kind: DETECT_KIND,
            payload: { clientId },
            dedupeKey: `${DETECT_KIND}:${clientId}:${job.id}`,
          });
        }
      },
    }),
  ];
}

/** The two schedules of anomaly detection (saved on every start; saving again replaces them). */
export const ANOMALY_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'anomalies.after-imports', kind: SCAN_KIND, payload: { mode: 'imports' }, cron: '*/10 * * * *' },
  { name: 'anomalies.daily', kind: SCAN_KIND, payload: { mode: 'daily' }, cron: '40 6 * * *' },
];
