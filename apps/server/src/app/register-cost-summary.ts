import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { costSummaryRoutes } from '../features/cost-summary/cost-summary.routes';
import { createCostSummaryService } from '../features/cost-summary/cost-summary.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** The start-up chain's month-to-date spend. */
export async function registerCostSummary(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(costSummaryRoutes, {
    costSummaryService: createCostSummaryService({ scopes: createCostScopes({ db }), warehouse }),
  });
}
