import { commitmentAlerts } from '@finlens/cost-model/commitments/alerts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../../db/tables';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import { insertJob, type JobQueue } from '../../platform/jobs/job-queue';
import type { ScheduleDefinition } from '../../platform/jobs/job-schedules';
import { DISPATCH_KIND } from '../notifications/notifications.service';
import { alertDedupeKey, alertNotice, alertRules } from './commitment-alerts';
import type { CommitmentsRepo } from './commitments.repo';
import type { CommitmentsService } from './commitments.service';

export const ALERTS_SCAN_KIND = 'commitments.alerts-scan';
export const ALERTS_KIND = 'commitments.alerts';

/** Queues the scan through `db` (the transaction that records an import): a new bill may make alerts due. */
export async function enqueueCommitmentAlertScan(db: Kysely<AppTables>, now: Date): Promise<void> {
  await insertJob(db, { kind: ALERTS_SCAN_KIND, payload: {} }, now);
}

/**
 * `commitments.alerts-scan` queues `commitments.alerts` for every client with a project (after each import and
 * daily, since days left change without a new bill); that job sends each due alert once, as a notification
 * keyed on the alert's slot (docs/commitments.md), and reads ahead what Commitment Management opens with
 * (`warmFor`: the service is the routes' own, so the first visit after an import is served from memory).
 */
export function commitmentJobHandlers({
  service,
  repo,
  queue,
}: {
  service: Pick<CommitmentsService, 'alertInputFor' | 'warmFor'>;
  repo: Pick<CommitmentsRepo, 'alertSettings' | 'adminIds' | 'clientsWithProjects'>;
  queue: Pick<JobQueue, 'enqueue'>;
}) {
  return [
    defineJobHandler({
      kind: ALERTS_SCAN_KIND,
      payload: z.object({}).passthrough(),
      async run(_payload, { job }) {
        for (const clientId of await repo.clientsWithProjects()) {
          await queue.enqueue({
            kind: ALERTS_KIND,
            payload: { clientId },
            dedupeKey: `${ALERTS_KIND}:${clientId}:${job.id}`,
          });
        }
      },
    }),
    defineJobHandler({
      kind: ALERTS_KIND,
      payload: z.object({ clientId: z.string().min(1) }),
      async run({ clientId }) {
        // Beside the alerts, the reads Commitment Management opens with (the service keeps them for the routes).
        const [settings, input] = await Promise.all([
          repo.alertSettings(clientId),
          service.alertInputFor({ clientId }),
          service.warmFor({ clientId }),
        ]);
        if (input === null) return;
        const alerts = commitmentAlerts(input, alertRules(settings));
        if (alerts.length === 0) return;
        const admins = await repo.adminIds(clientId);
        for (const alert of alerts) {
          await queue.enqueue({
            kind: DISPATCH_KIND,
            payload: alertNotice(clientId, alert, admins),
            dedupeKey: alertDedupeKey(clientId, alert),
          });
        }
      },
    }),
  ];
}

/** Daily, after the demo bill's refresh (06:30) and the anomaly scan (06:40): days left change every day. */
export const COMMITMENT_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'commitments.alerts-daily', kind: ALERTS_SCAN_KIND, payload: {}, cron: '50 6 * * *' },
];
