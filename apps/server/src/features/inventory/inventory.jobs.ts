import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../../db/tables';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import { type SimClock, systemClock } from '../../integrations/cloud/simulated/sim-clock';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import { createJobQueue } from '../../platform/jobs/job-queue';
import type { ScheduleDefinition } from '../../platform/jobs/job-schedules';
import type { MetricsStore } from '../../warehouse/metrics-store';
import { createCollectionTargets, type ServerIdentityCloud } from './collection-targets';
import { createCollectionTargetsRepo } from './collection-targets.repo';
import { createInventoryRepo } from './inventory.repo';
import {
  createInventoryCollection,
  type InventoryCollection,
  METRICS_KIND,
  PASS_KIND,
  REGION_KIND,
  SCAN_KIND,
} from './inventory-collection.service';

/** The collection service over the app database, choosing the simulated cloud or `aws` per project. */
export function inventoryCollectionFor(deps: {
  db: Kysely<AppTables>;
  secretBox: SecretBox;
  aws: CloudPort;
  /** SERVER_IDENTITY_ACCOUNTS: marked accounts may collect with the server's own identity. */
  serverIdentity?: ServerIdentityCloud | undefined;
  /** Where the metrics jobs write (the warehouse's); absent: inventory only. */
  metrics?: MetricsStore;
  simClock?: SimClock;
  /** When collections are recorded (the system's time; the simulated cloud's clock in the demo's tests). */
  now?: () => Date;
  /** Told when a region's collection (and its metrics) is done. */
  afterCollected?: (projectId: string) => Promise<void>;
}): InventoryCollection {
  const targetsRepo = createCollectionTargetsRepo({
    db: deps.db,
    ...(deps.serverIdentity === undefined ? {} : { serverIdentityAccounts: deps.serverIdentity.accounts }),
  });
  return createInventoryCollection({
    repo: createInventoryRepo({ db: deps.db }),
    targetsRepo,
    targets: createCollectionTargets({
      repo: targetsRepo,
      secretBox: deps.secretBox,
      aws: deps.aws,
      simClock: deps.simClock ?? systemClock,
      serverIdentity: deps.serverIdentity,
    }),
    queue: createJobQueue({ db: deps.db }),
    metrics: deps.metrics ?? null,
    // Metric windows end at the cloud's time (the simulated cloud's clock; the system's for AWS).
    cloudNow: () => (deps.simClock ?? systemClock).now(),
    ...(deps.now === undefined ? {} : { now: deps.now }),
    ...(deps.afterCollected === undefined ? {} : { afterCollected: deps.afterCollected }),
  });
}

/** `inventory.scan` queues a pass per collectable project; a pass queues its regions; a region collects. */
export function inventoryJobHandlers(collection: InventoryCollection) {
  const pass = z.object({ projectId: z.string().min(1), passId: z.string().min(1) });
  return [
    defineJobHandler({
      kind: SCAN_KIND,
      payload: z.object({ mode: z.literal('daily') }),
      async run(_payload, { job }) {
        await collection.enqueueAll(`daily:${job.id}`);
        await collection.pruneMetrics();
      },
    }),
    defineJobHandler({
      kind: PASS_KIND,
      payload: pass,
      async run({ projectId, passId }) {
        await collection.runPass(projectId, passId);
      },
    }),
    defineJobHandler({
      kind: REGION_KIND,
      payload: pass.extend({ region: z.string().min(1), accountId: z.string().min(1).optional() }),
      async run({ projectId, passId, region, accountId }) {
        await collection.runRegion(projectId, passId, region, accountId);
      },
    }),
    defineJobHandler({
      kind: METRICS_KIND,
      payload: pass.extend({ region: z.string().min(1), accountId: z.string().min(1) }),
      async run({ projectId, passId, region, accountId }) {
        await collection.runMetrics(projectId, passId, region, accountId);
      },
    }),
  ];
}

/** The daily full pass (saved on every start; saving again replaces it). */
export const INVENTORY_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'inventory.daily', kind: SCAN_KIND, payload: { mode: 'daily' }, cron: '15 3 * * *' },
];
