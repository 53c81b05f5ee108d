import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createCommitmentsRepo } from '../features/commitments/commitments.repo';
import { commitmentsRoutes } from '../features/commitments/commitments.routes';
import {
  type CommitmentsService,
  createCommitmentsService,
} from '../features/commitments/commitments.service';
import { createReservationEnrichment } from '../features/commitments/reservation-enrichment';
import { createInventoryCostView } from '../features/inventory/inventory.service';
import { createInventoryCostViewRepo } from '../features/inventory/inventory-list.repo';
import { isActive, toRecommendation } from '../features/recommendations/recommendation-lists';
import { createRecommendationsRepo } from '../features/recommendations/recommendations.repo';
import { createSchedulerRepo } from '../features/scheduler/scheduler.repo';
import { createScheduleStops } from '../features/scheduler/scheduler.service';
import type { App } from '../platform/http/app';
import { createCostScopes } from '../warehouse/cost-scope';
import type { WarehouseStore } from '../warehouse/open-cost-store';
import { type LiveCloud, liveCloudTargets } from './live-cloud';
import { ledgerReaderFor } from './register-savings-ledger';

/** The recommendations of the projects not yet applied (open, accepted, approved, regressed in the ledger). */
function pendingRecommendationsOf(db: Kysely<AppTables>) {
  const repo = createRecommendationsRepo({ db });
  const ledger = ledgerReaderFor(db);
  return async (scope: { projectIds: string[] }) => {
    const rows = await repo.recommendations(scope.projectIds);
    const fields = await ledger.fields(rows.map((r) => r.id));
    return rows
      .map((row) => toRecommendation(row, fields.get(row.id)))
      .filter(isActive)
      .map((r) => ({
        id: r.id,
        type: r.type,
        region: r.region,
        resourceKind: r.resource_kind,
        resourceId: r.resource_id,
        resourceType: r.resource_type,
        onDemandMonthlySaving: r.saving.on_demand_monthly_saving,
      }));
  };
}

/**
 * The commitments service over the app database and the warehouse, its inventory's reservations described through
 * the projects' collection targets when the server has a cloud configuration (else the bill's alone). The
 * composition root (main.ts) makes one and hands it to the routes and the alert jobs, so the reads the after-import
 * job makes (and keeps) are those users are served from.
 */
export function createAppCommitmentsService({
  db,
  warehouse,
  cloud,
}: {
  db: Kysely<AppTables>;
  warehouse: WarehouseStore;
  cloud?: LiveCloud | undefined;
}): CommitmentsService {
  const repo = createCommitmentsRepo({ db });
  const targets = liveCloudTargets(db, cloud);
  return createCommitmentsService({
    scopes: createCostScopes({ db }),
    warehouse,
    rateOverrides: async (clientId) => (await repo.rateOverrides(clientId)).overrides,
    // The purchase analyses' what-if: the resource scheduler's enabled schedules and their pre-flight estimates.
    scheduleStops: createScheduleStops({
      repo: createSchedulerRepo({ db }),
      inventory: createInventoryCostView({ repo: createInventoryCostViewRepo({ db }) }),
      bill: warehouse,
    }),
    pendingRecommendations: pendingRecommendationsOf(db),
    ...(targets === null
      ? {}
      : { describeReservations: createReservationEnrichment({ resolveCloud: targets.resolve }) }),
  });
}

/** Commitment management: inventory, dashboard, purchase analysis, convertible reservations, alerts, ShareSave. */
export async function registerCommitments(
  app: App,
  {
    db,
    service,
    shareSavePartners,
  }: {
    db: Kysely<AppTables>;
    /** The process's commitments service (the alert jobs' too). */
    service: CommitmentsService;
    shareSavePartners?: ReadonlySet<string>;
  },
): Promise<void> {
  await app.register(commitmentsRoutes, {
    commitmentsService: service,
    commitmentsRepo: createCommitmentsRepo({ db }),
    ...(shareSavePartners === undefined ? {} : { shareSavePartners }),
  });
}
