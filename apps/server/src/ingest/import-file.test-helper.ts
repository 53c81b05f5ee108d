import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type DuckDbCostStore, openDuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';
import { type ImportFilesRequest, importFiles } from './duckdb/import-files';
import { localSource } from './sources/local-source';

let counter = 0;

/** The CUR 2.0 columns a small test export needs (the format's required columns and a resource). */
export const CUR2_TEST_COLUMNS = [
  'bill_billing_period_start_date',
  'line_item_usage_account_id',
  'line_item_line_item_type',
  'line_item_usage_start_date',
  'line_item_unblended_cost',
  'line_item_currency_code',
  'line_item_resource_id',
];

/** Loads one file or folder into a project (tests only; the import service adds the run record). */
export async function importPath(
  store: DuckDbCostStore,
  path: string,
  projectId: string,
  options: Pick<ImportFilesRequest, 'partBytes' | 'wholeBytes' | 'onStep'> & {
    warehouse?: ImportFilesRequest['warehouse'];
  } = {},
) {
  counter += 1;
  const files = await localSource(path).listFiles();
  const { totals, ...staged } = await importFiles({
    warehouse: store,
    importId: `t${counter}`,
    clientId: 'client',
    projectId,
    files,
    format: 'auto',
    ...options,
  });
  return { staged, periods: totals };
}

/** A warehouse in a temporary folder for one test file (opened before, closed and removed after). */
export function tempWarehouse(prefix: string): { readonly store: DuckDbCostStore; readonly dir: string } {
  const state = { store: null as DuckDbCostStore | null, dir: '' };
  beforeAll(async () => {
    state.dir = await mkdtemp(join(tmpdir(), prefix));
    state.store = await openDuckDbCostStore({ path: join(state.dir, 'warehouse.duckdb') });
    await state.store.init();
  });
  afterAll(async () => {
    await state.store?.close();
    await rm(state.dir, { recursive: true, force: true });
  });
  return {
    get store() {
      if (state.store === null) throw new Error('the warehouse opens in beforeAll');
      return state.store;
    },
    get dir() {
      return state.dir;
    },
  };
}
