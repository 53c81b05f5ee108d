import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureIngestDataset } from './ingest-data';

const here = dirname(fileURLToPath(import.meta.url));
const WAREHOUSES_DIR = join(here, '..', '.tmp', 'explorer-warehouse');

/** A bench DATA_DIR holding one imported demo export, and what the queries need to know about it. */
type ExplorerWarehouse = {
  dataDir: string;
  rows: number;
  importSeconds: number;
  clientId: string;
  projectId: string;
};

/** Loaded by path at run time: the server's sources are type-checked by their own workspace, not this one. */
export function serverModule(path: string): string {
  return join(here, '../../apps/server/src', path);
}

/**
 * The DATA_DIR for a demo export of `rows` line items (Parquet, cached by the ingest bench), imported once
 * with Finlens's importer (the function `finlens import` runs) and reused while its marker file is there.
 */
export async function ensureExplorerWarehouse(rows: number): Promise<ExplorerWarehouse> {
  const dataDir = join(WAREHOUSES_DIR, `demo-${rows}`);
  const marker = join(dataDir, 'BENCH_WAREHOUSE.json');
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, 'utf8')) as ExplorerWarehouse;
  const dataset = await ensureIngestDataset({ rows, format: 'parquet' });
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const { runImportCommand } = await import(serverModule('commands/import-command.ts'));
  const started = performance.now();
  const summary = await runImportCommand({
    config: { dataDir, databaseUrl: null },
    path: dataset.dir,
    clientName: 'Bench',
    projectName: 'Bench',
    format: 'auto',
  });
  const importSeconds = (performance.now() - started) / 1000;
  const scope = await readScope(dataDir);
  const warehouse: ExplorerWarehouse = { dataDir, rows: Number(summary.rows), importSeconds, ...scope };
  writeFileSync(marker, `${JSON.stringify(warehouse, null, 2)}\n`);
  return warehouse;
}

/** The one client and project of the bench warehouse, read from its line items. */
async function readScope(dataDir: string): Promise<{ clientId: string; projectId: string }> {
  const { openCostStore } = await import(serverModule('warehouse/open-cost-store.ts'));
  const store = await openCostStore({ dataDir });
  try {
    const reader = await store.connection.runAndReadAll(
      'SELECT DISTINCT client_id, project_id FROM line_items',
    );
    const scopes = reader.getRowObjectsJson() as { client_id: string; project_id: string }[];
    if (scopes.length !== 1) throw new Error(`expected one imported project, found ${scopes.length}`);
    return { clientId: String(scopes[0]?.client_id), projectId: String(scopes[0]?.project_id) };
  } finally {
    await store.close();
  }
}
