import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createCommitmentsRepo } from '../features/commitments/commitments.repo';
import { commitmentsRoutes } from '../features/commitments/commitments.routes';
import { createCommitmentsService } from '../features/commitments/commitments.service';
import { createInventoryCostView } from '../features/inventory/inventory.service';
import { createInventoryCostViewRepo } from '../features/inventory/inventory-list.repo';
import { createSchedulerRepo } from '../features/scheduler/scheduler.repo';
import { createScheduleStops } from '../features/scheduler/scheduler.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** The commitments service over the app database and the warehouse (the routes and the alert jobs). */
export function commitmentsServiceFor({
  db,
  warehouse,
}: {
  db: Kysely<AppTables>;
  warehouse: WarehouseStore;
}) {
  const repo = createCommitmentsRepo({ db });
  return createCommitmentsService({
    scopes: createCostScopes({ db }),
    warehouse,
    rateOverrides: async (clientId) => (await repo.rateOverrides(clientId)).overrides,
    // The purchase analyses' what-if: the resource scheduler's enabled schedules and their pre-flight estimates.
    scheduleStops: createScheduleStops({
      repo: createSchedulerRepo({ db }),
      inventory: createInventoryCostView({ repo: createInventoryCostViewRepo({ db }) }),
      bill: warehouse,
    }),
  });
}

/** Commitment management: inventory, dashboard, purchase analysis, convertible reservations and alerts. */
export async function registerCommitments(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(commitmentsRoutes, {
    commitmentsService: commitmentsServiceFor({ db, warehouse }),
    commitmentsRepo: createCommitmentsRepo({ db }),
  });
}
