import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { commitmentsRoutes } from '../features/commitments/commitments.routes';
import { createCommitmentsService } from '../features/commitments/commitments.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** Commitment management: inventory, dashboard, purchase analysis and convertible reservations. */
export async function registerCommitments(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(commitmentsRoutes, {
    commitmentsService: createCommitmentsService({
      scopes: createCostScopes({ db }),
      warehouse,
    }),
  });
}
