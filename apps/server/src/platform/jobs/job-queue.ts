import { type Kysely, sql } from 'kysely';
import type { AppTables, JobRow } from '../../db/tables';
import { appNow } from '../clock';
import { type BackoffPolicy, backoffDelayMs, DEFAULT_BACKOFF } from './job-handler';

export interface EnqueueJob {
  kind: string;
  payload: unknown;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Names one slot of work: a second enqueue with the same key is ignored, whatever the first job's state. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export type FailOutcome = 'queued' | 'failed' | 'dead' | 'lost';

export interface JobQueue {
  /** The new job's id, or null when `dedupeKey` was already used. */
  enqueue(job: EnqueueJob): Promise<string | null>;
  /** Takes the oldest due job of one of `kinds` (or one whose lease expired) for `leaseMs`. */
  claim(options: { workerId: string; kinds: readonly string[]; leaseMs: number }): Promise<JobRow | null>;
  /** False when this worker no longer holds the job (its lease expired and another worker took it). */
  complete(options: { job: JobRow; workerId: string }): Promise<boolean>;
  /** Requeues with backoff, or fails (permanent error) or buries (attempts used up) the job. */
  fail(options: { job: JobRow; workerId: string; error: string; permanent: boolean }): Promise<FailOutcome>;
  /** Gives a job back untouched (worker shutting down): due now, the attempt not counted. */
  release(options: { job: JobRow; workerId: string }): Promise<boolean>;
  extendLease(options: { job: JobRow; workerId: string; leaseMs: number }): Promise<boolean>;
  /** Marks dead the jobs whose worker vanished on their last allowed attempt; returns how many. */
  buryExpired(): Promise<number>;
  /**
   * Deletes succeeded jobs finished before `before`, keeping those whose dedupe key still guards a slot
   * (only schedule slots, which lie in the past, may go). Failed and dead jobs stay for inspection.
   */
  purgeSucceeded(before: Date): Promise<number>;
  get(id: string): Promise<JobRow | null>;
}

export type Clock = () => Date;

const wallClock: Clock = () => new Date();

/** Inserts a job through `db`, which may be a transaction (schedules enqueue inside theirs). */
export async function insertJob(db: Kysely<AppTables>, job: EnqueueJob, now: Date): Promise<string | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      run_at: job.runAt ?? now,
      dedupe_key: job.dedupeKey ?? null,
      last_error: null,
      locked_by: null,
      locked_until: null,
      ...(job.maxAttempts === undefined ? {} : { max_attempts: job.maxAttempts }),
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The jobs table as a queue that several server processes can share safely. A job falls due by the app's clock
 * (appNow: the test-only clock control moves it ahead), while leases and updated_at keep real time (a jump of
 * that clock must not take a job from the worker running it); `clock` gives tests one clock for both.
 */
export function createJobQueue({
  db,
  clock,
  backoff = DEFAULT_BACKOFF,
}: {
  db: Kysely<AppTables>;
  clock?: Clock;
  backoff?: BackoffPolicy;
}): JobQueue {
  const dueNow = clock ?? appNow;
  const realNow = clock ?? wallClock;
  const later = (ms: number) => new Date(dueNow().getTime() + ms);
  const leaseUntil = (ms: number) => new Date(realNow().getTime() + ms);
  const held = (job: JobRow, workerId: string) =>
    db
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('locked_by', '=', workerId);

  return {
    enqueue: (job) => insertJob(db, job, dueNow()),

    async claim({ workerId, kinds, leaseMs }) {
      if (kinds.length === 0) return null;
      const due = dueNow();
      const now = realNow();
      // SKIP LOCKED: concurrent claimers pass over a row another transaction is taking instead of waiting.
      const { rows } = await sql<JobRow>`
        update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = ${leaseUntil(leaseMs)}, updated_at = ${now}
        where id = (
          select id from jobs
          where kind in (${sql.join(kinds)}) and (
            (status = 'queued' and run_at <= ${due})
            or (status = 'running' and locked_until < ${now} and attempts < max_attempts))
          order by run_at, created_at
          limit 1
          for update skip locked)
        returning *`.execute(db);
      return rows[0] ?? null;
    },

    async complete({ job, workerId }) {
      const result = await held(job, workerId)
        .set({
          status: 'succeeded',
          locked_by: null,
          locked_until: null,
          last_error: null,
          updated_at: realNow(),
        })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async fail({ job, workerId, error, permanent }) {
      const outcome: FailOutcome = permanent
        ? 'failed'
        : job.attempts >= job.max_attempts
          ? 'dead'
          : 'queued';
      const retryAt = outcome === 'queued' ? { run_at: later(backoffDelayMs(job.attempts, backoff)) } : {};
      const result = await held(job, workerId)
        .set({
          status: outcome as JobRow['status'],
          ...retryAt,
          last_error: error,
          locked_by: null,
          locked_until: null,
          updated_at: realNow(),
        })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? outcome : 'lost';
    },

    async release({ job, workerId }) {
      const result = await held(job, workerId)
        .set((eb) => ({
          status: 'queued',
          attempts: eb('attempts', '-', 1),
          locked_by: null,
          locked_until: null,
          updated_at: realNow(),
        }))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async extendLease({ job, workerId, leaseMs }) {
      const result = await held(job, workerId)
        .set({ locked_until: leaseUntil(leaseMs), updated_at: realNow() })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async buryExpired() {
      const now = realNow();
      const result = await db
        .updateTable('jobs')
        .set({
          status: 'dead',
          last_error: 'worker lost the job on its last attempt (lease expired)',
          updated_at: now,
        })
        .where('status', '=', 'running')
        .where('locked_until', '<', now)
        .whereRef('attempts', '>=', 'max_attempts')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async purgeSucceeded(before) {
      const result = await db
        .deleteFrom('jobs')
        .where('status', '=', 'succeeded')
        .where('updated_at', '<', before)
        .where((eb) => eb.or([eb('dedupe_key', 'is', null), eb('dedupe_key', 'like', 'schedule:%')]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async get(id) {
      return (await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },
  };
}
