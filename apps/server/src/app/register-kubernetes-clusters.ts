import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createInventoryRepo } from '../features/inventory/inventory.repo';
import { createKubernetesClustersRepo } from '../features/kubernetes-clusters/kubernetes-clusters.repo';
import { kubernetesClustersRoutes } from '../features/kubernetes-clusters/kubernetes-clusters.routes';
import {
  createKubernetesClustersService,
  type KubernetesClustersService,
} from '../features/kubernetes-clusters/kubernetes-clusters.service';
import { createSchedulerRepo } from '../features/scheduler/scheduler.repo';
import { scenarioKubernetesSchema } from '../integrations/cloud/simulated/scenario-schema';
import { type SimClock, systemClock } from '../integrations/cloud/simulated/sim-clock';
import { createLazyKubernetesConnector } from '../integrations/kubernetes/lazy-kubernetes-connector';
import { createSimulatedKubernetes } from '../integrations/kubernetes/simulated-kubernetes';
import { createSecretBox } from '../platform/crypto/secret-box';
import type { App } from '../platform/http/app';
import { createGuardedHttp } from '../platform/outbound/guarded-http';
import { createCostScopes } from '../warehouse/cost-scope';

/**
 * Kubernetes clusters (the container scheduler's targets), their credentials sealed with SECRET_KEY and every
 * call to their API servers through the outbound guard (OUTBOUND_ALLOW for private endpoints). Clusters marked
 * simulated (the demo's) answer from their project's cloud scenario, on the simulated cloud's clock.
 */
export function kubernetesClustersFor({
  db,
  secretKey,
  outboundAllow,
  simClock = systemClock,
}: {
  db: Kysely<AppTables>;
  secretKey: string;
  outboundAllow: readonly string[];
  simClock?: SimClock;
}): KubernetesClustersService {
  const http = createGuardedHttp(outboundAllow);
  const schedules = createSchedulerRepo({ db });
  const repo = createKubernetesClustersRepo({ db });
  const inventory = createInventoryRepo({ db });
  return createKubernetesClustersService({
    repo,
    scopes: createCostScopes({ db }),
    secretBox: createSecretBox(secretKey),
    refusedReason: http.refusedReason,
    connect: createLazyKubernetesConnector(http),
    simulated: async (row) => {
      // The scenario was checked when it was saved; only its kubernetes section is read.
      const stored = await inventory.kubernetesOf(row.project_id);
      const section = scenarioKubernetesSchema.parse(stored?.kubernetes ?? {});
      return createSimulatedKubernetes({
        name: row.name,
        cluster: section.clusters.find((c) => c.name === row.name) ?? null,
        scales: repo.simulatedScales(row.id),
        clock: simClock,
        transitionSeconds: typeof stored?.transitionSeconds === 'number' ? stored.transitionSeconds : 60,
      });
    },
    usedBy: (clusterId) => schedules.nameTargetingCluster(clusterId),
  });
}

export async function registerKubernetesClusters(
  app: App,
  clusters: KubernetesClustersService,
): Promise<void> {
  await app.register(kubernetesClustersRoutes, { clusters });
}
