import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { containersRoutes } from '../features/containers/containers.routes';
import { createContainersService } from '../features/containers/containers.service';
import { createEksInventoryRepo } from '../features/containers/eks-inventory.repo';
import { createRecommendationsRepo } from '../features/recommendations/recommendations.repo';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** Kubernetes cost and container rightsizing from the EKS split rows, over the projects the cost scope allows. */
export async function registerContainers(
  app: App,
  { db, warehouse }: { db: Kysely<AppTables>; warehouse: WarehouseStore },
): Promise<void> {
  const containers = createContainersService({
    scopes: createCostScopes({ db }),
    warehouse,
    inventory: createEksInventoryRepo({ db }),
    recommendations: {
      // A workload's open container-rightsizing recommendation, for the page's link to it and its ledger entry.
      workloadRecommendationIds: (projectIds) =>
        createRecommendationsRepo({ db }).openIdsByResource(projectIds, 'container-rightsizing'),
    },
  });
  await app.register(containersRoutes, { containers });
}
