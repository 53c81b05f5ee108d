import type { HealthResponse } from '@finlens/contracts/health';
import type { AppDatabase } from '../../db/client';
import type { CostStore } from '../../warehouse/cost-store';

export interface HealthService {
  check(): Promise<HealthResponse>;
}

/** Probes both storage engines concurrently; one failing engine degrades, never throws. */
export function createHealthService({
  db,
  warehouse,
  version,
}: {
  db: Pick<AppDatabase, 'health'>;
  warehouse: Pick<CostStore, 'health'>;
  version: string;
}): HealthService {
  return {
    async check() {
      const [appDatabase, warehouseHealth] = await Promise.all([db.health(), warehouse.health()]);
      const status = appDatabase.ok && warehouseHealth.ok ? 'ok' : 'degraded';
      return { status, version, appDatabase, warehouse: warehouseHealth };
    },
  };
}
