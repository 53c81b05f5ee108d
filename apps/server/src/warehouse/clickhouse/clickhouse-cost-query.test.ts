import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CostQueryInput } from '@finlens/contracts/cost-query';
import { costQuerySchema } from '@finlens/contracts/cost-query';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageImport } from '../../ingest/duckdb/stage-import';
import { localSource } from '../../ingest/sources/local-source';
import type { WarehouseCostQuery } from '../cost-query/cost-query-port';
import type { CostStore } from '../cost-store';
import { type DuckDbCostStore, openDuckDbCostStore } from '../duckdb/duckdb-cost-store';
import { type ClickHouseCostStore, openClickHouseCostStore } from './clickhouse-cost-store';
import { useTestClickHouse } from './test-clickhouse';

// The CostQuery compiler through the ClickHouse dialect against the DuckDB store, on a small demo export
// (tags, EKS pod rows, several services and accounts).
const clickHouse = useTestClickHouse();
let dir = '';
let duck: DuckDbCostStore;
let house: ClickHouseCostStore | null = null;
let version = '';
const scope = { clientId: 'client', projectIds: ['demo'] };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-ch-query-'));
  duck = await openDuckDbCostStore({ path: join(dir, 'w.duckdb') });
  await duck.init();
  const demo = join(dir, 'demo');
  await generateDemoCur2({
    seed: 7,
    months: 3,
    endMonth: '2026-03',
    rows: 6_000,
    outDir: demo,
    format: 'parquet',
  });
  const stores: (Pick<CostStore, 'replacePeriods'> & { connection: DuckDbCostStore['connection'] })[] = [
    duck,
  ];
  if (clickHouse.url !== null) {
    house = await openClickHouseCostStore({ url: clickHouse.url });
    await house.init();
    stores.push(house);
    version = String((await house.health()).detail);
  }
  const files = await localSource(demo).listFiles();
  for (const [i, store] of stores.entries()) {
    const stagingId = `demo${i}`;
    await stageImport({
      connection: store.connection,
      stagingId,
      clientId: 'client',
      projectId: 'demo',
      files,
      format: 'auto',
    });
    await store.replacePeriods({ stagingId, projectId: 'demo' });
  }
}, 180_000);

afterAll(async () => {
  await house?.close();
  await duck?.close();
  await rm(dir, { recursive: true, force: true });
});

const query = (input: Partial<CostQueryInput>): WarehouseCostQuery => ({
  ...costQuerySchema.parse({ start_date: '2026-01-01', end_date: '2026-03-31', ...input }),
  ...scope,
  useRollups: false,
});

describe('CostQuery port on ClickHouse', () => {
  it('dimension values equal DuckDB (plain columns, tag values by key)', async (context) => {
    if (house === null) return context.skip('clickhouse-server is not installed');
    const asks = [
      { ...scope, dimension: 'product_servicename' as const, limit: 5 },
      { ...scope, dimension: 'line_item_usage_account_id' as const, limit: 100 },
      {
        ...scope,
        dimension: 'tag_keys' as const,
        key: 'user_team',
        from: '2026-03-01',
        to: '2026-03-31',
        limit: 20,
      },
    ];
    for (const ask of asks) {
      const [got, want] = await Promise.all([house.dimensionValues(ask), duck.dimensionValues(ask)]);
      expect(got.map((v) => v.value)).toEqual(want.map((v) => v.value));
      for (const [i, v] of want.entries()) expect(got[i]?.cost).toBeCloseTo(v.cost, 6);
      expect(want.length).toBeGreaterThan(0);
    }
  });

  it('searches and key listings equal DuckDB (need TRUE/FALSE literals: current releases, not 18.16)', async (context) => {
    if (house === null) return context.skip('clickhouse-server is not installed');
    // The compiler writes COALESCE(…, FALSE) around contains/equality tests; 18.16 has no FALSE literal.
    if (/ClickHouse (1\d|20)\./.test(version)) return context.skip(`${version} has no TRUE/FALSE literals`);
    const search = { ...scope, dimension: 'line_item_usage_type' as const, search: 'BOXUSAGE', limit: 100 };
    expect(await house.dimensionValues(search)).toEqual(await duck.dimensionValues(search));
    const keys = { ...scope, dimension: 'tag_keys' as const, limit: 50 };
    expect(await house.dimensionKeys(keys)).toEqual(await duck.dimensionKeys(keys));
  });

  it('runCostQuery equals DuckDB (needs CTEs and window functions: current releases, not 18.16)', async (context) => {
    if (house === null) return context.skip('clickhouse-server is not installed');
    // The compiler's series statement uses WITH … AS (subquery) and window functions, which 18.16 lacks.
    if (/ClickHouse (1\d|20)\./.test(version)) {
      // On such a server the query fails with a message saying what it lacks, not a bare syntax error.
      await expect(house.runCostQuery(query({ granularity: 'month' }))).rejects.toThrow(
        /needs WITH subqueries/,
      );
      return context.skip(`${version} has no CTEs or window functions`);
    }
    for (const input of [
      { granularity: 'month' as const, dimension: 'line_item_usage_account_id' as const, top_n: 3 },
      { granularity: 'week' as const, dimension: 'product_servicename' as const },
      { granularity: 'day' as const, dimension: null },
    ]) {
      const [got, want] = await Promise.all([
        house.runCostQuery(query(input)),
        duck.runCostQuery(query(input)),
      ]);
      expect(got.periods).toEqual(want.periods);
      expect(got.series.map((s) => s.key)).toEqual(want.series.map((s) => s.key));
      expect(got.total).toBeCloseTo(want.total, 6);
      expect([got.as_of, got.currency]).toEqual([want.as_of, want.currency]);
    }
  });
});
