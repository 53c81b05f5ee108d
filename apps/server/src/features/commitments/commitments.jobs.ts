import { commitmentAlerts } from '@finlens/cost-model/commitments/alerts';
import type { FastifyBaseLogger } from 'fastify';
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

/**
 * Queues the scan through `db` (the transaction that records an import at `now`): a new bill may make alerts due,
 * and the clients it changed get Commitment Management's first reads ahead.
 */
export async function enqueueCommitmentAlertScan(db: Kysely<AppTables>, now: Date): Promise<void> {
  await insertJob(db, { kind: ALERTS_SCAN_KIND, payload: { imported_at: now.toISOString() } }, now);
}

/**
 * `commitments.alerts-scan` queues `commitments.alerts` for every client with a project (after each import and
 * daily, since days left change without a new bill); that job sends each due alert once, as a notification
 * keyed on the alert's slot (docs/commitments.md). Then, for the clients an import changed only, it reads ahead
 * what Commitment Management opens with (`warmFor`: the service is the routes' own, so the first visit after an
 * import is served from memory) — a failed read-ahead is logged, the alerts are already queued.
 */
export function commitmentJobHandlers({
  service,
  repo,
  queue,
  logger,
}: {
  service: Pick<CommitmentsService, 'alertInputFor' | 'warmFor'>;
  repo: Pick<CommitmentsRepo, 'alertSettings' | 'adminIds' | 'clientsWithProjects' | 'clientsImportedSince'>;
  queue: Pick<JobQueue, 'enqueue'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  return [
    defineJobHandler({
      kind: ALERTS_SCAN_KIND,
      // The import's instant (absent from the daily scan: no client is read ahead).
      payload: z.object({ imported_at: z.string().datetime().optional() }).passthrough(),
      async run({ imported_at: importedAt }, { job }) {
        const imported = new Set(
          importedAt === undefined ? [] : await repo.clientsImportedSince(new Date(importedAt)),
        );
        for (const clientId of await repo.clientsWithProjects()) {
          await queue.enqueue({
            kind: ALERTS_KIND,
            payload: { clientId, read_ahead: imported.has(clientId) },
            dedupeKey: `${ALERTS_KIND}:${clientId}:${job.id}`,
          });
        }
      },
    }),
    defineJobHandler({
      kind: ALERTS_KIND,
      payload: z.object({ clientId: z.string().min(1), read_ahead: z.boolean().default(false) }),
      async run({ clientId, read_ahead: readAhead }) {
        const [settings, input] = await Promise.all([
          repo.alertSettings(clientId),
          service.alertInputFor({ clientId }),
        ]);
        const alerts = input === null ? [] : commitmentAlerts(input, alertRules(settings));
        const admins = alerts.length === 0 ? [] : await repo.adminIds(clientId);
        for (const alert of alerts) {
          await queue.enqueue({
            kind: DISPATCH_KIND,
            payload: alertNotice(clientId, alert, admins),
            dedupeKey: alertDedupeKey(clientId, alert),
          });
        }
        // After the alerts, for the imported client only: the reads Commitment Management opens with (the service
        // keeps them for the routes). Only a speed-up, so a failure is logged and the job still succeeds.
        if (!readAhead) return;
        await service.warmFor({ clientId }).catch((error: unknown) => {
          logger.warn({ err: error, clientId }, 'commitments: reading ahead after an import failed');
        });
      },
    }),
  ];
}

/** Daily, after the demo bill's refresh (06:30) and the anomaly scan (06:40): days left change every day. */
export const COMMITMENT_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'commitments.alerts-daily', kind: ALERTS_SCAN_KIND, payload: {}, cron: '50 6 * * *' },
];
