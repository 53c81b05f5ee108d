import { join } from 'node:path';
import { CONFIG_DEFAULTS } from '../platform/config';
import { type ClickHouseCostStore, openClickHouseCostStore } from './clickhouse/clickhouse-cost-store';
import { type DuckDbCostStore, openDuckDbCostStore } from './duckdb/duckdb-cost-store';

/**
 * The warehouse the app runs on. Both engines stage imports with the DuckDB readers on `connection`
 * (a file-backed DuckDB, or ClickHouse's in-memory staging DuckDB) and take turns through `exclusive`.
 */
export type WarehouseStore = DuckDbCostStore | ClickHouseCostStore;

/**
 * Picks the warehouse engine from the configuration: ClickHouse when CLICKHOUSE_URL is set, else DuckDB.
 * (`clickhouseUrl` and `warehouseMemoryLimit` are optional for the CLI commands' narrowed config types; they
 * pass the loaded config.) DuckDB is bounded by WAREHOUSE_MEMORY_LIMIT, so a large import spills to
 * DATA_DIR/tmp instead of exhausting the machine.
 */
export function openCostStore({
  dataDir,
  clickhouseUrl,
  warehouseMemoryLimit = CONFIG_DEFAULTS.warehouseMemoryLimit,
}: {
  dataDir: string;
  clickhouseUrl?: string | null;
  warehouseMemoryLimit?: string;
}): Promise<WarehouseStore> {
  const spill = { tempDirectory: join(dataDir, 'tmp', 'duckdb'), memoryLimit: warehouseMemoryLimit };
  if (typeof clickhouseUrl === 'string') return openClickHouseCostStore({ url: clickhouseUrl, ...spill });
  return openDuckDbCostStore({ path: join(dataDir, 'warehouse.duckdb'), ...spill });
}

/** How start-up and `finlens migrate` name the warehouse. */
export function describeWarehouse({
  dataDir,
  clickhouseUrl,
}: {
  dataDir: string;
  clickhouseUrl: string | null;
}) {
  return clickhouseUrl === null
    ? `DuckDB in ${join(dataDir, 'warehouse.duckdb')}`
    : 'ClickHouse (CLICKHOUSE_URL)';
}
