import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createCostExplorerRepo } from '../features/cost-explorer/cost-explorer.repo';
import { costExplorerRoutes } from '../features/cost-explorer/cost-explorer.routes';
import { createCostExplorerService } from '../features/cost-explorer/cost-explorer.service';
import type { App } from '../platform/http/app';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** The Explorer's cost_page calls; internal users (INTERNAL_EMAIL_DOMAINS) get the finer granularities. */
export async function registerCostExplorer(
  app: App,
  deps: { db: Kysely<AppTables>; warehouse: WarehouseStore; internalEmailDomains: readonly string[] },
): Promise<void> {
  await app.register(costExplorerRoutes, {
    costExplorerService: createCostExplorerService({
      repo: createCostExplorerRepo({ db: deps.db }),
      warehouse: deps.warehouse,
    }),
    internalEmailDomains: deps.internalEmailDomains,
  });
}
