import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createCostTargetsRepo } from '../features/cost-targets/cost-targets.repo';
import { costTargetsRoutes } from '../features/cost-targets/cost-targets.routes';
import { createCostTargetsService } from '../features/cost-targets/cost-targets.service';
import { createTargetAlertsService } from '../features/cost-targets/target-alerts.service';
import type { App } from '../platform/http/app';
import type { CostQueryPort } from '../warehouse/cost-query/cost-query-port';
import { createCostScopes } from '../warehouse/cost-scope';

/** The cost_target, cost_target_planning(_history) and cost_target_alert calls. */
export async function registerCostTargets(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: CostQueryPort },
): Promise<void> {
  const repo = createCostTargetsRepo({ db });
  await app.register(costTargetsRoutes, {
    costTargetsService: createCostTargetsService({ repo, scopes: createCostScopes({ db }), warehouse }),
    targetAlertsService: createTargetAlertsService({ repo }),
  });
}
