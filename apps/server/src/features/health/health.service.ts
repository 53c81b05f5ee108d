import type { HealthResponse } from '@finlens/contracts/health';
import type { AppDatabase } from '../../db/client';
import type { CostStore } from '../../warehouse/cost-store';
import { deadlineProbe } from './app-database-probe';

export interface HealthService {
  check(): Promise<HealthResponse>;
}

/**
 * Probes both storage engines concurrently; one failing engine degrades, never throws. The embedded app database
 * (PGlite, one caller at a time) is never waited for beyond a short deadline: a job's open transaction makes it
 * `busy`, not a slow health answer (ADR 0012).
 */
export function createHealthService({
  db,
  warehouse,
  version,
  appDatabaseProbe = {},
}: {
  db: Pick<AppDatabase, 'kind' | 'health'>;
  warehouse: Pick<CostStore, 'health'>;
  version: string;
  /** The deadline, the stall limit and the clock of the PGlite probe (tests); ADR 0012's values by default. */
  appDatabaseProbe?: Omit<Parameters<typeof deadlineProbe>[0], 'kind' | 'probe'>;
}): HealthService {
  const probeAppDatabase =
    db.kind === 'pglite'
      ? deadlineProbe({ kind: db.kind, probe: () => db.health(), ...appDatabaseProbe })
      : () => db.health();
  return {
    async check() {
      const [appDatabase, warehouseHealth] = await Promise.all([probeAppDatabase(), warehouse.health()]);
      const status = appDatabase.ok && warehouseHealth.ok ? 'ok' : 'degraded';
      return { status, version, appDatabase, warehouse: warehouseHealth };
    },
  };
}
