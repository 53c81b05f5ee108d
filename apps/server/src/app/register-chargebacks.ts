import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createChargebacksRepo } from '../features/chargebacks/chargebacks.repo';
import { chargebacksRoutes } from '../features/chargebacks/chargebacks.routes';
import { createChargebacksService } from '../features/chargebacks/chargebacks.service';
import { createShowbacksRepo } from '../features/showbacks/showbacks.repo';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** Chargebacks: statements computed by the showback allocation and frozen when issued. */
export async function registerChargebacks(
  app: App,
  deps: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(chargebacksRoutes, {
    chargebacks: createChargebacksService({
      repo: createChargebacksRepo({ db: deps.db }),
      showbacks: { repo: createShowbacksRepo({ db: deps.db }), scopes: createCostScopes({ db: deps.db }) },
      warehouse: deps.warehouse,
    }),
  });
}
