import { join } from 'node:path';
import { type AppConfig, CONFIG_DEFAULTS } from '../platform/config';
import { checkShardCluster } from './clickhouse/clickhouse-cluster-check';
import { type ClickHouseCostStore, openClickHouseCostStore } from './clickhouse/clickhouse-cost-store';
import { type DuckDbCostStore, openDuckDbCostStore } from './duckdb/duckdb-cost-store';

/**
 * The warehouse the app runs on. Both engines stage imports with the DuckDB readers on `connection`
 * (a file-backed DuckDB, or ClickHouse's in-memory staging DuckDB) and take turns through `exclusive`.
 */
export type WarehouseStore = DuckDbCostStore | ClickHouseCostStore;

/**
 * Picks the warehouse engine from the configuration: ClickHouse when CLICKHOUSE_URL is set (on the shards
 * of CLICKHOUSE_CLUSTER when it lists several servers), else DuckDB. (`clickhouseUrl`, `clickhouseSharding`
 * and `warehouseMemoryLimit` are optional for the CLI commands' narrowed config types; they pass the loaded
 * config.) DuckDB is bounded by WAREHOUSE_MEMORY_LIMIT, so a large import spills to DATA_DIR/tmp instead of
 * exhausting the machine.
 */
export async function openCostStore({
  dataDir,
  clickhouseUrl,
  clickhouseSharding,
  warehouseMemoryLimit = CONFIG_DEFAULTS.warehouseMemoryLimit,
  queryTimeoutSeconds = CONFIG_DEFAULTS.queryTimeoutSeconds,
}: {
  dataDir: string;
  clickhouseUrl?: string | null;
  clickhouseSharding?: AppConfig['clickhouseSharding'];
  warehouseMemoryLimit?: string;
  queryTimeoutSeconds?: number;
}): Promise<WarehouseStore> {
  const spill = {
    tempDirectory: join(dataDir, 'tmp', 'duckdb'),
    memoryLimit: warehouseMemoryLimit,
    queryTimeoutSeconds,
  };
  if (typeof clickhouseUrl !== 'string') {
    return openDuckDbCostStore({ path: join(dataDir, 'warehouse.duckdb'), ...spill });
  }
  const sharding = clickhouseSharding ?? undefined;
  if (sharding !== undefined) await checkShardCluster(clickhouseUrl, sharding);
  return openClickHouseCostStore({ url: clickhouseUrl, sharding, ...spill });
}

/** How start-up and `finlens migrate` name the warehouse. */
export function describeWarehouse({
  dataDir,
  clickhouseUrl,
  clickhouseSharding,
}: Pick<AppConfig, 'dataDir' | 'clickhouseUrl' | 'clickhouseSharding'>) {
  if (clickhouseUrl === null) return `DuckDB in ${join(dataDir, 'warehouse.duckdb')}`;
  if (clickhouseSharding === null) return 'ClickHouse (CLICKHOUSE_URL)';
  return `ClickHouse, ${clickhouseSharding.shardUrls.length} shards of cluster ${clickhouseSharding.cluster} (CLICKHOUSE_URL, CLICKHOUSE_CLUSTER)`;
}
