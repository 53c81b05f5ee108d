import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createKubernetesClustersRepo } from '../features/kubernetes-clusters/kubernetes-clusters.repo';
import { kubernetesClustersRoutes } from '../features/kubernetes-clusters/kubernetes-clusters.routes';
import {
  createKubernetesClustersService,
  type KubernetesClustersService,
} from '../features/kubernetes-clusters/kubernetes-clusters.service';
import { createSchedulerRepo } from '../features/scheduler/scheduler.repo';
import { createKubernetesConnector } from '../integrations/kubernetes/kubernetes-client';
import { createSecretBox } from '../platform/crypto/secret-box';
import type { App } from '../platform/http/app';
import { createGuardedHttp } from '../platform/outbound/guarded-http';
import { createCostScopes } from '../warehouse/cost-scope';

/**
 * Kubernetes clusters (the container scheduler's targets), their credentials sealed with SECRET_KEY and every
 * call to their API servers through the outbound guard (OUTBOUND_ALLOW for private endpoints).
 */
export function kubernetesClustersFor({
  db,
  secretKey,
  outboundAllow,
}: {
  db: Kysely<AppTables>;
  secretKey: string;
  outboundAllow: readonly string[];
}): KubernetesClustersService {
  const http = createGuardedHttp(outboundAllow);
  const schedules = createSchedulerRepo({ db });
  return createKubernetesClustersService({
    repo: createKubernetesClustersRepo({ db }),
    scopes: createCostScopes({ db }),
    secretBox: createSecretBox(secretKey),
    refusedReason: http.refusedReason,
    connect: createKubernetesConnector(http),
    usedBy: (clusterId) => schedules.nameTargetingCluster(clusterId),
  });
}

export async function registerKubernetesClusters(
  app: App,
  clusters: KubernetesClustersService,
): Promise<void> {
  await app.register(kubernetesClustersRoutes, { clusters });
}
