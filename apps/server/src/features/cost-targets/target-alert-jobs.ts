import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../../db/tables';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import type { ScheduleDefinition } from '../../platform/jobs/job-schedules';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import { type CostScopes, createCostScopes } from '../../warehouse/cost-scope';
import type { TargetRow } from './cost-targets.repo';
import { statusTarget } from './cost-targets.service';
import { EVALUATE_JOB } from './evaluation-queue';
import { createTargetAlertsRepo, type TargetAlertsRepo } from './target-alerts.repo';
import { alertCrossed, alertMessage, digestMessages } from './target-alerts.service';
import { currentPeriod, dailyCostOf, periodStatus, scopeAsOf } from './target-status';

export const DIGEST_JOB = 'cost-targets.digest';

/** Every 5 minutes the due targets are evaluated (an import or a change of a target also enqueues it); digests go out at 08:00 UTC (weekly on Mondays). */
export const COST_TARGET_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'cost-targets.evaluate', kind: EVALUATE_JOB, payload: {}, cron: '*/5 * * * *' },
  { name: 'cost-targets.digest.daily', kind: DIGEST_JOB, payload: { frequency: 'daily' }, cron: '0 8 * * *' },
  {
    name: 'cost-targets.digest.weekly',
    kind: DIGEST_JOB,
    payload: { frequency: 'weekly' },
    cron: '0 8 * * 1',
  },
];

/**
 * Evaluates one target's current period: each alert whose threshold is reached records a crossing (once per
 * alert, period and threshold) and, for `immediately`, enqueues its notification at once; daily and weekly
 * crossings wait for the digest. Returns how many crossings were new.
 */
export async function evaluateTarget(args: {
  repo: TargetAlertsRepo;
  scopes: CostScopes;
  warehouse: CostQueryPort;
  row: TargetRow;
  now: Date;
}): Promise<number> {
  const { repo, scopes, warehouse, row, now } = args;
  const alerts = await repo.alerts(row.id);
  if (alerts.length === 0) return 0;
  const target = statusTarget(row, await repo.plannings(row.id));
  // A project removed since the target was saved no longer counts.
  const scope = await scopes.saved({ clientId: row.client_id }, target.scope.project_ids);
  const known = await scopeAsOf(warehouse, scope, target, now);
  const period = currentPeriod(target, known.asOf, now);
  if (period === null) return 0;
  const status = periodStatus(target, period, await dailyCostOf(warehouse, scope, target, period, known));
  let fired = 0;
  for (const alert of alerts.filter((a) => alertCrossed(a, status))) {
    const message = alertMessage({
      clientId: row.client_id,
      target: row,
      alert,
      status,
      currency: known.currency,
    });
    const crossing = {
      alertId: alert.id,
      periodStart: period.start,
      threshold: alert.threshold,
      value: alert.basis === 'actual' ? status.actual : status.forecast,
      budget: status.budget,
    };
    if (await repo.recordCrossing(crossing, message, alert.frequency === 'immediately', now)) fired += 1;
  }
  return fired;
}

/**
 * The daily or weekly digest: per target, one message per recipient listing the crossings routed to it
 * (digestMessages). Returns the messages enqueued.
 */
export async function releaseDigests(
  repo: TargetAlertsRepo,
  frequency: 'daily' | 'weekly',
  now: Date,
): Promise<number> {
  let sent = 0;
  for (const targetId of await repo.targetsWithPendingCrossings(frequency)) {
    sent += await repo.releaseDigest(targetId, frequency, now, (messages) =>
      digestMessages(targetId, messages, frequency),
    );
  }
  return sent;
}

/** The evaluate and digest handlers, for main.ts's handler list. */
export function costTargetJobHandlers({
  db,
  warehouse,
  now = () => new Date(),
}: {
  db: Kysely<AppTables>;
  warehouse: CostQueryPort;
  now?: () => Date;
}) {
  const repo = createTargetAlertsRepo({ db });
  const scopes = createCostScopes({ db });
  return [
    defineJobHandler({
      kind: EVALUATE_JOB,
      payload: z.object({}).passthrough(),
      async run(_payload, { signal }) {
        const started = now();
        for (const row of await repo.dueTargets(started)) {
          if (signal.aborted) return;
          await evaluateTarget({ repo, scopes, warehouse, row, now: started });
          // After the crossings are recorded, and only if `row` is still the target's latest version.
          await repo.markEvaluated(row, started);
        }
      },
    }),
    defineJobHandler({
      kind: DIGEST_JOB,
      payload: z.object({ frequency: z.enum(['daily', 'weekly']) }),
      async run({ frequency }) {
        await releaseDigests(repo, frequency, now());
      },
    }),
  ];
}
