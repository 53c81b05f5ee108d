import { addDays } from '@finlens/cost-model/utc-calendar';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../../db/tables';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import { createJobQueue, insertJob, type JobQueue } from '../../platform/jobs/job-queue';
import type { ScheduleDefinition } from '../../platform/jobs/job-schedules';
import { createCostScopes } from '../../warehouse/cost-scope';
import type { CostStore } from '../../warehouse/cost-store';
import { DISPATCH_KIND } from '../notifications/notifications.service';
import { createLedgerApply, type ResolveTarget } from './ledger-apply';
import { createLedgerVerify, VERIFY_JOB_KIND } from './ledger-verify';
import { createSavingsLedgerRepo } from './savings-ledger.repo';
import {
  APPLY_JOB_KIND,
  createSavingsLedgerService,
  type FindRecommendation,
} from './savings-ledger.service';
import { digestWeek, weeklyDigestNotice } from './weekly-digest';
import type { WeeklyDigestRepo } from './weekly-digest.repo';

/** The ledger's service and verification over the app database, acting through `resolve`'s cloud ports. */
export function savingsLedgerFor({
  db,
  warehouse,
  resolve,
  findRecommendation,
}: {
  db: Kysely<AppTables>;
  warehouse: Pick<CostStore, 'costBreakdown' | 'newestUsageDay' | 'resourceCosts' | 'kubernetesCosts'>;
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
export function savingsLedgerJobHandlers(
  ledger: ReturnType<typeof savingsLedgerFor>,
  /** Runs before each verification: the scheduler's new first stops become entries the bill then judges. */
  beforeVerify: () => Promise<unknown> = async () => undefined,
) {
  return [
    defineJobHandler({
      kind: APPLY_JOB_KIND,
      payload: z.object({ entryId: z.string().min(1) }),
      async run({ entryId }) {
        await ledger.service.resumeApply(entryId);
      },
    }),
    defineJobHandler({
      kind: POLICY_ACCEPT_KIND,
      payload: z.object({ projectId: z.string().min(1), since: z.string().datetime() }),
      async run({ projectId, since }) {
        await ledger.service.acceptByPolicy(projectId, new Date(since));
      },
    }),
    defineJobHandler({
      kind: VERIFY_JOB_KIND,
      payload: z.object({ clientId: z.string().nullable().default(null) }),
      async run({ clientId }) {
        await beforeVerify();
        await ledger.verify.verifyAll(clientId);
      },
    }),
  ];
}

export const POLICY_ACCEPT_KIND = 'savings-ledger.accept-by-policy';

/** Queued after each evaluation: its new findings may fall under a remediation policy that applies them. */
export function enqueuePolicyAccept(
  queue: Pick<JobQueue, 'enqueue'>,
  projectId: string,
  since: Date,
): Promise<unknown> {
  return queue.enqueue({ kind: POLICY_ACCEPT_KIND, payload: { projectId, since: since.toISOString() } });
}

/** Queued in the transaction of every import (app/after-import-jobs.ts): the new bill may verify a saving. */
export async function enqueueLedgerVerification(trx: Kysely<AppTables>, now: Date): Promise<void> {
  await insertJob(trx, { kind: VERIFY_JOB_KIND, payload: { clientId: null } }, now);
}

export const DIGEST_SCAN_KIND = 'savings-ledger.weekly-digest-scan';
export const DIGEST_KIND = 'savings-ledger.weekly-digest';

/**
 * The weekly digest: the scan queues one job per client with a project, which sends the last whole week's new
 * recommendations and verified savings once (both jobs keyed on the client and the week's Monday).
 */
export function weeklyDigestJobHandlers({
  repo,
  queue,
  now = () => new Date(),
}: {
  repo: WeeklyDigestRepo;
  queue: Pick<JobQueue, 'enqueue'>;
  now?: () => Date;
}) {
  return [
    defineJobHandler({
      kind: DIGEST_SCAN_KIND,
      payload: z.object({}).passthrough(),
      async run() {
        const week = digestWeek(now());
        for (const clientId of await repo.clientsWithProjects()) {
          await queue.enqueue({
            kind: DIGEST_KIND,
            payload: { clientId, week: week.from },
            dedupeKey: `${DIGEST_KIND}:${clientId}:${week.from}`,
          });
        }
      },
    }),
    defineJobHandler({
      kind: DIGEST_KIND,
      payload: z.object({ clientId: z.string().min(1), week: z.string().date() }),
      async run({ clientId, week: from }) {
        const start = new Date(`${from}T00:00:00Z`);
        const end = new Date(`${addDays(from, 7)}T00:00:00Z`);
        const [fresh, verified, adminIds] = await Promise.all([
          repo.newRecommendations(clientId, start, end),
          repo.verifiedEntries(clientId),
          repo.adminIds(clientId),
        ]);
        const inWeek = verified.filter((e) => {
          const at = Date.parse(e.verification.verified_at);
          return at >= start.getTime() && at < end.getTime();
        });
        const notice = weeklyDigestNotice({
          clientId,
          week: { from, to: addDays(from, 7) },
          fresh,
          verified: inWeek.map((e) => ({
            title: e.title,
            estimated: e.estimated_monthly_saving,
            realised: e.verification.realised_monthly_saving,
          })),
          realisedTotal: verified.reduce((sum, e) => sum + e.verification.realised_monthly_saving, 0),
          adminIds,
        });
        if (notice === null) return;
        await queue.enqueue({
          kind: DISPATCH_KIND,
          payload: notice,
          dedupeKey: `${DIGEST_KIND}.notice:${clientId}:${from}`,
        });
      },
    }),
  ];
}

/** Monday 07:00 UTC, after the demo bill's refresh and the morning's scans: the week just ended. */
export const WEEKLY_DIGEST_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'savings-ledger.weekly-digest', kind: DIGEST_SCAN_KIND, payload: {}, cron: '0 7 * * 1' },
];
