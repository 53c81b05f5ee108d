import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CostFilter,
  type CostQueryInput,
  costQuerySchema,
  type KeyedDimension,
  OTHERS_KEY,
} from '@finlens/contracts/cost-query';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../ingest/duckdb/import-files';
import { localSource } from '../../ingest/sources/local-source';
import { compileCostQuery } from '../cost-query/compile-cost-query';
import type { WarehouseCostQuery } from '../cost-query/cost-query-port';
import { ROLLUPS, SCOPE_ROLLUP } from '../cost-query/rollups';
import type { CostStore } from '../cost-store';
import { type DuckDbCostStore, openDuckDbCostStore } from '../duckdb/duckdb-cost-store';
import { type ClickHouseCostStore, openClickHouseCostStore } from './clickhouse-cost-store';
import { clickHouseDialect } from './clickhouse-dialect';
import { expectSameFigures } from './clickhouse-parity.test-helper';
import { LINE_ITEM_COLUMNS } from './clickhouse-schema';
import { queryClickHouse, TEST_CLUSTER, useTestClickHouse } from './test-clickhouse';

let clickHouse: ReturnType<typeof useTestClickHouse>;
let dir = '';
let duck: DuckDbCostStore;
let house: ClickHouseCostStore | null = null;
const scope = { clientId: 'client', projectIds: ['demo'] };
/** Only to name the planned table: the planner is the same whatever the reader. */
const READER = { distributed: false, sum: 'sumKahan' } as const;

const query = (input: Partial<CostQueryInput>): WarehouseCostQuery => ({
  ...costQuerySchema.parse({ start_date: '2026-01-01', end_date: '2026-03-31', ...input }),
  ...scope,
  projectNames: { demo: "Demo's project" },
  useRollups: false,
});

/** Imports a demo export (a folder of `dir`) into a project of the client. */
async function importDemo(
  store: Pick<CostStore, 'loadPeriods'> & { connection: DuckDbCostStore['connection'] },
  importId: string,
  { folder, projectId } = { folder: 'demo', projectId: 'demo' },
) {
  const files = await localSource(join(dir, folder)).listFiles();
  await importFiles({ warehouse: store, importId, clientId: 'client', projectId, files, format: 'auto' });
}

/**
 * The CostQuery compiler through the ClickHouse dialect (18.16 and current releases) against the DuckDB
 * store, on a small demo export (tags, EKS pod rows, several services and accounts), on one server or on
 * `shards` servers behind a Distributed table. One test file per setup calls this.
 */
export function describeCostQueryOnClickHouse(shards: number): void {
  clickHouse = useTestClickHouse(shards);
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
    const stores: (Pick<CostStore, 'loadPeriods'> & { connection: DuckDbCostStore['connection'] })[] = [duck];
    const urls = clickHouse.urls;
    if (urls !== null) {
      const sharding = urls.length > 1 ? { cluster: TEST_CLUSTER, shardUrls: urls } : undefined;
      house = await openClickHouseCostStore({ url: urls[0] as string, sharding });
      await house.init();
      stores.push(house);
    }
    for (const [i, store] of stores.entries()) await importDemo(store, `demo${i}`);
  }, 180_000);

  afterAll(async () => {
    await house?.close();
    await duck?.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe(`CostQuery port on ClickHouse (${shards === 1 ? 'one server' : `${shards} shards`})`, () => {
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

    it('searches and key listings equal DuckDB', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      const search = { ...scope, dimension: 'line_item_usage_type' as const, search: 'BOXUSAGE', limit: 100 };
      expectSameFigures(await house.dimensionValues(search), await duck.dimensionValues(search), 'search');
      const keys = { ...scope, dimension: 'tag_keys' as const, limit: 50 };
      expect(await house.dimensionKeys(keys)).toEqual(await duck.dimensionKeys(keys));
    });

    it('every representative CostQuery gives the same answer to the cent as DuckDB', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      const clickhouse = house;
      const keys = new Set<string | null>();
      for (const [i, input] of PARITY_QUERIES.entries()) {
        const asked = query(input);
        const [got, fromRows, fromRollups] = await Promise.all([
          clickhouse.runCostQuery(asked),
          duck.runCostQuery(asked),
          duck.runCostQuery({ ...asked, useRollups: true }),
        ]);
        const what = `query ${i} ${JSON.stringify(input)}`;
        expectSameFigures(got, fromRows, what);
        // Which tables answered is each engine's own plan (DuckDB's scope rollup, ClickHouse's line items).
        const plan = { source: fromRollups.source, reads: fromRollups.reads };
        expectSameFigures({ ...got, ...plan }, fromRollups, `${what} (DuckDB rollups)`);
        expect(got.total, `${what} finds costs`).toBeGreaterThan(0);
        for (const series of got.series) keys.add(series.key);
      }
      // The set exercises the Others fold and the no-value group.
      expect(keys.has(OTHERS_KEY) && keys.has(null)).toBe(true);
    });

    it('init creates a missing rollup and fills it from the line items already there', async (context) => {
      const urls = clickHouse.urls;
      if (house === null || urls === null) return context.skip('clickhouse-server is not installed');
      const asked = { ...query({ granularity: 'month', dimension: null }), useRollups: true };
      const before = await house.runCostQuery(asked);
      // A warehouse made before the scope rollup: every shard lacks it.
      for (const url of urls) await queryClickHouse(url, `DROP TABLE ${SCOPE_ROLLUP}`);
      expect(await house.init()).toEqual([`create ${SCOPE_ROLLUP}`]);
      const after = await house.runCostQuery(asked);
      expect(after.source).toBe('rollup');
      expect(after.total).toBeGreaterThan(0);
      expectSameFigures(after, before, 'after the backfill');
      expectSameFigures(after, await duck.runCostQuery(asked), 'against DuckDB');
    });

    it("init adds line_item_iam_principal to a warehouse made before it, in a new table's column order", async (context) => {
      const urls = clickHouse.urls;
      if (house === null || urls === null) return context.skip('clickhouse-server is not installed');
      const clickhouse = house;
      // One month of the demo is enough for its Bedrock rows, which name their callers.
      const bedrock = { folder: 'bedrock', projectId: 'bedrock' };
      await generateDemoCur2({
        seed: 7,
        months: 1,
        endMonth: '2026-03',
        rows: 4_000,
        outDir: join(dir, bedrock.folder),
        format: 'parquet',
      });
      for (const store of [duck, clickhouse]) await importDemo(store, `bedrock-${store.kind}`, bedrock);
      const byPrincipal = async (store: CostStore) =>
        (
          await store.costBreakdown({
            clientId: 'client',
            projectIds: [bedrock.projectId],
            from: '2026-01-01',
            to: '2026-03-31',
            costType: 'unblended',
            sets: [[]],
            groupBy: [{ column: 'line_item_iam_principal' }],
            useRollups: true,
          })
        )
          .map((row) => [row.groups[0], Number(row.costs[0]?.toFixed(6))])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      const want = await byPrincipal(duck);
      expect(want.filter(([principal]) => principal !== null).length).toBeGreaterThan(1);
      expect(await byPrincipal(clickhouse)).toEqual(want);
      // A warehouse made before the column: every shard (and the Distributed table) lacks it.
      const tables = urls.length > 1 ? ['line_items', 'line_items_all'] : ['line_items'];
      for (const url of urls)
        await queryClickHouse(url, 'ALTER TABLE line_items DROP COLUMN line_item_iam_principal');
      if (urls.length > 1)
        await queryClickHouse(
          urls[0] as string,
          'ALTER TABLE line_items_all DROP COLUMN line_item_iam_principal',
        );
      expect(await clickhouse.init()).toEqual(tables.map((t) => `add line_item_iam_principal to ${t}`));
      expect(await clickhouse.init()).toEqual([]);
      for (const table of tables) {
        // DESCRIBE lists the columns in table order (18.16's system.columns has no position).
        const described = await queryClickHouse(urls[0] as string, `DESCRIBE TABLE ${table}`);
        const names = described
          .trim()
          .split('\n')
          .map((line) => line.split('\t')[0]);
        expect(names).toEqual(LINE_ITEM_COLUMNS.map((c) => c.name));
      }
      // Old rows read NULL; a new import (copied by column position) fills it again.
      const total = want.reduce((sum, [, cost]) => sum + Number(cost), 0);
      const [only] = await byPrincipal(clickhouse);
      expect(only?.[0]).toBeNull();
      expect(only?.[1]).toBeCloseTo(total, 4);
      await importDemo(clickhouse, 'bedrock-again', bedrock);
      expect(await byPrincipal(clickhouse)).toEqual(want);
    });

    it('every representative CostQuery answered from the ClickHouse rollups equals DuckDB rollups', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      const clickhouse = house;
      const sources = new Set<string>();
      for (const [i, input] of PARITY_QUERIES.entries()) {
        const asked = { ...query(input), useRollups: true };
        const [got, want] = await Promise.all([clickhouse.runCostQuery(asked), duck.runCostQuery(asked)]);
        // Same planner on both engines: the same source, and the same figures to the cent.
        expectSameFigures(got, want, `query ${i} ${JSON.stringify(input)} (rollups)`);
        const compiled = compileCostQuery(clickHouseDialect(READER), asked);
        sources.add(compiled.source.table);
        if (compiled.rankingPlan !== null) sources.add(compiled.rankingPlan.weekly.table);
      }
      // Every rollup but the commitment one (only its own reader reads it) answers some query.
      const planned = ROLLUPS.filter((r) => r.rows === undefined).map((r) => r.table);
      expect([...sources].sort()).toEqual([...planned, 'line_items'].sort());
    });
  });
}

const TEAMS: [string, string][] = [
  ['user_team', 'platform'],
  ['user_team', 'payments'],
];

/** A tag / label / cost-category filter from (key, value) pairs. */
const pairFilter = (
  dimension: KeyedDimension,
  mode: 'include' | 'exclude',
  match: 'any' | 'all',
  pairs: [string, string][],
): CostFilter => ({ dimension, mode, match, pairs: pairs.map(([key, value]) => ({ key, value })) });

/**
 * CostQuery values covering every granularity, group-by kind (plain column, product key, tag, cost category,
 * Kubernetes attribute, project name), filter mode, tag pair match (any / all / exclude, untagged), top N
 * with Others, and each cost type.
 */
const PARITY_QUERIES: Partial<CostQueryInput>[] = [
  { granularity: 'hour', start_date: '2026-03-10', end_date: '2026-03-11', dimension: 'product_servicename' },
  { granularity: 'day', dimension: null, cost_type: 'amortized' },
  { granularity: 'week', dimension: 'line_item_usage_account_id', top_n: 2, cost_type: 'blended' },
  { granularity: 'month', dimension: 'product_instance_type_family', cost_type: 'list' },
  {
    granularity: 'quarter',
    dimension: 'tag_keys',
    dimension_key: 'user_team',
    top_n: 3,
    cost_type: 'net_unblended',
  },
  {
    granularity: 'month',
    dimension: 'cost_allocation_tag_keys',
    dimension_key: 'business_unit',
    cost_type: 'net_amortized',
  },
  { granularity: 'day', dimension: 'billing_project_name', cost_type: 'net_list' },
  { granularity: 'week', dimension: 'pod_namespace', top_n: 2 },
  {
    granularity: 'month',
    dimension: 'cluster_name',
    filters: [
      pairFilter('label_keys', 'include', 'any', [
        ['aws_eks_namespace', 'null'],
        ['user_env', 'prod'],
      ]),
    ],
  },
  {
    granularity: 'month',
    dimension: 'product_region',
    filters: [
      { dimension: 'product_region', mode: 'include', values: ['us-east-1', 'eu-west-1'] },
      { dimension: 'line_item_usage_type', mode: 'like', values: ['usage'] },
    ],
  },
  {
    granularity: 'week',
    dimension: 'line_item_usage_type',
    top_n: 4,
    cost_type: 'amortized',
    filters: [
      { dimension: 'product_region', mode: 'exclude', values: ['eu-west-1'] },
      { dimension: 'line_item_operation', mode: 'not_like', values: ['runinstances'] },
    ],
  },
  {
    granularity: 'month',
    dimension: 'product_servicename',
    top_n: 3,
    filters: [pairFilter('tag_keys', 'include', 'any', TEAMS)],
  },
  {
    granularity: 'day',
    start_date: '2026-02-01',
    end_date: '2026-02-28',
    dimension: 'tag_keys',
    dimension_key: 'user_app',
    filters: [
      pairFilter('tag_keys', 'include', 'all', [
        ['user_env', 'prod'],
        ['user_cost_center', ''],
      ]),
    ],
  },
  {
    granularity: 'month',
    dimension: 'tag_keys',
    dimension_key: 'user_env',
    filters: [pairFilter('tag_keys', 'exclude', 'any', [...TEAMS, ['user_app', 'null']])],
  },
  // Rows without any tag stay (18.16 reads `0 AND NULL` as NULL; the explorer bench found them dropped).
  {
    granularity: 'month',
    dimension: 'tag_keys',
    dimension_key: 'user_team',
    filters: [pairFilter('tag_keys', 'exclude', 'any', [['user_env', 'dev']])],
  },
  { granularity: 'quarter', dimension: 'line_item_resource_id', top_n: 5, cost_type: 'unblended' },
  // Ranked from the weekly resource rollup's full weeks and the line items of the days around them.
  {
    granularity: 'day',
    start_date: '2026-02-11',
    end_date: '2026-03-19',
    dimension: 'resource_name',
    top_n: 4,
    cost_type: 'blended',
    filters: [{ dimension: 'product_servicename', mode: 'not_like', values: ['storage'] }],
  },
  {
    granularity: 'hour',
    start_date: '2026-03-04',
    end_date: '2026-03-16',
    dimension: 'line_item_resource_id',
    top_n: 3,
    cost_type: 'amortized',
  },
];
