import { type AppDatabase, openAppDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import type { AppConfig } from '../platform/config';
import { openCostStore, type WarehouseStore } from '../warehouse/open-cost-store';

export interface Storage {
  db: AppDatabase;
  /** DuckDB or ClickHouse (CLICKHOUSE_URL); the import service stages through its DuckDB connection. */
  warehouse: WarehouseStore;
  /** App database migrations applied by this call. */
  migrations: string[];
  /** Warehouse schema steps applied by this call. */
  warehouseSteps: string[];
  close(): Promise<void>;
}

/** Opens both engines and brings them to the current schema; shared by `start` and `migrate`. */
export async function openMigratedStorage({
  config,
}: {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'clickhouseUrl'> &
    Partial<Pick<AppConfig, 'queryTimeoutSeconds'>>;
}): Promise<Storage> {
  const db = await openAppDatabase({
    ...config,
    statementTimeoutMs: config.queryTimeoutSeconds === undefined ? null : config.queryTimeoutSeconds * 1000,
  });
  let warehouse: WarehouseStore | null = null;
  try {
    const { applied } = await migrate(db.db);
    warehouse = await openCostStore(config);
    const warehouseSteps = await warehouse.init();
    const opened = warehouse;
    return {
      db,
      warehouse: opened,
      migrations: applied,
      warehouseSteps,
      close: async () => {
        await Promise.allSettled([db.close(), opened.close()]);
      },
    };
  } catch (error) {
    await Promise.allSettled([db.close(), warehouse?.close()]);
    throw error;
  }
}
