import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../../db/tables';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import { insertJob } from '../../platform/jobs/job-queue';
import type { RecommendationsRepo } from './recommendations.repo';
import type { EvaluationTrigger } from './recommendations.tables';
import type { RecommendationsEvaluation } from './recommendations-evaluation.service';

export const EVALUATE_KIND = 'recommendations.evaluate';
/** A collection finishes region by region: waiting a little lets one evaluation cover several. */
const SETTLE_MS = 30_000;

const payload = z.object({
  /** Absent: every project with collected resources (after an import). */
  projectId: z.string().min(1).optional(),
  trigger: z.enum(['collection', 'import', 'rule-change', 'manual']),
  requestedAt: z.string().datetime(),
});

/** Queues an evaluation through `db` (which may be the transaction that recorded the collection or import). */
export async function enqueueRecommendationEvaluation(
  db: Kysely<AppTables>,
  args: { projectId?: string; trigger: EvaluationTrigger },
  now: Date,
): Promise<string | null> {
  return insertJob(
    db,
    {
      kind: EVALUATE_KIND,
      payload: { ...args, requestedAt: now.toISOString() },
      runAt: new Date(
        now.getTime() + (args.trigger === 'manual' || args.trigger === 'rule-change' ? 0 : SETTLE_MS),
      ),
    },
    now,
  );
}

/**
 * The durable evaluation: a project evaluated after the request was made already saw what the request is
 * about, so the job ends without evaluating again.
 */
export function recommendationJobHandlers({
  evaluation,
  repo,
  afterEvaluated,
}: {
  evaluation: RecommendationsEvaluation;
  repo: Pick<RecommendationsRepo, 'lastEvaluationStart' | 'projectsWithInventory'>;
  /** Told each evaluated project and when its evaluation started (what it found first is new since then). */
  afterEvaluated?: (projectId: string, startedAt: Date) => Promise<void>;
}) {
  return [
    defineJobHandler({
      kind: EVALUATE_KIND,
      payload,
      async run({ projectId, trigger, requestedAt }) {
        const projects = projectId === undefined ? await repo.projectsWithInventory() : [projectId];
        for (const id of projects) {
          const last = await repo.lastEvaluationStart(id);
          if (last !== null && last.getTime() >= Date.parse(requestedAt)) continue;
          const startedAt = new Date();
          const result = await evaluation.evaluate(id, trigger);
          if (result !== null && afterEvaluated !== undefined) await afterEvaluated(id, startedAt);
        }
      },
    }),
  ];
}
