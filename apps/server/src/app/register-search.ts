import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { searchRoutes } from '../features/search/search.routes';
import { createSearchService } from '../features/search/search.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** The search box's auto-complete and query calls. */
export async function registerSearch(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(searchRoutes, {
    searchService: createSearchService({ scopes: createCostScopes({ db }), warehouse }),
  });
}
