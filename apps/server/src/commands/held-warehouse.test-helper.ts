import { join } from 'node:path';
import { openDuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';

/** Runs `work` while this process holds the data folder's DuckDB warehouse, as another Finlens process would. */
export async function whileWarehouseHeld<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const holder = await openDuckDbCostStore({ path: join(dataDir, 'warehouse.duckdb') });
  try {
    return await work();
  } finally {
    await holder.close();
  }
}
