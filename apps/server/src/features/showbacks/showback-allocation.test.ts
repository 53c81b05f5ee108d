import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CostFilter } from '@finlens/contracts/cost-query';
import {
  type AllocationCell,
  allocateDay,
  type DayAllocation,
  reconciliationGapCents,
} from '@finlens/cost-model/allocation';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { type EngineRule, runAllocation } from './showback-allocation';

/** A line item of the generated dataset. */
interface Item {
  day: string;
  service: string;
  region: string;
  team: string | null;
  cents: number;
}

const SERVICES = ['AmazonEC2', 'AmazonS3', 'AmazonRDS'];
const REGIONS = ['us-east-1', 'eu-west-1'];
const TEAMS = ['web', 'web-1', 'db', 'legacy', null];
const DAYS = ['2026-10-31', '2026-11-01', '2026-11-02'];
const MAPPING = { combined: new Map([['web-1', 'web']]), hidden: new Set(['legacy']) };
const CLIENT = 'client-prop';
const PROJECT = 'project-prop';

let dir: string;
let store: DuckDbCostStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-showbacks-'));
  store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
  await store.init();
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Replaces the dataset; amortized is half the unblended cost, so two cost types are checked. */
async function load(items: Item[]): Promise<void> {
  await store.connection.run(`DELETE FROM line_items WHERE client_id = ${quote(CLIENT)}`);
  if (items.length === 0) return;
  const rows = items.map((item) => {
    const tags =
      item.team === null ? 'MAP([]::VARCHAR[], []::VARCHAR[])' : `MAP(['team'], [${quote(item.team)}])`;
    const cost = item.cents / 100;
    return `(${quote(CLIENT)}, ${quote(PROJECT)}, DATE '2026-11-01', TIMESTAMP '${item.day} 05:00:00', ${quote(item.service)}, ${quote(item.region)}, ${tags}, ${cost}, ${Math.round(item.cents / 2) / 100})`;
  });
  await store.connection.run(
    `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicename, product_region_code, resource_tags, line_item_unblended_cost, line_item_amortized_cost) VALUES ${rows.join(', ')}`,
  );
}

/** The rule semantics, evaluated line item by line item in JS: the first matching rule wins. */
function matches(item: Item, filter: CostFilter): boolean {
  if ('pairs' in filter) {
    return filter.pairs.some((p) => (p.value === '' ? item.team === null : item.team === p.value));
  }
  const value = filter.dimension === 'product_servicename' ? item.service : item.region;
  return filter.values.includes(value);
}

function reference(items: Item[], rules: EngineRule[]): DayAllocation[] {
  return DAYS.filter((day) => items.some((i) => i.day === day)).map((day) => {
    const cells: AllocationCell[] = items
      .filter((i) => i.day === day)
      .map((item) => ({
        day,
        rule: rules.find((r) => r.filters.length > 0 && r.filters.every((f) => matches(item, f)))?.id ?? null,
        raw: item.team,
        costs: [item.cents / 100, Math.round(item.cents / 2) / 100, 0, 0, 0, 0, 0],
      }));
    return allocateDay(day, cells, rules, MAPPING, 7);
  });
}

const filterArb: fc.Arbitrary<CostFilter> = fc.oneof(
  fc
    .subarray(SERVICES, { minLength: 1 })
    .map((values): CostFilter => ({ dimension: 'product_servicename', mode: 'include', values })),
  fc
    .subarray(REGIONS, { minLength: 1 })
    .map((values): CostFilter => ({ dimension: 'product_region', mode: 'include', values })),
  fc.constantFrom('web', 'db', 'legacy', '').map(
    (value): CostFilter => ({
      dimension: 'tag_keys',
      mode: 'include',
      match: 'any',
      pairs: [{ key: 'team', value }],
    }),
  ),
);

const ruleArb = (id: string): fc.Arbitrary<EngineRule> =>
  fc
    .record({
      filters: fc.array(filterArb, { minLength: 1, maxLength: 2 }),
      kind: fc.nat({ max: 3 }),
      target: fc.constantFrom('web', 'db', 'ops'),
    })
    .map(({ filters, kind, target }): EngineRule => {
      if (kind === 0) return { id, kind: 'share', method: 'even', splits: [], filters };
      if (kind === 1) return { id, kind: 'share', method: 'proportional', splits: [], filters };
      if (kind === 2) {
        const splits = [
          { value: 'web', percent: 60 },
          { value: 'ops', percent: 40 },
        ];
        return { id, kind: 'share', method: 'fixed', splits, filters };
      }
      return { id, kind: 'assign', target, filters };
    });

const itemArb: fc.Arbitrary<Item> = fc.record({
  day: fc.constantFrom(...DAYS),
  service: fc.constantFrom(...SERVICES),
  region: fc.constantFrom(...REGIONS),
  team: fc.constantFrom(...TEAMS),
  cents: fc.integer({ min: -500, max: 5000 }),
});

const rulesArb = fc
  .nat({ max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => ruleArb(`rule-${i}`))));

/** Value → cost per cost type, rounded to the cent, for comparison. */
function flatten(days: DayAllocation[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  const add = (key: string, costs: number[]) => {
    out[key] = (out[key] ?? costs.map(() => 0)).map((c, i) => c + (costs[i] ?? 0));
  };
  for (const day of days) {
    for (const [v, costs] of day.direct) add(`direct:${v}`, costs);
    for (const [v, costs] of day.shared) add(`shared:${v}`, costs);
    add('unallocated', day.unallocated);
  }
  return Object.fromEntries(
    Object.entries(out).map(([k, costs]) => [k, costs.map((c) => Math.round(c * 100) / 100 || 0)]),
  );
}

const scope = { clientId: CLIENT, projectIds: [PROJECT], from: DAYS[0] as string, to: DAYS[2] as string };
const allocate = (rules: EngineRule[]) =>
  runAllocation(store, { ...scope, tagType: 'tag', tagKeys: ['team'], rules, mapping: MAPPING });

describe('showback allocation in DuckDB', () => {
  it('reconciles to the cent per day and cost type, and matches the first-rule-wins reference (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(itemArb, { maxLength: 25 }), rulesArb, async (items, rules) => {
        await load(items);
        const result = await allocate(rules);
        for (const day of result.days) {
          expect(reconciliationGapCents(day)).toEqual([0, 0, 0, 0, 0, 0, 0]);
          const own = result.scopeTotals.get(day.day) ?? [];
          expect(day.total.map((t, i) => Math.round((t - (own[i] ?? 0)) * 100) || 0)).toEqual([
            0, 0, 0, 0, 0, 0, 0,
          ]);
        }
        expect(flatten(result.days)).toEqual(flatten(reference(items, rules)));
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('depends on rule order: the reference with the rules reversed disagrees on overlapping rules', async () => {
    const items: Item[] = [
      { day: '2026-11-01', service: 'AmazonEC2', region: 'us-east-1', team: 'web', cents: 1000 },
    ];
    const rules: EngineRule[] = [
      {
        id: 'a',
        kind: 'assign',
        target: 'db',
        filters: [{ dimension: 'product_servicename', mode: 'include', values: ['AmazonEC2'] }],
      },
      {
        id: 'b',
        kind: 'assign',
        target: 'ops',
        filters: [{ dimension: 'product_region', mode: 'include', values: ['us-east-1'] }],
      },
    ];
    await load(items);
    const result = flatten((await allocate(rules)).days);
    expect(result['direct:db']?.[0]).toBe(10);
    expect(result).not.toEqual(flatten(reference(items, [...rules].reverse())));
    expect(flatten((await allocate([...rules].reverse())).days)['direct:ops']?.[0]).toBe(10);
  });

  it('allocates by cost-allocation tags (cost categories) when the showback says so', async () => {
    await load([]);
    await store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, cost_category, line_item_unblended_cost) VALUES
        (${quote(CLIENT)}, ${quote(PROJECT)}, DATE '2026-11-01', TIMESTAMP '2026-11-01 00:00:00', MAP(['unit'], ['retail']), 7),
        (${quote(CLIENT)}, ${quote(PROJECT)}, DATE '2026-11-01', TIMESTAMP '2026-11-01 00:00:00', MAP([]::VARCHAR[], []::VARCHAR[]), 3)`,
    );
    const result = await runAllocation(store, {
      ...scope,
      tagType: 'cost_allocation_tag',
      tagKeys: ['unit'],
      rules: [],
      mapping: MAPPING,
    });
    expect(flatten(result.days)).toEqual({
      'direct:retail': [7, 0, 0, 0, 0, 0, 0],
      unallocated: [3, 0, 0, 0, 0, 0, 0],
    });
  });
});
