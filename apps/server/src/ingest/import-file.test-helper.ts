import type { DuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';
import { stageImport } from './duckdb/stage-import';
import { localSource } from './sources/local-source';

let counter = 0;

/** Stages and swaps in one file or folder for a project (tests only; the import service adds the run record). */
export async function importPath(store: DuckDbCostStore, path: string, projectId: string) {
  counter += 1;
  const stagingId = `t${counter}`;
  const files = await localSource(path).listFiles();
  const staged = await stageImport({
    connection: store.connection,
    stagingId,
    clientId: 'client',
    projectId,
    files,
    format: 'auto',
  });
  const periods = await store.replacePeriods({ stagingId, projectId });
  return { staged, periods };
}
