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
import { splitPart } from '../../warehouse/cost-query/allocation-port';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { createAllocationRunner, type EngineRule, runAllocation } from './showback-allocation';

/** A line item of the generated dataset. */
interface Item {
  day: string;
  service: string;
  region: string;
  team: string | null;
  cents: number;
  /** The resource id; the `i-node*` ones are EKS nodes when pods ran on them that day. */
  resource?: string | null;
}

/** An EKS pod's split row: its node, its label and its split plus unused cost (the weight). */
interface Pod extends Omit<Item, 'cents' | 'resource'> {
  parent: string;
  splitCents: number;
  unusedCents: number;
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

const tagsOf = (team: string | null) =>
  team === null ? 'MAP([]::VARCHAR[], []::VARCHAR[])' : `MAP(['team'], [${quote(team)}])`;
const textOrNull = (text: string | null | undefined) => (text == null ? 'NULL' : quote(text));

/**
 * Replaces the dataset; amortized is half the unblended cost, so two cost types are checked. Pods are EKS
 * split rows (no cost of their own in the cost columns, as in CUR), one per pod and day.
 */
async function load(items: Item[], pods: Pod[] = []): Promise<void> {
  await store.connection.run(`DELETE FROM line_items WHERE client_id = ${quote(CLIENT)}`);
  const head = `${quote(CLIENT)}, ${quote(PROJECT)}, DATE '2026-11-01'`;
  const rows = items.map((item) => {
    const cost = item.cents / 100;
    return `(${head}, TIMESTAMP '${item.day} 05:00:00', ${quote(item.service)}, ${quote(item.region)}, ${tagsOf(item.team)}, ${textOrNull(item.resource)}, NULL, NULL, NULL, NULL, ${cost}, ${Math.round(item.cents / 2) / 100})`;
  });
  const podRows = pods.map(
    (pod, i) =>
      `(${head}, TIMESTAMP '${pod.day} 05:00:00', ${quote(pod.service)}, ${quote(pod.region)}, ${tagsOf(pod.team)}, 'pod-${i}', 'EKSPod-EC2', ${quote(pod.parent)}, ${pod.splitCents / 100}, ${pod.unusedCents / 100}, 0, 0)`,
  );
  if (rows.length + podRows.length === 0) return;
  await store.connection.run(
    `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicename, product_region_code, resource_tags, line_item_resource_id, line_item_operation, split_line_item_parent_resource_id, split_line_item_split_cost, split_line_item_unused_cost, line_item_unblended_cost, line_item_amortized_cost) VALUES ${[...rows, ...podRows].join(', ')}`,
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

const firstRule = (row: Omit<Item, 'cents'>, rules: EngineRule[]) =>
  rules.find((r) => r.filters.length > 0 && r.filters.every((f) => matches(row as Item, f)))?.id ?? null;
const costsOf = (item: Item) => [item.cents / 100, Math.round(item.cents / 2) / 100, 0, 0, 0, 0, 0];

/**
 * The reference, line item by line item. With pods (a label showback), the part the pods split of a node's
 * items of a day they ran on it (`splitPart` of the node's amortized cost) becomes one part per pod: the
 * node's cost times the pod's share of the pods' weights (even when they are all zero), matched by the rules
 * and labelled as the pod; the node's items keep the rest.
 */
function reference(items: Item[], rules: EngineRule[], pods: Pod[] = []): DayAllocation[] {
  return DAYS.filter((day) => items.some((i) => i.day === day)).map((day) => {
    const podsOf = (node: string) => pods.filter((p) => p.day === day && p.parent === node);
    const onNode = (item: Item) => item.resource != null && podsOf(item.resource).length > 0;
    const todays = items.filter((i) => i.day === day);
    const cells: AllocationCell[] = todays
      .filter((item) => !onNode(item))
      .map((item) => ({ day, rule: firstRule(item, rules), raw: item.team, costs: costsOf(item) }));
    for (const node of new Set(todays.filter(onNode).map((i) => i.resource as string))) {
      const cost = [0, 0, 0, 0, 0, 0, 0];
      for (const item of todays.filter((i) => i.resource === node)) {
        costsOf(item).forEach((c, t) => {
          cost[t] = (cost[t] ?? 0) + c;
        });
      }
      const weights = podsOf(node).map((p) => Math.max(0, p.splitCents + p.unusedCents) / 100);
      const total = weights.reduce((a, b) => a + b, 0);
      const part = splitPart(total, cost[1] ?? 0);
      // A node the pods take whole keeps no cells: its tag value has no direct cost that day from it.
      for (const item of part < 1 ? todays.filter((i) => i.resource === node) : []) {
        const costs = costsOf(item).map((c) => c * (1 - part));
        cells.push({ day, rule: firstRule(item, rules), raw: item.team, costs });
      }
      for (const [i, pod] of podsOf(node).entries()) {
        const share = part * (total > 0 ? (weights[i] ?? 0) / total : 1 / weights.length);
        cells.push({ day, rule: firstRule(pod, rules), raw: pod.team, costs: cost.map((c) => c * share) });
      }
    }
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
  resource: fc.constantFrom(null, 'i-node1', 'i-node2', 'vol-1'),
});

const podArb: fc.Arbitrary<Pod> = fc.record({
  day: fc.constantFrom(...DAYS),
  service: fc.constantFrom(...SERVICES),
  region: fc.constantFrom(...REGIONS),
  team: fc.constantFrom(...TEAMS),
  parent: fc.constantFrom('i-node1', 'i-node2', 'i-elsewhere'),
  splitCents: fc.integer({ min: 0, max: 900 }),
  unusedCents: fc.integer({ min: 0, max: 300 }),
});

const rulesArb = fc
  .nat({ max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => ruleArb(`rule-${i}`))));

/** Value → cost per cost type (rounded to the cent unless told), for comparison. */
function flatten(days: DayAllocation[], round = true): Record<string, number[]> {
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
    Object.entries(out).map(([k, costs]) => [
      k,
      costs.map((c) => (round ? Math.round(c * 100) / 100 || 0 : c)),
    ]),
  );
}

const scope = { clientId: CLIENT, projectIds: [PROJECT], from: DAYS[0] as string, to: DAYS[2] as string };
const allocate = (rules: EngineRule[], tagType: 'tag' | 'label' = 'tag') =>
  runAllocation(store, { ...scope, tagType, tagKeys: ['team'], rules, mapping: MAPPING });

/** Checks every day reconciles to the cent, and its total is the scope's own total. */
function expectReconciled(result: Awaited<ReturnType<typeof allocate>>): void {
  for (const day of result.days) {
    expect(reconciliationGapCents(day)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    const own = result.scopeTotals.get(day.day) ?? [];
    expect(day.total.map((t, i) => Math.round((t - (own[i] ?? 0)) * 100) || 0)).toEqual([
      0, 0, 0, 0, 0, 0, 0,
    ]);
  }
}

describe('showback allocation in DuckDB', () => {
  it('reconciles to the cent per day and cost type, and matches the first-rule-wins reference (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(itemArb, { maxLength: 25 }), rulesArb, async (items, rules) => {
        await load(items);
        const result = await allocate(rules);
        expectReconciled(result);
        expect(flatten(result.days)).toEqual(flatten(reference(items, rules)));
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it("label showbacks: EKS pods take their nodes' cost by weight, reconciled to the cent, as the reference (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb, { maxLength: 20 }),
        fc.array(podArb, { maxLength: 12 }),
        rulesArb,
        async (items, pods, rules) => {
          await load(items, pods);
          const result = await allocate(rules, 'label');
          expectReconciled(result);
          const got = flatten(result.days, false);
          const want = flatten(reference(items, rules, pods), false);
          // A value whose cells are all zero (a zero-cost node fully taken by zero-cost pods) may be listed or not.
          const costly = (cells: typeof got) =>
            Object.keys(cells)
              .filter((key) => cells[key]?.some((c) => Math.abs(c) > 1e-9))
              .sort();
          expect(costly(got)).toEqual(costly(want));
          // Pool splits round whole cents of non-cent amounts: float noise may move one cent between values.
          for (const [key, costs] of Object.entries(want)) {
            for (const [t, c] of costs.entries())
              expect(Math.abs((got[key]?.[t] ?? 0) - c), key).toBeLessThan(0.0101);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it("label showbacks: a node's cost goes to its pods' labels for the part they split; the rest keeps the node's tag", async () => {
    const node = { service: 'AmazonEC2', region: 'us-east-1', team: 'web', resource: 'i-node1' };
    const pod = { service: 'AmazonS3', region: 'us-east-1', parent: 'i-node1', unusedCents: 50 };
    // Day 1: the pods' weights (2 + 3) reach the node's amortized cost (5): they take all of it, 2 : 3.
    // Day 2: one pod weighs 1 of 5: it takes a fifth of every cost type, the node keeps the rest.
    await load(
      [
        { ...node, day: '2026-11-01', cents: 1000 },
        { ...node, day: '2026-11-02', cents: 1000 },
      ],
      [
        { ...pod, day: '2026-11-01', team: 'db', splitCents: 150 },
        { ...pod, day: '2026-11-01', team: null, splitCents: 250 },
        { ...pod, day: '2026-11-02', team: 'db', splitCents: 50 },
      ],
    );
    expect(flatten((await allocate([], 'label')).days)).toEqual({
      'direct:db': [6, 3, 0, 0, 0, 0, 0],
      'direct:web': [8, 4, 0, 0, 0, 0, 0],
      unallocated: [6, 3, 0, 0, 0, 0, 0],
    });
    // A rule on the pods' label matches (and so previews) the pods' part of the node.
    const db: CostFilter[] = [
      { dimension: 'tag_keys', mode: 'include', match: 'any', pairs: [{ key: 'team', value: 'db' }] },
    ];
    const label = { ...scope, tagType: 'label' as const };
    expect(await store.ruleMatches(label, [{ filters: db }, { filters: [] }], 'unblended')).toEqual([6, 0]);
    expect(await store.ruleMatches(scope, [{ filters: db }], 'unblended')).toEqual([0]);
    // A tag showback ignores the pods: the node's tag takes both days.
    expect(flatten((await allocate([])).days)).toEqual({
      'direct:web': [20, 10, 0, 0, 0, 0, 0],
      unallocated: [0, 0, 0, 0, 0, 0, 0],
    });
  });

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

  it('keeps an allocation per data version and allocation version: an edited rule or a new import is never answered from the cache', async () => {
    const items: Item[] = [
      { day: '2026-11-01', service: 'AmazonEC2', region: 'us-east-1', team: null, cents: 1000 },
      { day: '2026-11-01', service: 'AmazonS3', region: 'us-east-1', team: 'db', cents: 500 },
    ];
    await load(items);
    let reads = 0;
    const counted = createAllocationRunner({
      ...store,
      allocationCells: (spec) => {
        reads += 1;
        return store.allocationCells(spec);
      },
      allocationScopeTotals: (s) => store.allocationScopeTotals(s),
      ruleMatches: (...args) => store.ruleMatches(...args),
    });
    const ec2: CostFilter = { dimension: 'product_servicename', mode: 'include', values: ['AmazonEC2'] };
    const input = (target: string) => ({
      ...scope,
      tagType: 'tag' as const,
      tagKeys: ['team'],
      rules: [{ id: 'rule-1', kind: 'assign' as const, target, filters: [ec2] }],
      mapping: { combined: new Map(MAPPING.combined), hidden: new Set(MAPPING.hidden) },
    });
    const direct = async (target: string, version: string | undefined) =>
      flatten((await counted(input(target), version)).days);

    expect(await direct('web', 'v1')).toEqual({
      'direct:web': [10, 5, 0, 0, 0, 0, 0],
      'direct:db': [5, 2.5, 0, 0, 0, 0, 0],
      unallocated: [0, 0, 0, 0, 0, 0, 0],
    });
    expect(await direct('web', 'v1')).toEqual(await direct('web', 'v1'));
    expect(reads).toBe(1);
    // The rule now assigns to ops: a new allocation version, read again, never the kept web answer.
    expect((await direct('ops', 'v1'))['direct:ops']?.[0]).toBe(10);
    expect(reads).toBe(2);
    // A value hidden since: the same rules with another mapping.
    const hiding = { ...input('ops'), mapping: { combined: new Map(), hidden: new Set(['db']) } };
    expect(flatten((await counted(hiding, 'v1')).days)['direct:db']).toBeUndefined();
    expect(reads).toBe(3);
    // A new import: the data version moves, the new line item counts.
    await load([
      ...items,
      { day: '2026-11-01', service: 'AmazonEC2', region: 'us-east-1', team: null, cents: 200 },
    ]);
    expect((await direct('ops', 'v2'))['direct:ops']?.[0]).toBe(12);
    expect(reads).toBe(4);
    // Without a data version nothing is kept.
    await direct('ops', undefined);
    await direct('ops', undefined);
    expect(reads).toBe(6);
  });
});
