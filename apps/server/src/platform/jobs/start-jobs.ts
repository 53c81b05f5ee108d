import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { AnyJobHandler } from './job-handler';
import { createJobQueue, type JobQueue } from './job-queue';
import { createJobSchedules, type JobSchedules } from './job-schedules';
import { createJobWorker, type JobWorkerOptions } from './job-worker';

export interface RunningJobs {
  queue: JobQueue;
  schedules: JobSchedules;
  /** Stops claiming and waits for running jobs (they are handed back if interrupted). */
  stop(): Promise<void>;
}

/**
 * The server's background worker: ticks the schedules and runs the registered handlers. Every server
 * process runs one; they share the jobs through the app database.
 */
export function startJobs({
  db,
  logger,
  handlers,
  pollIntervalMs,
}: {
  db: Kysely<AppTables>;
  logger: JobWorkerOptions['logger'];
  handlers: readonly AnyJobHandler[];
  pollIntervalMs?: number;
}): RunningJobs {
  const queue = createJobQueue({ db });
  const schedules = createJobSchedules({ db });
  const worker = createJobWorker({
    queue,
    schedules,
    handlers,
    logger,
    ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }),
  });
  worker.start();
  logger.info(
    { workerId: worker.workerId, kinds: handlers.map((handler) => handler.kind) },
    'job worker started',
  );
  return { queue, schedules, stop: () => worker.stop() };
}
