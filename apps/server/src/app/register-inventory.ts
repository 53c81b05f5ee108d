import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createCollectionTargets, type ServerIdentityCloud } from '../features/inventory/collection-targets';
import { createCollectionTargetsRepo } from '../features/inventory/collection-targets.repo';
import { inventoryCollectionFor } from '../features/inventory/inventory.jobs';
import { createInventoryRepo } from '../features/inventory/inventory.repo';
import { inventoryRoutes } from '../features/inventory/inventory.routes';
import { createInventoryService, type InventoryService } from '../features/inventory/inventory.service';
import { createInventoryListRepo } from '../features/inventory/inventory-list.repo';
import { createResourceLookupRepo } from '../features/inventory/resource-lookup.repo';
import { resourceMetricsRoutes } from '../features/inventory/resource-metrics.routes';
import { createResourceMetricsService } from '../features/inventory/resource-metrics.service';
import { createKubernetesClustersRepo } from '../features/kubernetes-clusters/kubernetes-clusters.repo';
import { createLazyAwsCloud } from '../integrations/cloud/aws/lazy-aws-cloud';
import { systemClock } from '../integrations/cloud/simulated/sim-clock';
import { createSecretBox } from '../platform/crypto/secret-box';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { CostStore } from '../warehouse/cost-store';

/** Cloud inventory: the resource list, a resource's metrics, collect now and scenario loading; returns the service for Settings. */
export async function registerInventory(
  app: App,
  {
    db,
    secretKey,
    warehouse,
    serverIdentity,
  }: {
    db: Kysely<AppTables>;
    secretKey: string;
    warehouse: CostStore;
    serverIdentity?: ServerIdentityCloud | undefined;
  },
): Promise<InventoryService> {
  const secretBox = createSecretBox(secretKey);
  // Routes only queue passes; the jobs (app/server-jobs.ts) call the cloud.
  const aws = createLazyAwsCloud();
  const targetsRepo = createCollectionTargetsRepo({
    db,
    ...(serverIdentity === undefined ? {} : { serverIdentityAccounts: serverIdentity.accounts }),
  });
  const inventory = createInventoryService({
    repo: createInventoryRepo({ db }),
    listRepo: createInventoryListRepo({ db }),
    targetsRepo,
    scopes: createCostScopes({ db }),
    targets: createCollectionTargets({
      repo: targetsRepo,
      secretBox,
      aws,
      simClock: systemClock,
      serverIdentity,
    }),
    collection: inventoryCollectionFor({ db, secretBox, aws, serverIdentity }),
    // The same registration `finlens demo` makes for the demo's scenario (commands/demo-command.ts).
    simulatedClusters: createKubernetesClustersRepo({ db }).ensureSimulated,
  });
  await app.register(inventoryRoutes, { inventory });
  const metrics = createResourceMetricsService({
    metrics: warehouse.metrics,
    lookup: createResourceLookupRepo({ db }),
    scopes: createCostScopes({ db }),
  });
  await app.register(resourceMetricsRoutes, { metrics });
  return inventory;
}
