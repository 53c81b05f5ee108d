import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { WarehouseStore } from '../../warehouse/open-cost-store';
import { createShowbackCostsService } from '../showbacks/showback-costs.service';
import { createShowbacksRepo } from '../showbacks/showbacks.repo';
import { createShowbacksService } from '../showbacks/showbacks.service';
import { createChargebacksRepo } from './chargebacks.repo';
import { chargebacksRoutes } from './chargebacks.routes';
import { createChargebacksService } from './chargebacks.service';

/** Chargebacks: statements computed by the showback allocation service and frozen when issued. */
export async function registerChargebacks(
  app: FastifyInstance,
  deps: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  const showbacksRepo = createShowbacksRepo({ db: deps.db });
  const showbackCosts = createShowbackCostsService({
    repo: showbacksRepo,
    showbacks: createShowbacksService({ repo: showbacksRepo }),
    warehouse: deps.warehouse,
  });
  await app.register(chargebacksRoutes, {
    chargebacks: createChargebacksService({
      repo: createChargebacksRepo({ db: deps.db }),
      showbacksRepo,
      showbackCosts,
    }),
  });
}
