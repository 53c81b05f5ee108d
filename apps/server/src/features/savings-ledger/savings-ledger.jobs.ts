import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../../db/tables';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import { createJobQueue, insertJob } from '../../platform/jobs/job-queue';
import { createCostScopes } from '../../warehouse/cost-scope';
import type { CostStore } from '../../warehouse/cost-store';
import { createLedgerApply, type ResolveTarget } from './ledger-apply';
import { createLedgerVerify, VERIFY_JOB_KIND } from './ledger-verify';
import { createSavingsLedgerRepo } from './savings-ledger.repo';
import {
  APPLY_JOB_KIND,
  createSavingsLedgerService,
  type FindRecommendation,
} from './savings-ledger.service';

/** The ledger's service and verification over the app database, acting through `resolve`'s cloud ports. */
export function savingsLedgerFor({
  db,
  warehouse,
  resolve,
  findRecommendation,
}: {
  db: Kysely<AppTables>;
  warehouse: Pick<CostStore, 'costBreakdown' | 'newestUsageDay'>;
  resolve: ResolveTarget;
  findRecommendation: FindRecommendation;
}) {
  const repo = createSavingsLedgerRepo({ db });
  const queue = createJobQueue({ db });
  const service = createSavingsLedgerService({
    repo,
    scopes: createCostScopes({ db }),
    findRecommendation,
    apply: createLedgerApply({ repo, resolve }),
    enqueueApply: async (entryId, runAt) => {
      await queue.enqueue({ kind: APPLY_JOB_KIND, payload: { entryId }, runAt });
    },
  });
  return { service, verify: createLedgerVerify({ repo, warehouse }) };
}

/** `savings-ledger.apply` continues an apply that waited for the cloud; `.verify` judges applied entries from the bill. */
export function savingsLedgerJobHandlers(ledger: ReturnType<typeof savingsLedgerFor>) {
  return [
    defineJobHandler({
      kind: APPLY_JOB_KIND,
      payload: z.object({ entryId: z.string().min(1) }),
      async run({ entryId }) {
        await ledger.service.resumeApply(entryId);
      },
    }),
    defineJobHandler({
      kind: VERIFY_JOB_KIND,
      payload: z.object({ clientId: z.string().nullable().default(null) }),
      async run({ clientId }) {
        await ledger.verify.verifyAll(clientId);
      },
    }),
  ];
}

/** Queued in the transaction of every import (app/after-import-jobs.ts): the new bill may verify a saving. */
export async function enqueueLedgerVerification(trx: Kysely<AppTables>, now: Date): Promise<void> {
  await insertJob(trx, { kind: VERIFY_JOB_KIND, payload: { clientId: null } }, now);
}
