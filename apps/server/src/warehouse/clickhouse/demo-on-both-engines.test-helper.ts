import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { afterAll, beforeAll } from 'vitest';
import { importFiles } from '../../ingest/duckdb/import-files';
import { localSource } from '../../ingest/sources/local-source';
import type { CostStore } from '../cost-store';
import { DEMO, DEMO_CLIENT, DEMO_PROJECT } from '../duckdb/demo-warehouse.test-helper';
import { type DuckDbCostStore, openDuckDbCostStore } from '../duckdb/duckdb-cost-store';
import { type ClickHouseCostStore, openClickHouseCostStore } from './clickhouse-cost-store';
import { TEST_CLUSTER, useTestClickHouse } from './test-clickhouse';

/**
 * The small demo export (demo-warehouse.test-helper's DEMO) imported into a DuckDB store and into a local
 * ClickHouse (one server, or `shards` servers read through a Distributed table) for one test file, to compare
 * a feature's answers on both engines. `house` is null when no ClickHouse binary is installed (tests skip;
 * under CI=true the start fails instead).
 */
export function demoOnBothEngines(prefix: string, shards = 1) {
  const clickHouse = useTestClickHouse(shards);
  const state = { dir: '', duck: null as DuckDbCostStore | null, house: null as ClickHouseCostStore | null };
  beforeAll(async () => {
    state.dir = await mkdtemp(join(tmpdir(), prefix));
    state.duck = await openDuckDbCostStore({ path: join(state.dir, 'w.duckdb') });
    await state.duck.init();
    const stores: (Pick<CostStore, 'loadPeriods'> & { connection: DuckDbCostStore['connection'] })[] = [
      state.duck,
    ];
    const urls = clickHouse.urls;
    if (urls !== null) {
      const sharding = urls.length > 1 ? { cluster: TEST_CLUSTER, shardUrls: urls } : undefined;
      state.house = await openClickHouseCostStore({ url: urls[0] as string, sharding });
      await state.house.init();
      stores.push(state.house);
    }
    const outDir = join(state.dir, 'demo');
    await generateDemoCur2({ ...DEMO, outDir, format: 'parquet' });
    const files = await localSource(outDir).listFiles();
    for (const [i, store] of stores.entries()) {
      await importFiles({
        warehouse: store,
        importId: `demo${i}`,
        clientId: DEMO_CLIENT,
        projectId: DEMO_PROJECT,
        files,
        format: 'auto',
        // DuckDB reads the export in one part, ClickHouse a file at a time: the parity checks cover both paths.
        partBytes: store === state.house ? 1 : undefined,
      });
    }
  }, 180_000);
  afterAll(async () => {
    await state.house?.close();
    await state.duck?.close();
    await rm(state.dir, { recursive: true, force: true });
  });
  return {
    get duck(): DuckDbCostStore {
      if (state.duck === null) throw new Error('the stores open in beforeAll');
      return state.duck;
    },
    get house(): ClickHouseCostStore | null {
      return state.house;
    },
    /** The first server's URL (its database), to write rows a test plants; null without ClickHouse. */
    get houseUrl(): string | null {
      return clickHouse.urls?.[0] ?? null;
    },
  };
}
