import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { WarehouseStore } from '../../warehouse/open-cost-store';
import { createShowbacksRepo } from '../showbacks/showbacks.repo';
import { createChargebacksRepo } from './chargebacks.repo';
import { chargebacksRoutes } from './chargebacks.routes';
import { createChargebacksService } from './chargebacks.service';

/** Chargebacks: statements computed by the showback allocation and frozen when issued. */
export async function registerChargebacks(
  app: FastifyInstance,
  deps: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(chargebacksRoutes, {
    chargebacks: createChargebacksService({
      repo: createChargebacksRepo({ db: deps.db }),
      showbacksRepo: createShowbacksRepo({ db: deps.db }),
      warehouse: deps.warehouse,
    }),
  });
}
