import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { probeEngine } from '../../platform/engine-health';
import type { CostStore } from '../cost-store';

/** Opens (creating if needed) the DuckDB warehouse file; one process holds it at a time. */
export async function openDuckDbCostStore({ path }: { path: string }): Promise<CostStore> {
  await mkdir(dirname(path), { recursive: true });
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  let closed = false;
  return {
    kind: 'duckdb',
    // No warehouse tables exist before ingestion lands, so there is nothing to apply yet.
    init: async () => [],
    health: () =>
      probeEngine('duckdb', async () => {
        if (closed) throw new Error('warehouse is closed');
        const reader = await connection.runAndReadAll('select version() as version');
        return `DuckDB ${String(reader.getRowObjects()[0]?.version ?? 'unknown')}`;
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      connection.closeSync();
      instance.closeSync();
    },
  };
}
