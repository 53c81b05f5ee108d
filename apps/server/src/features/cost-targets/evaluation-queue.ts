import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { insertJob } from '../../platform/jobs/job-queue';

export const EVALUATE_JOB = 'cost-targets.evaluate';

/**
 * Enqueues an evaluation of the due targets unless one is already waiting (a running one may have read the
 * targets before the change). `db` may be the transaction that made a target due: the waiting job is locked
 * until it commits, so no worker claims it (claims skip locked rows) and reads the targets before the change.
 */
export async function enqueueEvaluation(db: Kysely<AppTables>, now: Date): Promise<void> {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', EVALUATE_JOB)
    .where('status', '=', 'queued')
    .where('run_at', '<=', now)
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (waiting === undefined) await insertJob(db, { kind: EVALUATE_JOB, payload: {} }, now);
}
