import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createTagExplorerRepo } from '../features/tag-explorer/tag-explorer.repo';
import { tagExplorerRoutes } from '../features/tag-explorer/tag-explorer.routes';
import { createTagExplorerService } from '../features/tag-explorer/tag-explorer.service';
import { createTagPoliciesService } from '../features/tag-explorer/tag-policies.service';
import type { App } from '../platform/http/app';
import type { CostBreakdownPort } from '../warehouse/cost-query/cost-breakdown';
import type { CostQueryPort } from '../warehouse/cost-query/cost-query-port';
import { createCostScopes } from '../warehouse/cost-scope';

/** The Tag explorer's and tag policies' routes with their services. */
export async function registerTagExplorer(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: CostQueryPort & CostBreakdownPort },
): Promise<void> {
  const deps = { repo: createTagExplorerRepo({ db }), scopes: createCostScopes({ db }), warehouse };
  await app.register(tagExplorerRoutes, {
    tagExplorerService: createTagExplorerService(deps),
    tagPoliciesService: createTagPoliciesService(deps),
  });
}
