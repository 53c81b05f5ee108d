import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createComputeCopilotRepo } from '../features/compute-copilot/compute-copilot.repo';
import { computeCopilotRoutes } from '../features/compute-copilot/compute-copilot.routes';
import { createComputeCopilotService } from '../features/compute-copilot/compute-copilot.service';
import { createCollectionTargets, type ServerIdentityCloud } from '../features/inventory/collection-targets';
import { createCollectionTargetsRepo } from '../features/inventory/collection-targets.repo';
import { createUtilisation } from '../features/inventory/resource-metrics.service';
import type { CloudPort } from '../integrations/cloud/cloud-port';
import { systemClock } from '../integrations/cloud/simulated/sim-clock';
import { createSecretBox } from '../platform/crypto/secret-box';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** What a page's live reads of the cloud need: the secret box's key, the AWS port, the server-identity accounts. */
export interface LiveCloud {
  secretKey: string;
  aws: CloudPort;
  serverIdentity?: ServerIdentityCloud | undefined;
}

/** The projects' collection targets for reads a page makes live (none without a cloud configuration). */
export function liveCloudTargets(db: Kysely<AppTables>, cloud: LiveCloud | undefined) {
  return cloud === undefined
    ? null
    : createCollectionTargets({
        repo: createCollectionTargetsRepo({ db }),
        secretBox: createSecretBox(cloud.secretKey),
        aws: cloud.aws,
        simClock: systemClock,
        serverIdentity: cloud.serverIdentity,
      });
}

/** Compute Copilot: the ASG, Databricks and compute visibility dashboards; live reads through the cloud port. */
export async function registerComputeCopilot(
  app: App,
  {
    db,
    warehouse,
    cloud,
  }: {
    db: Kysely<AppTables>;
    warehouse: WarehouseStore;
    cloud?: LiveCloud;
  },
): Promise<void> {
  const targets = liveCloudTargets(db, cloud);
  await app.register(computeCopilotRoutes, {
    computeCopilotService: createComputeCopilotService({
      scopes: createCostScopes({ db }),
      warehouse,
      repo: createComputeCopilotRepo({ db }),
      utilisation: createUtilisation({ metrics: warehouse.metrics }),
      ...(targets === null ? {} : { resolveCloud: targets.resolve }),
    }),
  });
}
