import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { App } from '../../platform/http/build-app';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import { createCostTargetsRepo } from './cost-targets.repo';
import { costTargetsRoutes } from './cost-targets.routes';
import { createCostTargetsService } from './cost-targets.service';
import { createTargetAlertsService } from './target-alerts.service';

/** The cost_target, cost_target_planning(_history) and cost_target_alert calls. */
export async function registerCostTargets(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: CostQueryPort },
): Promise<void> {
  const repo = createCostTargetsRepo({ db });
  await app.register(costTargetsRoutes, {
    costTargetsService: createCostTargetsService({ repo, warehouse }),
    targetAlertsService: createTargetAlertsService({ repo }),
  });
}
