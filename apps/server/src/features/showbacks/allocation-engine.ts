import { duckDbDialect } from '../../warehouse/duckdb/duckdb-dialect';
import type { WarehouseStore } from '../../warehouse/open-cost-store';
import type { AllocationEngine } from './showback-allocation';

/**
 * The engine showbacks run on. DuckDB only for now: the ClickHouse store keeps its reader private, so its
 * showbacks wait for an allocation method on the cost-store port (see docs/showbacks.md). The DuckDB store's
 * read pool is private too, so statements take turns with imports on the shared connection (`exclusive`): a
 * read never lands inside an import's swap transaction.
 */
export function allocationEngineOf(warehouse: WarehouseStore): AllocationEngine | null {
  if (warehouse.kind !== 'duckdb') return null;
  const { connection } = warehouse;
  return {
    dialect: duckDbDialect,
    read: ({ sql, values }) =>
      warehouse.exclusive(
        async () =>
          (await connection.runAndReadAll(sql, values as never)).getRowObjectsJson() as Record<
            string,
            unknown
          >[],
      ),
  };
}
