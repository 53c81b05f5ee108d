import type { JobQueue } from '../../platform/jobs/job-queue';
import { limiter } from '../../platform/limiter';
import { type MetricsStore, retentionCutoffs } from '../../warehouse/metrics-store';
import { collectMetrics } from './collect-metrics';
import { collectionErrors, collectRegion, fromRow } from './collect-region';
import type { CollectionTargets } from './collection-targets';
import type { CollectionTargetsRepo } from './collection-targets.repo';
import type { InventoryRepo } from './inventory.repo';

export const PASS_KIND = 'inventory.collect';
export const REGION_KIND = 'inventory.collect-region';
export const SCAN_KIND = 'inventory.scan';
export const METRICS_KIND = 'inventory.collect-metrics';

/** The run that holds an account-wide failure (the role refused, the region list denied). */
export const ACCOUNT_WIDE_REGION = '*';

/** At most this many regions of one process are listed at once (each lists every service in parallel). */
const REGIONS_AT_ONCE = 2;

/** Queues a collection pass over one project (a pass queued twice under one id runs once). */
export async function enqueueCollectionPass(
  queue: Pick<JobQueue, 'enqueue'>,
  projectId: string,
  passId: string,
): Promise<void> {
  await queue.enqueue({
    kind: PASS_KIND,
    payload: { projectId, passId },
    dedupeKey: `${PASS_KIND}:${projectId}:${passId}`,
  });
}

/**
 * Collection as durable jobs: a pass per project lists the account's enabled regions and queues one job per
 * region; each region job saves its result once (collectRegion), so a restart re-runs only the regions whose
 * run is unfinished, and the dedupe keys keep a re-run pass from queuing a region twice.
 */
export function createInventoryCollection({
  repo,
  targetsRepo,
  targets,
  queue,
  metrics,
  now = () => new Date(),
  cloudNow = now,
  afterCollected = async () => {},
}: {
  repo: InventoryRepo;
  targetsRepo: Pick<CollectionTargetsRepo, 'pollableProjectIds'>;
  targets: CollectionTargets;
  queue: Pick<JobQueue, 'enqueue'>;
  /** The warehouse's metrics store the metrics jobs write to; null: inventory only, no metrics job queued. */
  metrics: MetricsStore | null;
  now?: () => Date;
  /** The cloud's time, where metric windows end (a simulated cloud's clock). */
  cloudNow?: () => Date;
  /** Told when an account and region is collected with its metrics (the recommendations re-evaluate). */
  afterCollected?: (projectId: string) => Promise<void>;
}) {
  const limit = limiter(REGIONS_AT_ONCE);

  return {
    /** Queues a pass over one project; the pass id names it in the runs and the job keys. */
    async enqueuePass(projectId: string, passId: string): Promise<void> {
      await enqueueCollectionPass(queue, projectId, passId);
    },

    /** The daily full pass: every project that can be collected. */
    async enqueueAll(passId: string): Promise<number> {
      const ids = await targetsRepo.pollableProjectIds();
      for (const projectId of ids) await this.enqueuePass(projectId, passId);
      return ids.length;
    },

    async runPass(projectId: string, passId: string): Promise<void> {
      const target = await targets.resolve(projectId, null);
      if (target === null || target.kind === 'awaiting-configuration') return;
      for (const account of target.accounts) {
        const { regions, failures } = await target.port.listRegions(account);
        const enabled = regions.filter((r) => r.enabled).map((r) => r.name);
        const accountId = account.accountId;
        if (enabled.length === 0) {
          const run = await repo.openRun({ projectId, passId, accountId, region: ACCOUNT_WIDE_REGION });
          await repo.finishRun(run, {
            status: 'failed',
            errors: collectionErrors(failures),
            upserts: [],
            deletes: [],
            changes: [],
            at: now(),
          });
          continue;
        }
        for (const region of enabled) {
          await repo.openRun({ projectId, passId, accountId, region });
          await queue.enqueue({
            kind: REGION_KIND,
            payload: { projectId, passId, accountId, region },
            dedupeKey: `${REGION_KIND}:${projectId}:${passId}:${accountId}:${region}`,
          });
        }
      }
    },

    /** One account and region of a pass (`accountId` absent: the project's first account, as older jobs had). */
    async runRegion(projectId: string, passId: string, region: string, accountId?: string): Promise<void> {
      const target = await targets.resolve(projectId, null);
      if (target === null || target.kind === 'awaiting-configuration') return;
      const account = target.accounts.find((a) => accountId === undefined || a.accountId === accountId);
      if (account === undefined) return;
      const { port } = target;
      await limit(() => collectRegion({ repo, port, account, projectId, passId, region, now }));
      // Also when the run was already saved (this job ran again): the metrics job may not have been queued.
      if (metrics === null) return afterCollected(projectId);
      await queue.enqueue({
        kind: METRICS_KIND,
        payload: { projectId, passId, accountId: account.accountId, region },
        dedupeKey: `${METRICS_KIND}:${projectId}:${passId}:${account.accountId}:${region}`,
      });
    },

    /**
     * The metrics of the resources the region's run listed, read through the cloud port and stored in the
     * warehouse; failed reads are added to the run's errors (service cloudwatch).
     */
    async runMetrics(projectId: string, passId: string, region: string, accountId: string): Promise<void> {
      const target = await targets.resolve(projectId, null);
      if (metrics === null || target === null || target.kind === 'awaiting-configuration') return;
      const account = target.accounts.find((a) => a.accountId === accountId);
      if (account === undefined) return;
      const store = metrics;
      const resources = (await repo.currentResources(projectId, accountId, region)).map(fromRow);
      const { failures } = await limit(() =>
        collectMetrics({ port: target.port, account, store, projectId, region, resources, now: cloudNow() }),
      );
      const run = await repo.openRun({ projectId, passId, accountId, region });
      await repo.addMetricErrors(run.id, collectionErrors(failures));
      await afterCollected(projectId);
    },

    /** Drops the metrics older than their retention (the daily scan). */
    async pruneMetrics(): Promise<void> {
      await metrics?.prune(retentionCutoffs(cloudNow()));
    },
  };
}

export type InventoryCollection = ReturnType<typeof createInventoryCollection>;
