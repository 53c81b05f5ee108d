import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createUtilisation } from '../features/inventory/resource-metrics.service';
import { createRecommendationsRepo } from '../features/recommendations/recommendations.repo';
import { recommendationsRoutes } from '../features/recommendations/recommendations.routes';
import {
  createRecommendationsService,
  type LedgerReader,
  type RecommendationsService,
} from '../features/recommendations/recommendations.service';
import { createRecommendationsEvaluation } from '../features/recommendations/recommendations-evaluation.service';
import { createShowbackResourceValues } from '../features/showbacks/showback-resource-values';
import { createShowbacksRepo } from '../features/showbacks/showbacks.repo';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/**
 * The evaluation over the app database and the warehouse (the jobs' and the routes' alike); `now` is the clock
 * it evaluates at and its metric windows end at (the system's; a simulated cloud's in the demo's tests).
 */
export function recommendationsEvaluationFor({
  db,
  warehouse,
  now,
}: {
  db: Kysely<AppTables>;
  warehouse: WarehouseStore;
  now?: () => Date;
}) {
  return createRecommendationsEvaluation({
    repo: createRecommendationsRepo({ db }),
    warehouse,
    utilisation: createUtilisation({ metrics: warehouse.metrics, ...(now === undefined ? {} : { now }) }),
    showbacks: createShowbackResourceValues({
      repo: createShowbacksRepo({ db }),
      scopes: createCostScopes({ db }),
      warehouse,
    }),
    ...(now === undefined ? {} : { now }),
  });
}

/** Recommendations, Essentials and rules; `ledger` adds the savings ledger's statuses when it is registered. */
export async function registerRecommendations(
  app: App,
  { db, warehouse, ledger }: { db: Kysely<AppTables>; warehouse: WarehouseStore; ledger?: LedgerReader },
): Promise<RecommendationsService> {
  const recommendations = createRecommendationsService({
    db,
    repo: createRecommendationsRepo({ db }),
    warehouse,
    utilisation: createUtilisation({ metrics: warehouse.metrics }),
    scopes: createCostScopes({ db }),
    ...(ledger === undefined ? {} : { ledger }),
  });
  await app.register(recommendationsRoutes, { recommendations });
  return recommendations;
}
