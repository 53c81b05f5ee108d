import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { WarehouseStore } from '../../warehouse/open-cost-store';
import { showbackCostsRoutes } from './showback-costs.routes';
import { createShowbackCostsService } from './showback-costs.service';
import { createShowbacksRepo } from './showbacks.repo';
import { showbacksRoutes } from './showbacks.routes';
import { createShowbacksService } from './showbacks.service';

/** Showbacks (spec §2, §7): configuration and cost calls on one repository and the warehouse. */
export async function registerShowbacks(
  app: FastifyInstance,
  deps: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  const repo = createShowbacksRepo({ db: deps.db });
  const showbacks = createShowbacksService({ repo });
  await app.register(showbacksRoutes, { showbacks });
  await app.register(showbackCostsRoutes, {
    showbackCosts: createShowbackCostsService({
      repo,
      showbacks,
      warehouse: deps.warehouse,
    }),
  });
}
