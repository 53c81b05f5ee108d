import { SCAN_KIND } from '../features/anomalies/anomalies.service';
import { enqueueCommitmentAlertScan } from '../features/commitments/commitments.jobs';
import { enqueueEvaluation } from '../features/cost-targets/evaluation-queue';
import { enqueueRecommendationEvaluation } from '../features/recommendations/recommendations.jobs';
import { enqueueLedgerVerification } from '../features/savings-ledger/savings-ledger.jobs';
import type { PeriodsReplacedHook } from '../ingest/imports.repo';
import { insertJob } from '../platform/jobs/job-queue';

/**
 * The hook every import is handed (ingest's PeriodsReplacedHook): in the transaction that records the run, the
 * cost-target alert evaluation, the anomaly scan, the savings ledger's verification (each finds the clients the
 * import made due), the recommendations' evaluation (their savings are priced from the bill) and the commitment
 * alerts' scan (a new bill may show a commitment under-used, bought or lapsing).
 */
export const enqueueAfterImportJobs: PeriodsReplacedHook = async (trx, now) => {
  await enqueueEvaluation(trx, now);
  await insertJob(trx, { kind: SCAN_KIND, payload: { mode: 'imports' } }, now);
  await enqueueLedgerVerification(trx, now);
  await enqueueRecommendationEvaluation(trx, { trigger: 'import' }, now);
  await enqueueCommitmentAlertScan(trx, now);
};
