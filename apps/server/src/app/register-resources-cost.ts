import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createInventoryCostView } from '../features/inventory/inventory.service';
import { createInventoryCostViewRepo } from '../features/inventory/inventory-list.repo';
import { createUtilisation } from '../features/inventory/resource-metrics.service';
import { resourcesCostRoutes } from '../features/resources-cost/resources-cost.routes';
import { createResourcesCostService } from '../features/resources-cost/resources-cost.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** Resources Cost: the collected inventory joined with the bill, over the projects the cost scope allows. */
export async function registerResourcesCost(
  app: App,
  {
    db,
    warehouse,
    inventoryAccountNames,
  }: {
    db: Kysely<AppTables>;
    warehouse: WarehouseStore;
    /** Account names the inventory knows (a scenario's), by project then account id. */
    inventoryAccountNames: (clientId: string) => Promise<Map<string, Map<string, string>>>;
  },
): Promise<void> {
  const resourcesCost = createResourcesCostService({
    scopes: createCostScopes({ db }),
    warehouse,
    inventory: createInventoryCostView({ repo: createInventoryCostViewRepo({ db }) }),
    utilisation: createUtilisation({ metrics: warehouse.metrics }),
    accountNames: inventoryAccountNames,
  });
  await app.register(resourcesCostRoutes, { resourcesCost });
}
