import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { billingDataset, billingDatasets } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageImport } from '../../ingest/duckdb/stage-import';
import { localSource } from '../../ingest/sources/local-source';
import { COST_TYPES } from '../canonical-schema';
import type { CostStore } from '../cost-store';
import { type DuckDbCostStore, openDuckDbCostStore, stagingTable } from '../duckdb/duckdb-cost-store';
import { type ClickHouseCostStore, openClickHouseCostStore } from './clickhouse-cost-store';
import { TEST_CLUSTER, useTestClickHouse } from './test-clickhouse';

// The same real exports imported into DuckDB and into ClickHouse must give the same figures. Money is
// compared within 1e-6 (far inside a cent): both engines sum Float64 with Kahan compensation.
const TOLERANCE = 1e-6;
const CLIENT = 'client';
/** A dataset of many small files costs a few DDL statements per file on each shard; loaded machines are slow. */
const DATASET_TIMEOUT_MS = 300_000;
const GROUP_COLUMNS = [
  'usage_month',
  'billing_period',
  'line_item_line_item_type',
  'line_item_usage_account_id',
  'line_item_usage_start_date',
  'product_servicecode',
  'product_region_code',
  'line_item_currency_code',
  'finlens_charge_category',
  'finlens_purchase_option',
  'finlens_non_taggable_resource',
];

type Staging = Pick<CostStore, 'replacePeriods'> & { connection: DuckDBConnection };

let clickHouse: ReturnType<typeof useTestClickHouse>;
let dir = '';
let duck: DuckDbCostStore;
let house: ClickHouseCostStore | null = null;
let counter = 0;

/** Stages one file or folder with the DuckDB readers, then lets the store swap its periods in. */
async function importInto(store: Staging, path: string, projectId: string, clientId = CLIENT) {
  counter += 1;
  const stagingId = `parity${counter}`;
  const files = await localSource(path).listFiles();
  await stageImport({ connection: store.connection, stagingId, clientId, projectId, files, format: 'auto' });
  return { stagingId, periods: await store.replacePeriods({ stagingId, projectId }) };
}

/** Equal structure and text; numbers within TOLERANCE. */
export function expectSameFigures(actual: unknown, expected: unknown, path = 'result'): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), `${path}: ${actual} vs ${expected}`).toBeLessThan(
      TOLERANCE,
    );
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length, `${path} length`).toBe(expected.length);
    for (const [i, e] of expected.entries()) expectSameFigures((actual as unknown[])[i], e, `${path}[${i}]`);
  } else if (typeof expected === 'object' && expected !== null) {
    expect(Object.keys(actual as object).sort(), `${path} keys`).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected)) {
      expectSameFigures((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
  } else {
    expect(actual, path).toEqual(expected);
  }
}

/** Every store figure of a project on both engines: period totals, totals by column, costs per period, spend. */
async function expectParity(projectId: string, clickhouse: ClickHouseCostStore) {
  const same = async <T>(query: (store: CostStore) => Promise<T>, what: string) => {
    const [actual, expected] = await Promise.all([query(clickhouse), query(duck)]);
    expectSameFigures(actual, expected, what);
  };
  await same((s) => s.periodTotals({ projectId }), `${projectId} periodTotals`);
  for (const column of GROUP_COLUMNS) {
    await same((s) => s.totalsBy({ projectId, column }), `${projectId} totalsBy ${column}`);
  }
  const range = { clientId: CLIENT, projectIds: [projectId], from: '2010-01-01', to: '2030-12-31' };
  for (const costType of COST_TYPES) {
    await same(
      (s) => s.costByPeriod({ ...range, granularity: 'month', groupBy: null, costType }),
      `${costType}`,
    );
  }
  for (const granularity of ['day', 'month'] as const) {
    for (const groupBy of ['product_servicecode', 'line_item_usage_account_id', 'finlens_charge_category']) {
      const query = { ...range, granularity, groupBy, costType: 'unblended' as const };
      await same((s) => s.costByPeriod(query), `${projectId} costByPeriod ${granularity} ${groupBy}`);
    }
  }
  const narrow = { ...range, from: '2018-10-03', to: '2018-10-17', granularity: 'day' as const };
  await same((s) => s.costByPeriod({ ...narrow, groupBy: null, costType: 'amortized' }), 'narrow range');
  const asOf = (
    await duck.spendSummary({
      clientId: CLIENT,
      projectIds: [projectId],
      costType: 'unblended',
      today: new Date(),
    })
  ).asOf;
  if (asOf !== null) {
    const today = new Date(`${asOf}T12:00:00Z`);
    await same(
      (s) => s.spendSummary({ clientId: CLIENT, projectIds: [projectId], costType: 'unblended', today }),
      'spend',
    );
  }
}

/**
 * The parity suite: every fixture dataset imported into DuckDB and into ClickHouse (one server, or
 * `shards` servers behind a Distributed table) gives the same figures; replacement, failure and hostile
 * strings. One test file per setup calls this (its servers start once for the file).
 */
export function describeClickHouseParity(shards: number): void {
  const label = shards === 1 ? 'one server' : `${shards} shards`;
  clickHouse = useTestClickHouse(shards);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'finlens-parity-'));
    duck = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
    await duck.init();
    const urls = clickHouse.urls;
    if (urls === null) return;
    const sharding = urls.length > 1 ? { cluster: TEST_CLUSTER, shardUrls: urls } : undefined;
    house = await openClickHouseCostStore({ url: urls[0] as string, sharding });
    const tables =
      sharding === undefined ? ['create line_items'] : ['create line_items', 'create line_items_all'];
    expect(await house.init()).toEqual(tables);
    expect(await house.init()).toEqual([]);
  });

  afterAll(async () => {
    await house?.close();
    await duck?.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe(`ClickHouse (${label}) and DuckDB give the same figures`, () => {
    for (const dataset of billingDatasets()) {
      it(
        `${dataset.name}: every file imported into both engines`,
        async (context) => {
          if (house === null) return context.skip('clickhouse-server is not installed');
          let imported = 0;
          for (const file of dataset.files) {
            const projectId = `${dataset.name}/${file}`;
            // Files the readers refuse (the FOCUS examples with spreadsheet money) must fail on both engines.
            const path = join(dataset.dir, file);
            const [first, second] = await Promise.all(
              [duck, house].map((store) => importInto(store, path, projectId).catch((e: Error) => e)),
            );
            if (first instanceof Error) {
              expect(String(second)).toBe(String(first));
              continue;
            }
            expect(second).not.toBeInstanceOf(Error);
            await expectParity(projectId, house);
            imported += 1;
          }
          expect(imported).toBeGreaterThan(0);
        },
        DATASET_TIMEOUT_MS,
      );
    }

    it('the spend summary over all of the client projects matches', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      for (const today of ['2018-10-20T00:00:00Z', '2023-06-15T00:00:00Z', '2025-10-31T00:00:00Z']) {
        const query = { clientId: CLIENT, costType: 'net_amortized' as const, today: new Date(today) };
        expectSameFigures(await house.spendSummary(query), await duck.spendSummary(query), `spend ${today}`);
      }
    });

    it('each shard holds whole projects and the reads see every shard', async (context) => {
      const urls = clickHouse.urls;
      if (house === null || urls === null) return context.skip('clickhouse-server is not installed');
      const sql = 'SELECT project_id, count() AS n FROM line_items GROUP BY project_id FORMAT JSONEachRow';
      const perShard = await Promise.all(
        urls.map(async (url) => {
          const text = await (await fetch(`${url}/?query=${encodeURIComponent(sql)}`)).text();
          return text
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => JSON.parse(line) as { project_id: string; n: string });
        }),
      );
      const projects = perShard.flat().map((r) => r.project_id);
      expect(new Set(projects).size, 'a project is on one shard only').toBe(projects.length);
      if (urls.length > 1) for (const shard of perShard) expect(shard.length).toBeGreaterThan(0);
      const total = perShard.flat().reduce((sum, r) => sum + Number(r.n), 0);
      const read = await house.totalsBy({ projectId: projects[0] as string, column: 'billing_period' });
      expect(read.length).toBeGreaterThan(0);
      const everything = await duck.spendSummary({
        clientId: CLIENT,
        costType: 'unblended',
        today: new Date(),
      });
      expect(total).toBeGreaterThan(0);
      expectSameFigures(
        await house.spendSummary({ clientId: CLIENT, costType: 'unblended', today: new Date() }),
        everything,
        'all shards',
      );
    });

    it('matches the reference totals of the legacy CSV export', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      const ds = billingDataset('aws-cur-legacy-csv-anonymized');
      const figures = ds.reference.figures as { row_count: number; totals: Record<string, number> };
      await importInto(house, join(ds.dir, ds.files[0] as string), 'reference');
      const [period] = await house.periodTotals({ projectId: 'reference' });
      expect(period?.rows).toBe(figures.row_count);
      expect(Math.abs((period?.totals.unblended ?? 0) - Number(figures.totals.unblended))).toBeLessThan(
        TOLERANCE,
      );
      expect(Math.abs((period?.totals.amortized ?? 0) - Number(figures.totals.amortized))).toBeLessThan(
        TOLERANCE,
      );
    });
  });

  describe(`ClickHouse (${label}) period replacement`, () => {
    const legacyCsv = () => {
      const ds = billingDataset('aws-cur-legacy-csv-anonymized');
      return join(ds.dir, ds.files[0] as string);
    };

    it('a re-import replaces the period: three imports give the figures of one', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      const once = await importInto(duck, legacyCsv(), 'again');
      for (let i = 0; i < 3; i += 1) {
        const { periods } = await importInto(house, legacyCsv(), 'again');
        expectSameFigures(periods, once.periods, `import ${i + 1}`);
        expectSameFigures(
          await house.periodTotals({ projectId: 'again' }),
          once.periods,
          `after import ${i + 1}`,
        );
      }
      expect(await stagingTablesLeft(house)).toEqual([]);
    });

    it('a failed import leaves the old period and no staging behind', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      await importInto(house, legacyCsv(), 'kept');
      const before = await house.periodTotals({ projectId: 'kept' });
      counter += 1;
      const stagingId = `broken${counter}`;
      const files = await localSource(legacyCsv()).listFiles();
      await stageImport({
        connection: house.connection,
        stagingId,
        clientId: CLIENT,
        projectId: 'kept',
        files,
        format: 'auto',
      });
      // A last row ClickHouse refuses (no billing period) makes the copy fail after the rows before it.
      const staged = stagingTable(stagingId);
      await house.connection.run(
        `UPDATE ${staged} SET billing_period = NULL WHERE rowid = (SELECT max(rowid) FROM ${staged})`,
      );
      await expect(house.replacePeriods({ stagingId, projectId: 'kept' })).rejects.toThrow(/Cannot parse/);
      expect(await house.periodTotals({ projectId: 'kept' })).toEqual(before);
      expect(await stagingTablesLeft(house)).toEqual([]);
    });

    it('deleteProject drops every period of the project and only that project', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      await importInto(house, legacyCsv(), 'doomed');
      await importInto(house, legacyCsv(), 'neighbour');
      await house.deleteProject('doomed');
      expect(await house.periodTotals({ projectId: 'doomed' })).toEqual([]);
      expect((await house.periodTotals({ projectId: 'neighbour' })).length).toBe(1);
    });
  });

  describe(`hostile strings reach ClickHouse (${label}) only as values`, () => {
    const hostile = "o'brien\\' OR 1=1 -- \n) UNION ALL SELECT 1";

    it('a project and client named to break out import and query as plain values', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      const ds = billingDataset('aws-cur-legacy-csv-anonymized');
      const path = join(ds.dir, ds.files[0] as string);
      const { periods } = await importInto(house, path, hostile, hostile);
      const { periods: expected } = await importInto(duck, path, hostile, hostile);
      expectSameFigures(periods, expected, 'hostile project');
      const query = {
        clientId: hostile,
        projectIds: [hostile],
        from: '2010-01-01',
        to: '2030-12-31',
        granularity: 'month' as const,
        groupBy: null,
        costType: 'unblended' as const,
      };
      expectSameFigures(await house.costByPeriod(query), await duck.costByPeriod(query), 'hostile query');
      const other = await house.costByPeriod({ ...query, clientId: "x' OR '1'='1" });
      expect(other).toEqual({ total: 0, rows: [] });
      await expect(
        house.totalsBy({ projectId: hostile, column: 'product_servicecode` FROM system.tables --' }),
      ).rejects.toThrow(/unknown column/);
    });
  });
}

/** Staging tables left on any server. */
async function stagingTablesLeft(store: ClickHouseCostStore): Promise<string[]> {
  expect((await store.health()).ok).toBe(true);
  const sql = "SELECT name FROM system.tables WHERE name LIKE 'finlens_staging_%' FORMAT TSV";
  const answers = await Promise.all(
    (clickHouse.urls ?? []).map(async (url) =>
      (await fetch(`${url}/?query=${encodeURIComponent(sql)}`)).text(),
    ),
  );
  return answers.flatMap((text) => text.split('\n')).filter((line) => line !== '');
}
