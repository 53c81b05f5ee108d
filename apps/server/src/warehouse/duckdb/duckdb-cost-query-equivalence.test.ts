import {
  type CostDimension,
  type CostFilter,
  type CostQueryInput,
  GRANULARITIES,
  OTHERS_KEY,
} from '@finlens/contracts/cost-query';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { COST_TYPE_COLUMNS, COST_TYPES, type CostType } from '../canonical-schema';
import type { WarehouseCostAnswer } from '../cost-query/cost-query-port';
import { planRanking, planSource } from '../cost-query/plan-source';
import { DEMO_PROJECT, demoQuery, demoWarehouse } from './demo-warehouse.test-helper';

const demo = demoWarehouse('finlens-cost-equivalence-');
const PROJECT_NAME = 'Demo organisation';

/** Dimensions some rollup keeps, plus project, tags and cost categories (the rollup-answerable ones). */
const DIMENSIONS = [
  'line_item_usage_account_id',
  'product_servicename',
  'product_region',
  'line_item_usage_type',
  'line_item_operation',
  'line_item_line_item_type',
  'finlens_purchase_option',
  'product_product_family',
  'pricing_unit',
  'finlens_non_taggable_resource',
  'product_storage_class',
  'billing_project_name',
] as const satisfies readonly CostDimension[];
const TAG_KEYS = ['user_team', 'user_env', 'user_app', 'no_such_key'];

type Row = {
  day: string;
  values: Record<string, string | null>;
  tags: Record<string, string>;
  categories: Record<string, string>;
  costs: Record<CostType, number>;
};
let rows: Row[] = [];
const pools: Record<string, string[]> = {};

const mapOf = (entries: unknown) =>
  Object.fromEntries(((entries ?? []) as { key: string; value: string }[]).map((e) => [e.key, e.value]));

/**
 * The oracle's input: one plain, hand-written aggregate of the non-split line items per day and the dimensions'
 * values (plus the tag and cost-category maps with `maps`).
 */
async function plainAggregate(dimensions: readonly CostDimension[], maps: boolean): Promise<Row[]> {
  const columns = dimensions.flatMap((d) => {
    const source = COST_DIMENSION_CATALOGUE[d].source;
    if (source.kind === 'column') return [`CAST("${source.column}" AS VARCHAR) AS "${d}"`];
    if (source.kind === 'product') return [`product['${source.key}'] AS "${d}"`];
    return [`project_id AS "${d}"`];
  });
  const sums = COST_TYPES.map((t) => `sum("${COST_TYPE_COLUMNS[t]}") AS "${t}"`);
  const result = await demo.store.connection.runAndReadAll(
    `SELECT strftime(line_item_usage_start_date, '%Y-%m-%d') AS day, ${columns.join(', ')},
            ${maps ? 'resource_tags, cost_category,' : ''} ${sums.join(', ')}
     FROM line_items
     WHERE coalesce(line_item_operation, '') NOT IN ('EKSPod-EC2', 'ECSTask-EC2')
     GROUP BY ALL`,
  );
  return result.getRowObjectsJson().map((r) => ({
    day: String(r.day),
    values: Object.fromEntries(
      dimensions.map((d) => [d, r[d] === null || r[d] === '' ? null : String(r[d])]),
    ),
    tags: mapOf(r.resource_tags),
    categories: mapOf(r.cost_category),
    costs: Object.fromEntries(COST_TYPES.map((t) => [t, Number(r[t] ?? 0)])) as Record<CostType, number>,
  }));
}

beforeAll(async () => {
  rows = await plainAggregate(DIMENSIONS, true);
  for (const d of DIMENSIONS) {
    pools[d] = [...new Set(rows.map((r) => r.values[d]).filter((v): v is string => v !== null))];
  }
  pools.billing_project_name = [PROJECT_NAME];
  for (const key of TAG_KEYS) {
    pools[key] = [...new Set(rows.map((r) => r.tags[key]).filter((v): v is string => v !== undefined))];
  }
}, 120_000);

/** A row's value of a dimension the way the contract defines it ('' counts as no value). */
function dimensionValue(row: Row, dimension: CostDimension, key?: string): string | null {
  if (dimension === 'tag_keys') return row.tags[key ?? ''] || null;
  if (dimension === 'cost_allocation_tag_keys') return row.categories[key ?? ''] || null;
  if (dimension === 'billing_project_name')
    return row.values[dimension] === DEMO_PROJECT ? PROJECT_NAME : null;
  return row.values[dimension] ?? null;
}

function matches(row: Row, filter: CostFilter): boolean {
  if ('pairs' in filter) {
    const hits = filter.pairs.map((p) => {
      const v = dimensionValue(row, filter.dimension, p.key);
      return p.value === '' || p.value === 'null' ? v === null : v === p.value;
    });
    const hit = filter.match === 'all' ? hits.every(Boolean) : hits.some(Boolean);
    return filter.mode === 'exclude' ? !hit : hit;
  }
  const v = dimensionValue(row, filter.dimension);
  const contains = () => filter.values.some((n) => v?.toLowerCase().includes(n.toLowerCase()) ?? false);
  switch (filter.mode) {
    case 'include':
      return v !== null && filter.values.includes(v);
    case 'exclude':
      return v === null || !filter.values.includes(v);
    case 'like':
      return contains();
    case 'not_like':
      return v === null || !contains();
  }
}

function periodOf(day: string, granularity: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (granularity === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (granularity === 'month') d.setUTCDate(1);
  if (granularity === 'quarter') d.setUTCMonth(d.getUTCMonth() - (d.getUTCMonth() % 3), 1);
  return d.toISOString().slice(0, 10);
}

/** The expected series (key → cost per period) computed in JS from the plain aggregate. */
function oracle(
  query: ReturnType<typeof demoQuery>,
  from: readonly Row[] = rows,
): Map<string | null, Map<string, number>> {
  const groups = new Map<string | null, Map<string, number>>();
  for (const row of from) {
    if (row.day < query.start_date || row.day > query.end_date) continue;
    if (!query.filters.every((f) => matches(row, f))) continue;
    const key =
      query.dimension === null ? 'total' : dimensionValue(row, query.dimension, query.dimension_key);
    const cells = groups.get(key) ?? new Map<string, number>();
    const period = periodOf(row.day, query.granularity);
    cells.set(period, (cells.get(period) ?? 0) + row.costs[query.cost_type]);
    groups.set(key, cells);
  }
  const total = (cells: Map<string, number>) => [...cells.values()].reduce((a, b) => a + b, 0);
  const ranked = [...groups.entries()].sort(([ka, a], [kb, b]) => {
    const diff = Math.round(total(b) * 1e6) - Math.round(total(a) * 1e6);
    if (diff !== 0) return diff;
    if (ka === null || kb === null) return ka === null ? 1 : -1;
    return ka < kb ? -1 : 1;
  });
  const top = new Map(ranked.slice(0, query.top_n));
  if (ranked.length > query.top_n) {
    const others = new Map<string, number>();
    for (const [, cells] of ranked.slice(query.top_n)) {
      for (const [p, c] of cells) others.set(p, (others.get(p) ?? 0) + c);
    }
    top.set(OTHERS_KEY, others);
  }
  return top;
}

type Cells = { key: string | null; costs: number[] }[];
const cellsOf = (answer: WarehouseCostAnswer): Cells =>
  answer.series.map((s) => ({ key: s.key, costs: s.costs }));

/** Same groups in the same order, every cost within half a cent. */
function expectSameToTheCent(actual: Cells, expected: Cells): void {
  expect(actual.map((s) => s.key)).toEqual(expected.map((s) => s.key));
  actual.forEach((s, i) => {
    const want = expected[i]?.costs ?? [];
    expect(s.costs).toHaveLength(want.length);
    s.costs.forEach((c, j) => {
      expect(Math.abs(c - (want[j] ?? 0)), `${s.key} period ${j}: ${c} vs ${want[j]}`).toBeLessThan(0.005);
    });
  });
}

const pick = (pool: () => string[]) =>
  fc.constant(null).chain(() => {
    const values = pool();
    return fc.constantFrom(...(values.length > 0 ? values : ['none']));
  });
const valueFilter = fc.constantFrom(...DIMENSIONS).chain((dimension) =>
  fc.record({
    dimension: fc.constant(dimension),
    mode: fc.constantFrom('include', 'exclude', 'like', 'not_like'),
    values: fc.array(
      fc.oneof(
        pick(() => pools[dimension] ?? []),
        pick(() => (pools[dimension] ?? []).map((v) => v.slice(1, 5).toUpperCase())),
        fc.string({ maxLength: 3 }),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  }),
);
const tagPair = fc.constantFrom(...TAG_KEYS).chain((key) =>
  fc.record({
    key: fc.constant(key),
    value: fc.oneof(
      pick(() => [...(pools[key] ?? []), 'nobody']),
      fc.constantFrom('', 'null'),
    ),
  }),
);
const keyedFilter = fc.record({
  dimension: fc.constant('tag_keys' as const),
  mode: fc.constantFrom('include', 'exclude'),
  match: fc.constantFrom('any', 'all'),
  pairs: fc.array(tagPair, { minLength: 1, maxLength: 3 }),
});
const day = fc
  .integer({ min: 0, max: 95 })
  .map((n) => new Date(Date.UTC(2025, 11, 28 + n)).toISOString().slice(0, 10));
const queryInput: fc.Arbitrary<Partial<CostQueryInput>> = fc
  .record({
    range: fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
    granularity: fc.constantFrom(...GRANULARITIES.filter((g) => g !== 'hour')),
    group: fc.oneof(
      fc.constant({ dimension: null }),
      fc.constantFrom(...DIMENSIONS).map((dimension) => ({ dimension })),
      fc.constantFrom(...TAG_KEYS).map((key) => ({ dimension: 'tag_keys' as const, dimension_key: key })),
      fc.constant({ dimension: 'cost_allocation_tag_keys' as const, dimension_key: 'business_unit' }),
    ),
    cost_type: fc.constantFrom(...COST_TYPES),
    filters: fc.array(fc.oneof(valueFilter, keyedFilter), { maxLength: 2 }),
    top_n: fc.integer({ min: 1, max: 8 }),
  })
  .map(({ range, group, ...rest }) => ({ start_date: range[0], end_date: range[1], ...group, ...rest }));

describe('rollup answers equal raw line items and a plain SQL aggregate (property)', () => {
  it('to the cent, for random dimensions, filters, granularities, cost types and top N', async () => {
    await fc.assert(
      fc.asyncProperty(queryInput, async (input) => {
        const query = { ...demoQuery(input, true), projectNames: { [DEMO_PROJECT]: PROJECT_NAME } };
        const fromRollup = await demo.store.runCostQuery(query);
        const fromRows = await demo.store.runCostQuery({ ...query, useRollups: false });
        expect(fromRows.source).toBe('line_items');
        expectSameToTheCent(cellsOf(fromRollup), cellsOf(fromRows));
        expect(Math.abs(fromRollup.total - fromRows.total)).toBeLessThan(0.005);
        expect(fromRollup.group_count).toBe(fromRows.group_count);
        const want: Cells = [...oracle(query).entries()].map(([key, cells]) => ({
          key,
          costs: fromRollup.periods.map((p) => cells.get(p) ?? 0),
        }));
        if (query.dimension === null && want.length === 0) {
          want.push({ key: 'total', costs: fromRollup.periods.map(() => 0) });
        }
        expectSameToTheCent(cellsOf(fromRollup), want);
      }),
      { numRuns: 100 },
    );
  }, 300_000);

  it('most generated queries are answered from a rollup, so the property compares two paths', () => {
    const sources = fc.sample(queryInput, 200).map((input) => planSource(demoQuery(input, true)).kind);
    expect(sources.filter((s) => s === 'rollup').length).toBeGreaterThan(120);
  });
});

/** The weekly resource rollup's filterable dimensions (each a column it keeps). */
const RESOURCE_FILTERS = ['line_item_usage_account_id', 'product_servicename', 'product_region'] as const;
const resourceFilter = fc.constantFrom(...RESOURCE_FILTERS).chain((dimension) =>
  fc.record({
    dimension: fc.constant(dimension),
    mode: fc.constantFrom('include', 'exclude', 'like', 'not_like'),
    values: fc.array(
      fc.oneof(
        pick(() => pools[dimension] ?? []),
        pick(() => (pools[dimension] ?? []).map((v) => v.slice(1, 5).toUpperCase())),
      ),
      { minLength: 1, maxLength: 2 },
    ),
  }),
);
const resourceQuery: fc.Arbitrary<Partial<CostQueryInput>> = fc
  .record({
    range: fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
    granularity: fc.constantFrom(...GRANULARITIES.filter((g) => g !== 'hour')),
    dimension: fc.constantFrom('line_item_resource_id', 'resource_name'),
    cost_type: fc.constantFrom(...COST_TYPES),
    filters: fc.array(resourceFilter, { maxLength: 2 }),
    top_n: fc.integer({ min: 1, max: 8 }),
  })
  .map(({ range, ...rest }) => ({ start_date: range[0], end_date: range[1], ...rest }));

/** The oracle's rows for resource group-bys: the plain aggregate per day, resource and the rollup's filter columns. */
let resourceRows: Row[] = [];
beforeAll(async () => {
  resourceRows = await plainAggregate(['line_item_resource_id', 'resource_name', ...RESOURCE_FILTERS], false);
}, 120_000);

describe('top resources ranked from the weekly resource rollup equal the line items (property)', () => {
  it('to the cent, with the same groups, order and group count, for random ranges, filters and cost types', async () => {
    let weekly = 0;
    await fc.assert(
      fc.asyncProperty(resourceQuery, async (input) => {
        const query = demoQuery(input, true);
        if (planRanking(query) !== null) weekly += 1;
        const fromRollup = await demo.store.runCostQuery(query);
        const fromRows = await demo.store.runCostQuery({ ...query, useRollups: false });
        expectSameToTheCent(cellsOf(fromRollup), cellsOf(fromRows));
        expect(Math.abs(fromRollup.total - fromRows.total)).toBeLessThan(0.005);
        expect(fromRollup.group_count).toBe(fromRows.group_count);
        // And a plain SQL aggregate, ranked and folded in JS.
        const want: Cells = [...oracle(query, resourceRows).entries()].map(([key, cells]) => ({
          key,
          costs: fromRollup.periods.map((p) => cells.get(p) ?? 0),
        }));
        expectSameToTheCent(cellsOf(fromRollup), want);
      }),
      { numRuns: 60 },
    );
    // Most generated ranges hold a full week, so the property compares two paths.
    expect(weekly).toBeGreaterThan(30);
  }, 300_000);
});
