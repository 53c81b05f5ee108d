import type { AppDatabase } from '../db/client';
import { healthRoutes } from '../features/health/health.routes';
import { createHealthService } from '../features/health/health.service';
import type { App } from '../platform/http/app';
import { appVersion } from '../platform/version';
import type { WarehouseStore } from '../warehouse/open-cost-store';

/** The health call: both engines probed, the version. */
export async function registerHealth(
  app: App,
  { db, warehouse }: { db: AppDatabase; warehouse: WarehouseStore },
): Promise<void> {
  await app.register(healthRoutes, {
    healthService: createHealthService({ db, warehouse, version: appVersion }),
  });
}
