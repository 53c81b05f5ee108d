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

const services = new WeakMap<WarehouseStore, WeakMap<Kysely<AppTables>, CommitmentsService>>();

/** The stores a commitments service reads, and where its inventory's commitments are described from. */
interface CommitmentsStores {
  db: Kysely<AppTables>;
  warehouse: WarehouseStore;
  /** The projects' collection targets (none without: the inventory is the bill's alone). */
  cloud?: LiveCloud | undefined;
}

/**
 * The commitments service over the app database and the warehouse: one per pair in the process, shared by the
 * routes and the alert jobs, so the reads the after-import job makes (and keeps) are those users are served from.
 * Both pass the server's cloud configuration; the first to ask builds the service with it.
 */
export function commitmentsServiceFor(stores: CommitmentsStores) {
  const byDb = services.get(stores.warehouse) ?? new WeakMap<Kysely<AppTables>, CommitmentsService>();
  services.set(stores.warehouse, byDb);
  const service = byDb.get(stores.db) ?? newCommitmentsService(stores);
  byDb.set(stores.db, service);
  return service;
}

function newCommitmentsService({ db, warehouse, cloud }: CommitmentsStores) {
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
    warehouse,
    shareSavePartners,
    cloud,
  }: {
    db: Kysely<AppTables>;
    warehouse: WarehouseStore;
    shareSavePartners?: ReadonlySet<string>;
    /** Where the inventory's reservations are described from (the projects' collection targets). */
    cloud?: LiveCloud;
  },
): Promise<void> {
  await app.register(commitmentsRoutes, {
    commitmentsService: commitmentsServiceFor({ db, warehouse, cloud }),
    commitmentsRepo: createCommitmentsRepo({ db }),
    ...(shareSavePartners === undefined ? {} : { shareSavePartners }),
  });
}
