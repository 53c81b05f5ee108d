import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createCostSummaryRepo } from '../features/cost-summary/cost-summary.repo';
import { costSummaryRoutes } from '../features/cost-summary/cost-summary.routes';
import { createCostSummaryService } from '../features/cost-summary/cost-summary.service';
import type { App } from '../platform/http/app';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** The start-up chain's month-to-date spend. */
export async function registerCostSummary(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(costSummaryRoutes, {
    costSummaryService: createCostSummaryService({ repo: createCostSummaryRepo({ db }), warehouse }),
  });
}
