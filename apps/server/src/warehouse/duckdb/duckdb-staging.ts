import type { DuckDBConnection } from '@duckdb/node-api';
import type { PeriodLoad } from '../cost-store';

/** The temporary table an import is staged in (it lives in the connection: a killed process leaves nothing). */
export function stagingTable(importId: string): string {
  return `staging_${importId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/**
 * Stages an import's rows in a temporary DuckDB table, checks them there, then hands the table to `swap`;
 * the table is dropped whatever happens. Staging first keeps a large import within the memory limit: the
 * temporary table spills to disk as it grows, while the reading, parsing and compressing of one big INSERT
 * into the warehouse table at once did not (10M CUR rows ran out of memory at 1 GB).
 */
export async function withStagedImport<T>(
  connection: DuckDBConnection,
  load: PeriodLoad,
  swap: (staging: string) => Promise<T>,
): Promise<T> {
  const staging = stagingTable(load.importId);
  try {
    await connection.run(`CREATE OR REPLACE TEMP TABLE ${staging} AS ${load.select}`);
    await load.validate(staging);
    return await swap(staging);
  } finally {
    await connection.run(`DROP TABLE IF EXISTS ${staging}`);
  }
}
