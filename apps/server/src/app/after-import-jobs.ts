import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { SCAN_KIND } from '../features/anomalies/anomalies.service';
import { enqueueEvaluation } from '../features/cost-targets/evaluation-queue';
import { insertJob } from '../platform/jobs/job-queue';

/**
 * What follows every finished import, enqueued in the transaction that records it so it is as durable as the
 * run: the cost-target alert evaluation and the anomaly scan (each finds the clients the import made due).
 */
export async function enqueueAfterImportJobs(trx: Kysely<AppTables>, now: Date): Promise<void> {
  await enqueueEvaluation(trx, now);
  await insertJob(trx, { kind: SCAN_KIND, payload: { mode: 'imports' } }, now);
}
