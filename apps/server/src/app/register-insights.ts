import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { insightsRoutes } from '../features/insights/insights.routes';
import { createInsightsService } from '../features/insights/insights.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** Insights over the projects the one cost scope lets the caller read. */
export async function registerInsights(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(insightsRoutes, {
    insightsService: createInsightsService({ scopes: createCostScopes({ db }), warehouse }),
  });
}
