import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createInventoryCostView } from '../features/inventory/inventory.service';
import { createInventoryCostViewRepo } from '../features/inventory/inventory-list.repo';
import type { KubernetesClustersService } from '../features/kubernetes-clusters/kubernetes-clusters.service';
import { createScheduleLedgerRepo } from '../features/scheduler/schedule-ledger.repo';
import { createSchedulerRepo } from '../features/scheduler/scheduler.repo';
import { schedulerRoutes } from '../features/scheduler/scheduler.routes';
import { createSchedulerService } from '../features/scheduler/scheduler.service';
import { systemClock } from '../integrations/cloud/simulated/sim-clock';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** Resource scheduler: schedules, overrides, one-off actions and the action log (the reconciler is a job). */
export async function registerScheduler(
  app: App,
  {
    db,
    warehouse,
    clusters,
  }: {
    db: Kysely<AppTables>;
    warehouse: WarehouseStore;
    clusters: Pick<KubernetesClustersService, 'projectsOf' | 'ports'>;
  },
): Promise<void> {
  const inventory = createInventoryCostViewRepo({ db });
  const scheduler = createSchedulerService({
    repo: createSchedulerRepo({ db }),
    scopes: createCostScopes({ db }),
    inventory: {
      ...createInventoryCostView({ repo: inventory }),
      attachedVolumes: inventory.attachedVolumes,
    },
    bill: warehouse,
    metrics: warehouse.metrics,
    clusters,
    // A workload schedule's estimate: its pods' split cost (container rollup) and what its selectors match now.
    workloadCosts: { costs: warehouse, clusters },
    ledger: createScheduleLedgerRepo({ db }),
    // The simulated cloud's clock: real time, unless the test-only clock control moved it ahead.
    now: systemClock.now,
  });
  await app.register(schedulerRoutes, { scheduler });
}
