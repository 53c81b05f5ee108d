import type { EngineHealth } from '@finlens/contracts/health';

/**
 * The cost warehouse port: features talk to this, never to an engine client, so DuckDB
 * and (later) ClickHouse stay interchangeable. Line-item and rollup operations join it
 * when ingestion lands.
 */
export interface CostStore {
  readonly kind: 'duckdb' | 'clickhouse';
  /** Creates or upgrades the warehouse schema; returns the steps it applied. */
  init(): Promise<string[]>;
  health(): Promise<EngineHealth>;
  close(): Promise<void>;
}
