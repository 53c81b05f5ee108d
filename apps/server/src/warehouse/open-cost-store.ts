import { join } from 'node:path';
import type { DuckDbCostStore } from './duckdb/duckdb-cost-store';
import { openDuckDbCostStore } from './duckdb/duckdb-cost-store';

/** Bounded so a large import spills to DATA_DIR/tmp instead of exhausting the machine. */
const WAREHOUSE_MEMORY_LIMIT = '2GB';

/** Picks the warehouse engine from the configuration (ClickHouse is refused at config time for now). */
export function openCostStore({ dataDir }: { dataDir: string }): Promise<DuckDbCostStore> {
  return openDuckDbCostStore({
    path: join(dataDir, 'warehouse.duckdb'),
    tempDirectory: join(dataDir, 'tmp', 'duckdb'),
    memoryLimit: WAREHOUSE_MEMORY_LIMIT,
  });
}
