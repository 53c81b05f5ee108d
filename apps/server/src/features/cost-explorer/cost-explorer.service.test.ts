import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dimensionDailyCostResultSchema } from '@finlens/contracts/cost-explorer';
import {
  COST_DIMENSIONS,
  type CostQueryInput,
  costQuerySchema,
  hourlyRangeMessage,
  OTHERS_KEY,
} from '@finlens/contracts/cost-query';
import { addDays, periodStarts } from '@finlens/cost-model/utc-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueAfterImportJobs } from '../../app/after-import-jobs';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createImportService } from '../../ingest/import.service';
import { createImportsRepo } from '../../ingest/imports.repo';
import { localSource } from '../../ingest/sources/local-source';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import { createCostScopes } from '../../warehouse/cost-scope';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { createCostSummaryService } from '../cost-summary/cost-summary.service';
import { createCostExplorerService } from './cost-explorer.service';

const HEADER =
  'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/Operation,lineItem/UnblendedCost,lineItem/CurrencyCode,resourceTags/user:Team';
/** [usage day, operation, unblended cost, Team tag]. */
type Row = [string, string, number, string];
const csv = (rows: Row[]) =>
  [HEADER, ...rows.map(([day, op, cost, team]) => `Usage,${day}T00:00:00Z,${op},${cost},USD,${team}`)].join(
    '\n',
  );

/** Every day of 1 Oct … 20 Nov 2026: RunInstances 3 (Team=web) and CreateBucket 1 (untagged). */
const ACME_A: Row[] = Array.from({ length: 51 }, (_, i) => addDays('2026-10-01', i)).flatMap((day): Row[] => [
  [day, 'RunInstances', 3, 'web'],
  [day, 'CreateBucket', 1, ''],
]);
const ACME_B: Row[] = [['2026-11-15', 'RunInstances', 10, '']];
const OTHER: Row[] = [['2026-11-10', 'RunInstances', 500, 'web']];
// Sunday 22 November 2026; the newest usage day is the 20th.
const TODAY = new Date('2026-11-22T15:00:00Z');

let db: MigratedTestDatabase;
let warehouse: DuckDbCostStore;
const ids: Record<string, { clientId: string; projectId: string }> = {};

beforeAll(async () => {
  db = await openMigratedTestDatabase('explorer');
  warehouse = await openDuckDbCostStore({ path: join(db.dir, 'warehouse.duckdb') });
  await warehouse.init();
  for (const [key, clientName, rows] of [
    ['a', 'Acme', ACME_A],
    ['b', 'Acme', ACME_B],
    ['other', 'Other', OTHER],
  ] as const) {
    const summary = await importRows(key, clientName, rows);
    ids[key] = { clientId: summary.clientId, projectId: summary.projectId };
  }
}, 60_000);

/** Imports `rows` as project `key` of the client (again: a restatement that replaces its months). */
async function importRows(key: string, clientName: string, rows: Row[]) {
  const imports = createImportsRepo(db.db, { onPeriodsReplaced: enqueueAfterImportJobs });
  const importer = createImportService({ repo: imports, warehouse });
  const path = join(db.dir, `${key}.csv`);
  await writeFile(path, csv(rows));
  const target = await imports.ensureProject({ clientName, projectName: key });
  return importer.importFrom({ source: localSource(path), ...target, format: 'auto' });
}
afterAll(async () => {
  await warehouse.close();
  await db.close();
});

const service = () => createCostExplorerService({ scopes: scopes(), warehouse, now: () => TODAY });
const id = (key: string) => ids[key] as { clientId: string; projectId: string };
const scopes = () => createCostScopes({ db: db.db });
const external = () => testCaller(id('a').clientId);
const run = (input: Partial<CostQueryInput>, caller = external(), useRollups = true) =>
  service().dimensionDailyCost(
    caller,
    costQuerySchema.parse({ start_date: '2026-11-01', end_date: '2026-11-20', ...input }),
    useRollups,
  );
const totals = (result: { series: { key: string | null; total: number }[] }) =>
  Object.fromEntries(result.series.map((s) => [String(s.key), s.total]));

describe('dimension_daily_cost service', () => {
  it("groups the client's costs by a dimension; nothing is forecast inside the data", async () => {
    const result = dimensionDailyCostResultSchema.parse(await run({ dimension: 'line_item_operation' }));
    expect(totals(result)).toEqual({ RunInstances: 70, CreateBucket: 20 });
    expect(result).toMatchObject({
      total: 90,
      forecast_total: 0,
      as_of: '2026-11-20',
      currency: 'USD',
      granularity_used: 'day',
      allowed_granularities: ['hour', 'day', 'week', 'month'],
    });
    expect(result.periods).toHaveLength(20);
    expect(result.forecast.every((f) => !f)).toBe(true);
  });

  it('forecasts the days after as_of per series from 40 days of history and flags them', async () => {
    const result = await run({
      end_date: '2026-11-30',
      dimension: 'line_item_operation',
      project_ids: [id('a').projectId],
    });
    expect(result.forecast).toEqual([...Array(20).fill(false), ...Array(10).fill(true)]);
    expect(totals(result)).toEqual({ RunInstances: 90, CreateBucket: 30 });
    expect(result.total).toBe(80);
    expect(result.forecast_total).toBeCloseTo(40, 9);
    // Every series carries its actual and forecast cost: together they are total + forecast_total.
    const seriesSum = result.series.reduce((sum, s) => sum + s.total, 0);
    expect(seriesSum).toBeCloseTo(result.total + result.forecast_total, 9);
    const forecastSum = result.series.flatMap((s) => s.forecast_costs).reduce((sum, c) => sum + c, 0);
    expect(forecastSum).toBeCloseTo(result.forecast_total, 9);
    expect(result.series[0]?.costs.slice(19)).toEqual(Array(11).fill(3));
  });

  it('a by-day answer covering the 40 days of history is its own history: one warehouse query', async () => {
    const calls: string[] = [];
    const counting = {
      ...warehouse,
      runCostQuery: (query: Parameters<DuckDbCostStore['runCostQuery']>[0]) => {
        calls.push(`${query.start_date}..${query.end_date}`);
        return warehouse.runCostQuery(query);
      },
    };
    const counted = createCostExplorerService({
      scopes: scopes(),
      warehouse: counting,
      now: () => TODAY,
    });
    const ask = (start_date: string) =>
      counted.dimensionDailyCost(
        external(),
        costQuerySchema.parse({
          start_date,
          end_date: '2026-11-30',
          dimension: 'line_item_operation',
          top_n: 1,
          project_ids: [id('a').projectId],
        }),
        true,
      );
    const short = await ask('2026-11-01');
    expect(calls).toEqual(['2026-11-01..2026-11-30', '2026-10-12..2026-11-20']);
    calls.length = 0;
    const long = await ask('2026-10-01');
    expect(calls).toEqual(['2026-10-01..2026-11-30']);
    // The same history and forecast days: the same forecast, and the same cut into top 1 + Others.
    expect(long.forecast_total).toBeCloseTo(short.forecast_total, 9);
    expect(long.series.map((s) => [s.key, s.costs.slice(-10)])).toEqual(
      short.series.map((s) => [s.key, s.costs.slice(-10)]),
    );
  });

  it('month to date by month is aligned (it reaches today); a mid-month start falls back to day', async () => {
    const mtd = await run({ end_date: '2026-11-22', granularity: 'month', project_ids: [id('a').projectId] });
    expect(mtd).toMatchObject({ granularity_used: 'month', periods: ['2026-11-01'], forecast: [true] });
    expect(mtd.series[0]?.costs[0]).toBeCloseTo(88, 9);
    // The month holds 20 actual days and 2 forecast ones: its actual part is the answer's total.
    expect(mtd.total).toBe(80);
    expect(mtd.series[0]?.forecast_costs[0]).toBeCloseTo(8, 9);
    expect(mtd.forecast_total).toBeCloseTo(8, 9);
    const unaligned = await run({ start_date: '2026-11-05', granularity: 'month' });
    expect(unaligned).toMatchObject({ granularity_requested: 'month', granularity_used: 'day' });
    expect(unaligned.periods[0]).toBe('2026-11-05');
  });

  it('hour beyond three months: refused for an external user, answered for an internal one', async () => {
    const longHours = { start_date: '2026-08-01', end_date: '2026-11-20', granularity: 'hour' } as const;
    await expect(run(longHours)).rejects.toMatchObject({
      statusCode: 400,
      errors: { granularity: [expect.any(String)] },
    });
    const inside = await run(longHours, { ...external(), internal: true });
    expect(inside.granularity_used).toBe('hour');
    expect(inside.periods[0]).toBe('2026-08-01T00:00:00Z');
    // 51 days of 4 in project A, 10 in project B.
    expect(inside.total).toBe(214);
    // Beyond 6 months hour is refused for internal users too, with what to do instead.
    const tooLong = { ...longHours, start_date: '2026-05-01' };
    await expect(run(tooLong, { ...external(), internal: true })).rejects.toMatchObject({
      statusCode: 400,
      errors: { granularity: [hourlyRangeMessage(6, ['day', 'week', 'month', 'quarter'])] },
    });
  });

  it('tenancy: another client sees only its costs; a foreign project is a 404', async () => {
    const theirs = await run({}, testCaller(id('other').clientId));
    expect(theirs.total).toBe(500);
    await expect(run({ project_ids: [id('other').projectId] })).rejects.toMatchObject({ statusCode: 404 });
    await expect(run({ project_ids: [id('a').projectId, 'nope'] })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('use_query_optimization=false answers from the line items with the same figures', async () => {
    const raw = await run({ dimension: 'line_item_operation' }, external(), false);
    expect(raw.source).toBe('line_items');
    expect(totals(raw)).toEqual({ RunInstances: 70, CreateBucket: 20 });
  });

  it('top N folds the rest into Others; a tag key groups by its values, untagged as null', async () => {
    const top1 = await run({ dimension: 'line_item_operation', top_n: 1 });
    expect(top1.series.map((s) => [s.key, s.total])).toEqual([
      ['RunInstances', 70],
      [OTHERS_KEY, 20],
    ]);
    const byTeam = await run({ dimension: 'tag_keys', dimension_key: 'user_team' });
    expect(totals(byTeam)).toEqual({ web: 60, null: 30 });
  });

  it("agrees with cost_summary's month to date and 31 days", async () => {
    const summary = await createCostSummaryService({
      scopes: scopes(),
      warehouse,
      now: () => TODAY,
    }).summary(external(), { costType: 'unblended' });
    const mtd = await run({ end_date: '2026-11-22' });
    const interval = await run({ start_date: '2026-10-23', end_date: '2026-11-22' });
    expect(mtd.total).toBe(summary.mtd_spend);
    expect(interval.total).toBe(summary.interval_spend);
  });
});

describe('filter-panel pickers and the catalogue', () => {
  it('values of a dimension by cost, with search', async () => {
    const values = await service().dimensionValues(external(), {
      dimension: 'line_item_operation',
      start_date: '2026-11-01',
      end_date: '2026-11-20',
      limit: 50,
    });
    expect(values.values).toEqual([
      { value: 'RunInstances', cost: 70 },
      { value: 'CreateBucket', cost: 20 },
    ]);
    const searched = await service().dimensionValues(external(), {
      dimension: 'line_item_operation',
      search: 'bucket',
      limit: 50,
    });
    expect(searched.values.map((v) => v.value)).toEqual(['CreateBucket']);
  });

  it('tag keys of the client only', async () => {
    const keys = await service().dimensionKeys(external(), { dimension: 'tag_keys', limit: 100 });
    expect(keys).toEqual({ dimension: 'tag_keys', keys: ['user_team'] });
  });

  it('the catalogue lists every dimension once by group, with the allowed granularities of a range', () => {
    const catalogue = service().dimensions(external(), { start_date: '2026-01-01', end_date: '2026-12-31' });
    expect(catalogue.groups.flatMap((g) => g.dimensions.map((d) => d.name)).sort()).toEqual(
      [...COST_DIMENSIONS].sort(),
    );
    expect(catalogue.groups.map((g) => g.name)[0]).toBe('Billing & Cost');
    expect(catalogue.allowed_granularities).toEqual(['week', 'month', 'quarter']);
    expect(service().dimensions({ ...external(), internal: true }, {}).allowed_granularities).toBeNull();
  });

  it('answers a repeated question from the result cache with the same tag; an import gives a new answer and tag', async () => {
    let queries = 0;
    const counting = {
      ...warehouse,
      runCostQuery: (query: Parameters<DuckDbCostStore['runCostQuery']>[0]) => {
        queries += 1;
        return warehouse.runCostQuery(query);
      },
    };
    const cached = createCostExplorerService({ scopes: scopes(), warehouse: counting, now: () => TODAY });
    const ask = async (input: Partial<CostQueryInput> = {}, caller = external()) => {
      const query = costQuerySchema.parse({ start_date: '2026-11-01', end_date: '2026-11-20', ...input });
      const tagged = await cached.dimensionDailyCostTagged(caller, query, true);
      return { etag: tagged.etag, answer: await tagged.answer() };
    };
    const first = await ask();
    const again = await ask();
    expect(queries).toBe(1);
    expect(again).toEqual(first);
    expect(first.answer.total).toBe(90);
    // Another question, another client, or a narrower scope: not the same entry.
    const grouped = await ask({ dimension: 'line_item_operation' });
    const other = await ask({}, testCaller(id('other').clientId));
    const narrower = await ask({ project_ids: [id('a').projectId] });
    expect(new Set([first.etag, grouped.etag, other.etag, narrower.etag]).size).toBe(4);
    expect(other.answer.total).toBe(500);
    const asked = queries;
    expect(await ask({ dimension: 'line_item_operation' })).toEqual(grouped);
    expect(await ask({}, testCaller(id('other').clientId))).toEqual(other);
    expect(queries).toBe(asked);
    // A restatement of project b bumps the data version: the next ask runs again and sees the new data.
    await importRows('b', 'Acme', [['2026-11-15', 'RunInstances', 30, '']]);
    const restated = await ask();
    expect(queries).toBe(asked + 1);
    expect(restated.etag).not.toBe(first.etag);
    expect(restated.answer.total).toBe(110);
    // A question over project a alone keeps its tag: its scope holds only a, whose data did not change.
    expect((await ask({ project_ids: [id('a').projectId] })).etag).toBe(narrower.etag);
    await importRows('b', 'Acme', ACME_B);
  });
});

describe('a large answer gives other requests a turn', () => {
  /** A warehouse answering any question with 11 series (10 resources and Others) over its periods. */
  const heavyWarehouse = (asOf: string | null): CostQueryPort => ({
    runCostQuery: async (q) => {
      const periods = periodStarts(q.start_date, q.end_date, q.granularity);
      const series = Array.from({ length: 11 }, (_, g) => ({
        key: g === 10 ? OTHERS_KEY : `i-${g}`,
        label: g === 10 ? 'Others' : `i-${g}`,
        costs: periods.map(() => 1),
        total: periods.length,
      }));
      return {
        periods,
        series,
        total: 11 * periods.length,
        group_count: 40,
        source: 'line_items',
        reads: [],
        as_of: asOf,
        currency: 'USD',
      };
    },
    dimensionValues: async () => [],
    dimensionKeys: async () => [],
    dailyCost: async () => [],
  });
  const scope = { clientId: 'c', projectIds: ['p'], projectNames: {}, projects: [] };
  const ask = (asOf: string | null, range: { start_date: string; end_date: string }) => {
    const explorer = createCostExplorerService({
      scopes: scopes(),
      warehouse: heavyWarehouse(asOf),
      now: () => TODAY,
    });
    const query = costQuerySchema.parse({
      ...range,
      granularity: 'hour',
      dimension: 'line_item_resource_id',
    });
    return orderAgainstWaiting(() => explorer.dimensionDailyCost(external(), query, false, scope));
  };

  it('fills the forecast parts with zeros (nothing to forecast) a few thousand cells per turn', async () => {
    const { order, result } = await ask(null, { start_date: '2026-08-01', end_date: '2026-10-31' });
    expect(order).toEqual(['waiting request', 'done']);
    expect(result.series[3]?.forecast_costs).toEqual(Array(2208).fill(0));
  });

  it('forecasts an hourly answer a few thousand cells per turn', async () => {
    const { order, result } = await ask('2026-11-20', { start_date: '2026-09-01', end_date: '2026-11-30' });
    expect(order).toEqual(['waiting request', 'done']);
    expect(result.forecast.filter(Boolean)).toHaveLength(10 * 24);
    expect(result.forecast_total).toBeGreaterThan(0);
  });
});
