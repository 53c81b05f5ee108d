import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { costExplorerRoutes } from '../features/cost-explorer/cost-explorer.routes';
import { createCostExplorerService } from '../features/cost-explorer/cost-explorer.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** The Explorer's cost_page calls; internal users (the Caller's `internal`) get the finer granularities. */
export async function registerCostExplorer(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(costExplorerRoutes, {
    costExplorerService: createCostExplorerService({ scopes: createCostScopes({ db }), warehouse }),
  });
}
