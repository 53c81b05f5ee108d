import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../../db/tables';
import { type AnyJobHandler, PermanentJobError } from './job-handler';
import type { JobQueue } from './job-queue';
import type { JobSchedules } from './job-schedules';

export interface JobWorkerOptions {
  queue: JobQueue;
  schedules?: JobSchedules;
  handlers: readonly AnyJobHandler[];
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  workerId?: string;
  pollIntervalMs?: number;
  /** How long a claimed job stays ours without a heartbeat; a crashed worker's job is retried after it. */
  leaseMs?: number;
  concurrency?: number;
  /** How long succeeded jobs are kept (default 14 days); purged at most hourly. */
  retentionMs?: number;
}

export interface JobWorker {
  readonly workerId: string;
  start(): void;
  /** Stops claiming, aborts running handlers' signals and waits for them to settle. */
  stop(): Promise<void>;
  /** Claims and runs one job to the end (tests and the CLI); null when nothing is due. */
  runNext(): Promise<JobRow | null>;
}

export function createJobWorker({
  queue,
  schedules,
  handlers,
  logger,
  workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  pollIntervalMs = 1_000,
  leaseMs = 5 * 60_000,
  concurrency = 2,
  retentionMs = 14 * 24 * 3_600_000,
}: JobWorkerOptions): JobWorker {
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]));
  if (byKind.size !== handlers.length) throw new Error('Two job handlers registered for the same kind');
  const kinds = [...byKind.keys()];
  const running = new Set<Promise<void>>();
  const shutdown = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let purgedAt = 0;

  async function execute(job: JobRow): Promise<void> {
    const handler = byKind.get(job.kind);
    const lease = new AbortController();
    const signal = AbortSignal.any([lease.signal, shutdown.signal]);
    const heartbeat = setInterval(() => {
      queue.extendLease({ job, workerId, leaseMs }).then(
        (held) => held || lease.abort(new Error('lease lost')),
        (error: unknown) => logger.warn({ err: error, jobId: job.id }, 'job lease renewal failed'),
      );
    }, leaseMs / 3);
    try {
      if (handler === undefined) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      const parsed = handler.payload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
      await handler.run(parsed.data, { job, signal });
      await queue.complete({ job, workerId });
    } catch (error) {
      if (shutdown.signal.aborted) {
        // Interrupted by our own shutdown: hand the job back without spending an attempt.
        await queue.release({ job, workerId });
        return;
      }
      const permanent = error instanceof PermanentJobError;
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await queue.fail({ job, workerId, error: message, permanent });
      logger.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, outcome, err: error },
        'job failed',
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function runNext(): Promise<JobRow | null> {
    const job = await queue.claim({ workerId, kinds, leaseMs });
    if (job !== null) await execute(job);
    return job;
  }

  function tick(): Promise<void> {
    if (shutdown.signal.aborted) return Promise.resolve();
    ticking ??= claimAndStart().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  async function claimAndStart(): Promise<void> {
    try {
      await schedules?.enqueueDue();
      await queue.buryExpired();
      if (Date.now() - purgedAt > 3_600_000) {
        purgedAt = Date.now();
        await queue.purgeSucceeded(new Date(Date.now() - retentionMs));
      }
      while (running.size < concurrency && !shutdown.signal.aborted) {
        const job = await queue.claim({ workerId, kinds, leaseMs });
        if (job === null) break;
        const task = execute(job).finally(() => {
          running.delete(task);
          void tick();
        });
        running.add(task);
      }
    } catch (error) {
      // A database hiccup must not kill the loop; the next tick retries.
      logger.error({ err: error }, 'job worker tick failed');
    }
  }

  return {
    workerId,
    runNext,
    start() {
      if (timer !== null) return;
      timer = setInterval(() => void tick(), pollIntervalMs);
      void tick();
    },
    async stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      shutdown.abort(new Error('worker stopping'));
      await ticking;
      await Promise.allSettled([...running]);
    },
  };
}
