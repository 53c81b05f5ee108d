import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { ANOMALY_SCHEDULES, anomalyJobHandlers } from '../features/anomalies/anomalies.jobs';
import { COMMITMENT_SCHEDULES, commitmentJobHandlers } from '../features/commitments/commitments.jobs';
import { createCommitmentsRepo } from '../features/commitments/commitments.repo';
import type { CommitmentsService } from '../features/commitments/commitments.service';
import {
  RETIRED_SHARESAVE_SCHEDULES,
  SHARESAVE_SCHEDULES,
  shareSaveJobHandlers,
} from '../features/commitments/sharesave.jobs';
import { COST_TARGET_SCHEDULES, costTargetJobHandlers } from '../features/cost-targets/target-alert-jobs';
import { createCollectionTargets } from '../features/inventory/collection-targets';
import { createCollectionTargetsRepo } from '../features/inventory/collection-targets.repo';
import {
  INVENTORY_SCHEDULES,
  inventoryCollectionFor,
  inventoryJobHandlers,
} from '../features/inventory/inventory.jobs';
import { createInventoryCostView } from '../features/inventory/inventory.service';
import { createInventoryCostViewRepo } from '../features/inventory/inventory-list.repo';
import { NOTIFICATION_SCHEDULES } from '../features/notifications/notifications.jobs';
import {
  enqueueRecommendationEvaluation,
  recommendationJobHandlers,
} from '../features/recommendations/recommendations.jobs';
import { createRecommendationsRepo } from '../features/recommendations/recommendations.repo';
import { reportSendJobHandler } from '../features/reports/report-send.job';
import {
  enqueuePolicyAccept,
  savingsLedgerJobHandlers,
  WEEKLY_DIGEST_SCHEDULES,
  weeklyDigestJobHandlers,
} from '../features/savings-ledger/savings-ledger.jobs';
import { createWeeklyDigestRepo } from '../features/savings-ledger/weekly-digest.repo';
import {
  SCHEDULE_LEDGER_SCHEDULES,
  scheduleLedgerFor,
  scheduleLedgerJobHandlers,
} from '../features/scheduler/schedule-ledger';
import {
  reconcilerFor,
  schedulerJobHandlers,
  schedulerSchedules,
} from '../features/scheduler/scheduler.jobs';
import { failStaleImportRuns } from '../ingest/imports.repo';
import {
  failInterruptedImportsJobHandler,
  INTERRUPTED_IMPORT_SCHEDULES,
} from '../ingest/interrupted-imports.job';
import { serverPollSourceHandler } from '../ingest/sources/server-poll-source';
import { systemClock } from '../integrations/cloud/simulated/sim-clock';
import { createSecretBox } from '../platform/crypto/secret-box';
import { createJobQueue } from '../platform/jobs/job-queue';
import { type RunningJobs, startJobs } from '../platform/jobs/start-jobs';
import type { LoadedConfig } from '../platform/load-config';
import type { MetricsStore } from '../warehouse/metrics-store';
import { enqueueAfterImportJobs } from './after-import-jobs';
import { DEMO_BILL_SCHEDULES, demoBillJobHandler } from './demo-bill';
import type { Storage } from './open-storage';
import { kubernetesClustersFor } from './register-kubernetes-clusters';
import { notificationJobsFor } from './register-notifications';
import { recommendationsEvaluationFor } from './register-recommendations';
import { guardedAwsCloud, ledgerFor, serverIdentityCloud } from './register-savings-ledger';

/**
 * The server's background worker with every feature's job handlers, and their schedules saved (saving again
 * replaces a schedule, so a changed cron takes effect on the next start).
 */
export async function startServerJobs({
  storage,
  config,
  logger,
  commitments,
}: {
  storage: Pick<Storage, 'db' | 'warehouse'>;
  config: LoadedConfig;
  logger: FastifyBaseLogger;
  /** The commitments service the routes read through (its after-import reads are theirs). */
  commitments: CommitmentsService;
}): Promise<RunningJobs> {
  const db = storage.db.db;
  const warehouse = storage.warehouse;
  const scheduleLedger = scheduleLedgerFor({ db, bill: warehouse, now: systemClock.now });
  // Imports a crash interrupted (their heartbeat stopped) are failed before anything else runs.
  await failStaleImportRuns(db);
  // Scheduled jobs of a kind without a handler here wait until one is registered.
  const jobs = startJobs({
    db,
    logger,
    handlers: [
      reportSendJobHandler({ db, warehouse, config, logger }),
      ...costTargetJobHandlers({ db, warehouse }),
      ...notificationJobsFor(db, config, logger),
      ...anomalyJobHandlers({ db, warehouse }),
      ...collectionJobHandlers({ db, metrics: warehouse.metrics, config }),
      ...recommendationJobHandlers({
        evaluation: recommendationsEvaluationFor({ db, warehouse }),
        repo: createRecommendationsRepo({ db }),
        afterEvaluated: async (projectId, startedAt) => {
          await enqueuePolicyAccept(createJobQueue({ db }), projectId, startedAt);
        },
      }),
      serverPollSourceHandler({
        db,
        warehouse,
        secretKey: config.secretKey,
        dataDir: config.dataDir,
        outboundAllow: config.outboundAllow,
        serverIdentityAccounts: new Set(config.serverIdentityAccounts),
        onPeriodsReplaced: enqueueAfterImportJobs,
      }),
      failInterruptedImportsJobHandler({ db }),
      ...savingsLedgerJobHandlers(
        ledgerFor({
          db,
          warehouse,
          secretKey: config.secretKey,
          aws: guardedAwsCloud(config.outboundAllow),
          serverIdentity: serverIdentityCloud(config),
          findRecommendation: async () => null,
        }),
        () => scheduleLedger.recordStops(),
      ),
      ...scheduleLedgerJobHandlers(scheduleLedger),
      ...schedulerJobHandlers(
        reconcilerFor({
          db,
          inventory: createInventoryCostView({ repo: createInventoryCostViewRepo({ db }) }),
          targets: schedulerTargets(config, db),
          workloads: kubernetesClustersFor({
            db,
            secretKey: config.secretKey,
            outboundAllow: config.outboundAllow,
          }),
          tickSeconds: config.schedulerTickSeconds,
          now: systemClock.now,
        }),
        (report) => {
          if (report.acted + report.failed + report.drift > 0)
            logger.info({ scheduler: report }, 'scheduler tick');
        },
      ),
      // The demo bill follows the simulated cloud's clock (what its actions and days were), as the scheduler acts.
      demoBillJobHandler({ db, warehouse, dataDir: config.dataDir, now: systemClock.now }),
      ...weeklyDigestJobHandlers({ repo: createWeeklyDigestRepo({ db }), queue: createJobQueue({ db }) }),
      ...commitmentJobHandlers({
        service: commitments,
        repo: createCommitmentsRepo({ db }),
        queue: createJobQueue({ db }),
        logger,
      }),
      ...shareSaveJobHandlers({
        service: commitments,
        repo: createCommitmentsRepo({ db }),
        queue: createJobQueue({ db }),
        partners: new Set(config.shareSavePartners),
      }),
    ],
  });
  for (const schedule of [
    ...COST_TARGET_SCHEDULES,
    ...ANOMALY_SCHEDULES,
    ...NOTIFICATION_SCHEDULES,
    ...INVENTORY_SCHEDULES,
    ...INTERRUPTED_IMPORT_SCHEDULES,
    ...schedulerSchedules(config.schedulerTickSeconds),
    ...SCHEDULE_LEDGER_SCHEDULES,
    ...DEMO_BILL_SCHEDULES,
    ...COMMITMENT_SCHEDULES,
    ...SHARESAVE_SCHEDULES,
    ...WEEKLY_DIGEST_SCHEDULES,
  ]) {
    await jobs.schedules.save(schedule);
  }
  for (const name of RETIRED_SHARESAVE_SCHEDULES) await jobs.schedules.remove(name);
  return jobs;
}

/**
 * The inventory collection's jobs (a pass, its regions, their metrics); each account and region collected with its
 * metrics queues the recommendations' evaluation of its project (`recommendations.evaluate`, trigger collection).
 */
export function collectionJobHandlers({
  db,
  metrics,
  config,
}: {
  db: Kysely<AppTables>;
  metrics: MetricsStore;
  config: Pick<LoadedConfig, 'secretKey' | 'outboundAllow' | 'serverIdentityAccounts'>;
}) {
  return inventoryJobHandlers(
    inventoryCollectionFor({
      db,
      secretBox: createSecretBox(config.secretKey),
      // Through the outbound guard, like every other outbound call: an endpoint the operator sets
      // (AWS_ENDPOINT_URL and the like) cannot reach internal addresses unless OUTBOUND_ALLOW lets it.
      aws: guardedAwsCloud(config.outboundAllow),
      serverIdentity: serverIdentityCloud(config),
      metrics,
      afterCollected: async (projectId) => {
        await enqueueRecommendationEvaluation(db, { projectId, trigger: 'collection' }, new Date());
      },
    }),
  );
}

/** Where the scheduler acts: each project's cloud (simulated or AWS), none while it awaits configuration. */
function schedulerTargets(config: LoadedConfig, db: Parameters<typeof createCollectionTargetsRepo>[0]['db']) {
  const targets = createCollectionTargets({
    repo: createCollectionTargetsRepo({ db }),
    secretBox: createSecretBox(config.secretKey),
    aws: guardedAwsCloud(config.outboundAllow),
    simClock: systemClock,
    serverIdentity: serverIdentityCloud(config),
  });
  return {
    async resolve(projectId: string) {
      const target = await targets.resolve(projectId, null);
      return target === null || target.kind === 'awaiting-configuration' ? null : target;
    },
  };
}
