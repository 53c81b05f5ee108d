import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { addDays } from '@finlens/cost-model/utc-calendar';
import { billingDataset, billingDatasets } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../ingest/duckdb/import-files';
import { localSource } from '../../ingest/sources/local-source';
import { COST_TYPES } from '../canonical-schema';
import type { WarehouseCostQuery } from '../cost-query/cost-query-port';
import { ROLLUPS } from '../cost-query/rollups';
import type { CostStore } from '../cost-store';
import { type DuckDbCostStore, openDuckDbCostStore } from '../duckdb/duckdb-cost-store';
import { runMetricsScenario } from '../metrics-store.test-helper';
import { type ClickHouseCostStore, openClickHouseCostStore } from './clickhouse-cost-store';
import { METRIC_TABLES } from './clickhouse-metrics-store';
import { queryClickHouse, TEST_CLUSTER, useTestClickHouse } from './test-clickhouse';

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

type Staging = Pick<CostStore, 'loadPeriods'> & { connection: DuckDBConnection };

let clickHouse: ReturnType<typeof useTestClickHouse>;
let dir = '';
let duck: DuckDbCostStore;
let house: ClickHouseCostStore | null = null;
let counter = 0;

/** Loads one file or folder with the DuckDB readers into the store. */
async function importInto(store: Staging, path: string, projectId: string, clientId = CLIENT) {
  counter += 1;
  const importId = `parity${counter}`;
  const files = await localSource(path).listFiles();
  const { totals } = await importFiles({
    warehouse: store,
    importId,
    clientId,
    projectId,
    files,
    format: 'auto',
  });
  return { importId, periods: totals };
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

/** A CostQuery over one client's projects: the whole history by month without a group-by, unless told. */
function costQuery(projectIds: string[], ask: Partial<WarehouseCostQuery> = {}): WarehouseCostQuery {
  return {
    clientId: CLIENT,
    projectIds,
    start_date: '2010-01-01',
    end_date: '2030-12-31',
    granularity: 'month',
    dimension: null,
    cost_type: 'unblended',
    filters: [],
    top_n: 10,
    useRollups: true,
    ...ask,
  };
}

/**
 * Every store figure of a project on both engines: period totals, totals by column, and CostQuery answers
 * from the rollups and from the line items (each engine's own planner picks the same source). The questions
 * are asked all at once; each compares its two answers.
 */
async function expectParity(projectId: string, clickhouse: ClickHouseCostStore) {
  const same = async <T>(query: (store: CostStore) => Promise<T>, what: string) => {
    const [actual, expected] = await Promise.all([query(clickhouse), query(duck)]);
    expectSameFigures(actual, expected, what);
  };
  const projects = [projectId];
  const questions = [same((s) => s.periodTotals({ projectId }), `${projectId} periodTotals`)];
  for (const column of GROUP_COLUMNS) {
    questions.push(same((s) => s.totalsBy({ projectId, column }), `${projectId} totalsBy ${column}`));
  }
  for (const cost_type of COST_TYPES) {
    questions.push(
      same((s) => s.runCostQuery(costQuery(projects, { cost_type })), `${projectId} ${cost_type}`),
    );
  }
  for (const useRollups of [true, false]) {
    for (const dimension of ['product_servicename', 'line_item_usage_account_id', 'pricing_unit'] as const) {
      const query = costQuery(projects, { dimension, useRollups });
      questions.push(
        same((s) => s.runCostQuery(query), `${projectId} by month ${dimension} rollups ${useRollups}`),
      );
    }
  }
  const narrow = { start_date: '2018-10-03', end_date: '2018-10-17', granularity: 'day' as const };
  questions.push(
    same(
      (s) => s.runCostQuery(costQuery(projects, { ...narrow, cost_type: 'amortized' })),
      `${projectId} narrow range`,
    ),
  );
  // The 40 days up to the data's last day, once DuckDB has said which day that is.
  questions.push(
    duck.runCostQuery(costQuery(projects)).then(({ as_of: asOf }) => {
      if (asOf === null) return;
      const days = { start_date: addDays(asOf, -39), end_date: asOf, granularity: 'day' as const };
      const byDay = costQuery(projects, { ...days, dimension: 'product_servicename' });
      return same((s) => s.runCostQuery(byDay), `${projectId} 40 days to as_of`);
    }),
  );
  // Every question finishes before the first failure is reported (none is left running into the next test).
  const failed = (await Promise.allSettled(questions)).find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}

/** A file imported into both engines: each store's result, or the error it refused the file with. */
type ImportedInBoth = (Awaited<ReturnType<typeof importInto>> | Error)[];

interface ParityFile {
  projectId: string;
  path: string;
}

/**
 * The datasets' files imported into both engines in order, one file at a time: taking a file's import starts
 * the next file's, so it runs while the questions about this one are asked (another project: the figures asked
 * about do not change). `settled` waits for an import nobody took (a dataset left out by a test filter).
 */
function importsInTurn(files: ParityFile[]) {
  const started = new Map<ParityFile, Promise<ImportedInBoth>>();
  const start = (file: ParityFile) => {
    let imported = started.get(file);
    if (imported === undefined) {
      const stores = [duck, house as ClickHouseCostStore];
      imported = Promise.all(
        stores.map((store) => importInto(store, file.path, file.projectId).catch((e: Error) => e)),
      );
      started.set(file, imported);
    }
    return imported;
  };
  return {
    async take(file: ParityFile): Promise<ImportedInBoth> {
      const imported = await start(file);
      const next = files[files.indexOf(file) + 1];
      if (next !== undefined) start(next);
      return imported;
    },
    settled: () => Promise.allSettled(started.values()),
  };
}

/**
 * The parity suite: every fixture dataset imported into DuckDB and into ClickHouse (one server, or
 * `shards` servers behind a Distributed table) gives the same figures; replacement, failure and hostile
 * strings. One test file per setup calls this (its servers start once for the file).
 */
/**
 * `filesPerDataset` bounds how many of each dataset's files are imported (the first ones, in the dataset's
 * order): the sharded run proves that whole projects land on shards and reads see every shard, which a few files
 * of each format show as well as all of them; the one-server run imports every file.
 */
export function describeClickHouseParity(shards: number, filesPerDataset = Number.POSITIVE_INFINITY): void {
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
    const local = ['line_items', ...ROLLUPS.map((r) => r.table), ...METRIC_TABLES];
    const tables = [...local, ...(sharding === undefined ? [] : local.map((t) => `${t}_all`))];
    expect(await house.init()).toEqual(tables.map((t) => `create ${t}`));
    expect(await house.init()).toEqual([]);
  });

  afterAll(async () => {
    await house?.close();
    await duck?.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe(`ClickHouse (${label}) and DuckDB give the same figures`, () => {
    const datasets = billingDatasets().map((dataset) => ({
      dataset,
      files: dataset.files.slice(0, filesPerDataset).map((file) => ({
        projectId: `${dataset.name}/${file}`,
        path: join(dataset.dir, file),
      })),
    }));
    const imports = importsInTurn(datasets.flatMap(({ files }) => files));
    afterAll(() => imports.settled());
    for (const { dataset, files } of datasets) {
      it(
        `${dataset.name}: every file imported into both engines`,
        async (context) => {
          if (house === null) return context.skip('clickhouse-server is not installed');
          let imported = 0;
          for (const file of files) {
            const { projectId } = file;
            // Files the readers refuse (the FOCUS examples with spreadsheet money) must fail on both engines.
            const [first, second] = await imports.take(file);
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

    it('costs over all of the client projects match, from rollups and from line items', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      await imports.settled();
      const projects = await importedProjects();
      for (const [start_date, end_date] of [
        ['2018-09-01', '2018-10-20'],
        ['2023-05-01', '2023-06-15'],
        ['2025-09-01', '2025-10-31'],
      ] as const) {
        for (const useRollups of [true, false]) {
          const query = costQuery(projects, {
            start_date,
            end_date,
            granularity: 'day',
            cost_type: 'net_amortized',
            useRollups,
          });
          const [got, want] = await Promise.all([house.runCostQuery(query), duck.runCostQuery(query)]);
          expectSameFigures(got, want, `${start_date}..${end_date} rollups ${useRollups}`);
        }
      }
    });

    it('each shard holds whole projects and the reads see every shard', async (context) => {
      const urls = clickHouse.urls;
      if (house === null || urls === null) return context.skip('clickhouse-server is not installed');
      const sql = 'SELECT project_id, count() AS n FROM line_items GROUP BY project_id FORMAT JSONEachRow';
      const perShard = await Promise.all(
        urls.map(async (url) => {
          const text = await queryClickHouse(url, sql);
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
      expect(total).toBeGreaterThan(0);
      const everything = costQuery([...new Set(projects)], { granularity: 'quarter' });
      expectSameFigures(
        await house.runCostQuery(everything),
        await duck.runCostQuery(everything),
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

  describe(`ClickHouse (${label}) and DuckDB keep the same resource metrics`, () => {
    it('hourly and daily series, re-collected hours, summaries of many ids, newest hours, retention', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      const [got, want] = await Promise.all([
        runMetricsScenario(house.metrics, 'metrics/'),
        runMetricsScenario(duck.metrics, 'metrics/'),
      ]);
      expect(want.hourly.length).toBeGreaterThan(0);
      expect(want.summaries.length).toBe(2);
      expectSameFigures(got, want, 'metrics');
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
        const byService = costQuery(['again'], { dimension: 'product_servicename' });
        const [rolled, expected] = await Promise.all([
          house.runCostQuery(byService),
          duck.runCostQuery(byService),
        ]);
        expect(rolled.source).toBe('rollup');
        expectSameFigures(rolled, expected, `rollups after import ${i + 1}`);
      }
      expect(await stagingTablesLeft(house)).toEqual([]);
    });

    /** Imports the legacy CSV into `projectId` with the statement `sabotage` run on the staged rows after the checks. */
    function sabotagedImport(
      store: ClickHouseCostStore,
      projectId: string,
      sabotage: (staged: string) => string,
    ) {
      counter += 1;
      const sabotaged: Staging = {
        connection: store.connection,
        loadPeriods: (load) =>
          store.loadPeriods({
            ...load,
            check: async (relation) => {
              await load.check(relation);
              await store.connection.run(sabotage(relation));
            },
          }),
      };
      return localSource(legacyCsv())
        .listFiles()
        .then((files) =>
          importFiles({
            warehouse: sabotaged,
            importId: `sabotaged${counter}`,
            clientId: CLIENT,
            projectId,
            files,
            format: 'auto',
          }),
        );
    }

    const failures: {
      name: string;
      projectId: string;
      sabotage: (staged: string) => string;
      error: RegExp;
    }[] = [
      {
        // A last row ClickHouse refuses (no billing period) makes the copy fail after the rows before it.
        name: 'a failed import leaves the old period and no staging behind',
        projectId: 'kept',
        sabotage: (staged) =>
          `UPDATE ${staged} SET billing_period = NULL WHERE rowid = (SELECT max(rowid) FROM ${staged})`,
        error: /Cannot parse/,
      },
      {
        // A staged column gone: DuckDB's COPY of the first batch fails before anything reaches ClickHouse.
        name: 'a copy DuckDB cannot write fails at once and leaves the old period and no staging behind',
        projectId: 'kept-too',
        sabotage: (staged) => `ALTER TABLE ${staged} DROP COLUMN line_item_usage_account_id`,
        error: /line_item_usage_account_id/,
      },
    ];
    for (const { name, projectId, sabotage, error } of failures) {
      it(name, async (context) => {
        if (house === null) return context.skip('clickhouse-server is not installed');
        await importInto(house, legacyCsv(), projectId);
        const before = await house.periodTotals({ projectId });
        await expect(sabotagedImport(house, projectId, sabotage)).rejects.toThrow(error);
        expect(await house.periodTotals({ projectId })).toEqual(before);
        expect(await stagingTablesLeft(house)).toEqual([]);
      });
    }

    it('deleteProject drops every period of the project and only that project', async (context) => {
      if (house === null) return context.skip('clickhouse-server is not installed');
      await importInto(house, legacyCsv(), 'doomed');
      await importInto(house, legacyCsv(), 'neighbour');
      await house.deleteProject('doomed');
      expect(await house.periodTotals({ projectId: 'doomed' })).toEqual([]);
      expect((await house.periodTotals({ projectId: 'neighbour' })).length).toBe(1);
      // The rollups lose the project too: nothing from any of them, the neighbour's costs stay.
      for (const dimension of [null, 'product_servicename', 'tag_keys'] as const) {
        const ask = { dimension, dimension_key: dimension === 'tag_keys' ? 'user_name' : undefined };
        const gone = await house.runCostQuery(costQuery(['doomed'], ask));
        expect(gone).toMatchObject({ source: 'rollup', total: 0, as_of: null });
        expect((await house.runCostQuery(costQuery(['neighbour'], ask))).total).toBeGreaterThan(0);
      }
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
      const query = { ...costQuery([hostile]), clientId: hostile };
      const answer = await house.runCostQuery(query);
      expectSameFigures(answer, await duck.runCostQuery(query), 'hostile query');
      expect(answer.total).not.toBe(0);
      const other = await house.runCostQuery({ ...query, clientId: "x' OR '1'='1" });
      expect(other).toMatchObject({ total: 0, as_of: null, currency: null });
      const filtered = costQuery([hostile], {
        clientId: hostile,
        dimension: 'product_servicename',
        filters: [{ dimension: 'product_servicename', mode: 'include', values: [hostile] }],
      });
      expect(await house.runCostQuery(filtered)).toMatchObject({ source: 'rollup', total: 0 });
      await expect(
        house.totalsBy({ projectId: hostile, column: 'product_servicecode` FROM system.tables --' }),
      ).rejects.toThrow(/unknown column/);
    });
  });
}

/** The projects imported into the ClickHouse store so far (every shard). */
async function importedProjects(): Promise<string[]> {
  const sql = 'SELECT DISTINCT project_id FROM line_items FORMAT TSV';
  const answers = await Promise.all((clickHouse.urls ?? []).map((url) => queryClickHouse(url, sql)));
  // TSV escapes; the hostile project may or may not be there yet, so keep only plain ids.
  return answers.flatMap((text) => text.split('\n')).filter((id) => id !== '' && !id.includes('\\'));
}

/** Staging tables left on any server (in this file's database: other files import beside it). */
async function stagingTablesLeft(store: ClickHouseCostStore): Promise<string[]> {
  expect((await store.health()).ok).toBe(true);
  const sql =
    "SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'finlens_staging_%' FORMAT TSV";
  const answers = await Promise.all((clickHouse.urls ?? []).map((url) => queryClickHouse(url, sql)));
  return answers.flatMap((text) => text.split('\n')).filter((line) => line !== '');
}
