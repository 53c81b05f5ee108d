import { join } from 'node:path';
import type { CostStore } from './cost-store';
import { openDuckDbCostStore } from './duckdb/duckdb-cost-store';

/** Picks the warehouse engine from the configuration (ClickHouse is refused at config time for now). */
export function openCostStore({ dataDir }: { dataDir: string }): Promise<CostStore> {
  return openDuckDbCostStore({ path: join(dataDir, 'warehouse.duckdb') });
}
