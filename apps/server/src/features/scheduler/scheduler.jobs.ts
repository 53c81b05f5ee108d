import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../../db/tables';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import { createJobQueue } from '../../platform/jobs/job-queue';
import type { ScheduleDefinition } from '../../platform/jobs/job-schedules';
import { DISPATCH_KIND } from '../notifications/notifications.service';
import { createReconciler, type ReconcileTarget, type TickReport } from './reconciler';
import { createReconcilerRepo } from './reconciler.repo';
import type { InventoryEntry } from './scheduled-resources';
import { createSchedulerRepo } from './scheduler.repo';
import type { ScheduleWorkloads } from './workload-subjects';

export const TICK_KIND = 'scheduler.tick';

/** The tick as a cron (croner: six fields with seconds); every slot is one job, whatever the number of processes. */
export function tickCron(seconds: number): string {
  return seconds < 60 ? `*/${seconds} * * * * *` : `0 */${seconds / 60} * * * *`;
}

export function schedulerSchedules(tickSeconds: number): ScheduleDefinition[] {
  return [{ name: 'scheduler.tick', kind: TICK_KIND, payload: {}, cron: tickCron(tickSeconds) }];
}

/** The reconciler over the app database; drift and restarts go out as notifications (one job per event). */
export function reconcilerFor({
  db,
  inventory,
  targets,
  workloads,
  tickSeconds,
  now = () => new Date(),
}: {
  db: Kysely<AppTables>;
  inventory: { resources(projectIds: readonly string[]): Promise<InventoryEntry[]> };
  targets: { resolve(projectId: string): Promise<ReconcileTarget | null> };
  workloads?: ScheduleWorkloads;
  tickSeconds: number;
  now?: () => Date;
}) {
  const queue = createJobQueue({ db, clock: now });
  return createReconciler({
    schedules: createSchedulerRepo({ db }),
    repo: createReconcilerRepo({ db }),
    inventory,
    targets,
    ...(workloads === undefined ? {} : { workloads }),
    notify: async (payload, dedupeKey) => {
      await queue.enqueue({ kind: DISPATCH_KIND, payload, dedupeKey });
    },
    now,
    tickMs: tickSeconds * 1000,
  });
}

export function schedulerJobHandlers(
  reconciler: { tick(): Promise<TickReport> },
  log: (report: TickReport) => void,
) {
  return [
    defineJobHandler({
      kind: TICK_KIND,
      payload: z.object({}).passthrough(),
      run: async () => log(await reconciler.tick()),
    }),
  ];
}
