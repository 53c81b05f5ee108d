import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { showbackCostsRoutes } from '../features/showbacks/showback-costs.routes';
import { createShowbackCostsService } from '../features/showbacks/showback-costs.service';
import { createShowbacksRepo } from '../features/showbacks/showbacks.repo';
import { showbacksRoutes } from '../features/showbacks/showbacks.routes';
import { createShowbacksService } from '../features/showbacks/showbacks.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** Showbacks (spec §2, §7): configuration and cost calls on one repository and the warehouse. */
export async function registerShowbacks(
  app: App,
  deps: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  const stores = { repo: createShowbacksRepo({ db: deps.db }), scopes: createCostScopes({ db: deps.db }) };
  const showbacks = createShowbacksService(stores);
  await app.register(showbacksRoutes, { showbacks });
  await app.register(showbackCostsRoutes, {
    showbackCosts: createShowbackCostsService({
      ...stores,
      showbacks,
      warehouse: deps.warehouse,
    }),
  });
}
