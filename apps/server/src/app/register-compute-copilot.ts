import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createComputeCopilotRepo } from '../features/compute-copilot/compute-copilot.repo';
import { computeCopilotRoutes } from '../features/compute-copilot/compute-copilot.routes';
import { createComputeCopilotService } from '../features/compute-copilot/compute-copilot.service';
import { createUtilisation } from '../features/inventory/resource-metrics.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';
import { type LiveCloud, liveCloudTargets } from './live-cloud';

/** Compute Copilot: the ASG, Databricks and compute visibility dashboards; live reads through the cloud port. */
export async function registerComputeCopilot(
  app: App,
  {
    db,
    warehouse,
    cloud,
  }: {
    db: Kysely<AppTables>;
    warehouse: WarehouseStore;
    cloud?: LiveCloud;
  },
): Promise<void> {
  const targets = liveCloudTargets(db, cloud);
  await app.register(computeCopilotRoutes, {
    computeCopilotService: createComputeCopilotService({
      scopes: createCostScopes({ db }),
      warehouse,
      repo: createComputeCopilotRepo({ db }),
      utilisation: createUtilisation({ metrics: warehouse.metrics }),
      ...(targets === null ? {} : { resolveCloud: targets.resolve }),
    }),
  });
}
