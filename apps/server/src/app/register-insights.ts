import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createCostExplorerRepo } from '../features/cost-explorer/cost-explorer.repo';
import { insightsRoutes } from '../features/insights/insights.routes';
import { createInsightsService } from '../features/insights/insights.service';
import type { App } from '../platform/http/app';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** Insights, read through the Explorer's repository (the caller's projects). */
export async function registerInsights(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(insightsRoutes, {
    insightsService: createInsightsService({ repo: createCostExplorerRepo({ db }), warehouse }),
  });
}
