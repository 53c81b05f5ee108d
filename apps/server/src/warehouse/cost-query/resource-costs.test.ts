import { SPLIT_COST_OPERATIONS } from '@finlens/cost-model/billing-line-item-types';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { isMonthlyPricingUnit } from '@finlens/cost-model/savings-verification';
import { addDays, endOfMonth, inclusiveDays, startOfMonth } from '@finlens/cost-model/utc-calendar';
import { describe, expect, it } from 'vitest';
import { expectSameFigures } from '../clickhouse/clickhouse-parity.test-helper';
import { demoOnBothEngines } from '../clickhouse/demo-on-both-engines.test-helper';
import type { CostStore } from '../cost-store';
import { DEMO_CLIENT, DEMO_PROJECT } from '../duckdb/demo-warehouse.test-helper';
import { costWindows, type ResourceCostsQuery } from './resource-costs';

/** Per-resource cost of the small demo export on DuckDB, reconciled with the line items, and on ClickHouse. */
const demo = demoOnBothEngines('finlens-rescost-');
const scope = { clientId: DEMO_CLIENT, projectIds: [DEMO_PROJECT] };

async function query(store: CostStore): Promise<ResourceCostsQuery> {
  const newest = await store.newestUsageDay(scope);
  if (newest === null) throw new Error('the demo has data');
  return { ...scope, ...costWindows(newest, 30), costType: 'unblended', tagKeys: ['user_team', 'user_nope'] };
}

const byId = <T extends { resourceId: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.resourceId.localeCompare(b.resourceId));

describe('resource costs', () => {
  it('sum each resource id over both windows as the line items do', async () => {
    const q = await query(demo.duck);
    expect(q.to).toBe('2026-03-31');
    expect(q).toMatchObject({ from: '2026-01-31', current: '2026-03-02' });
    const rows = await demo.duck.resourceCosts(q);
    const split = SPLIT_COST_OPERATIONS.map((o) => `'${o}'`).join(', ');
    const reader = await demo.duck.connection.runAndReadAll(
      `SELECT line_item_resource_id AS rid,
        sum(CASE WHEN line_item_usage_start_date >= TIMESTAMP '2026-03-02' THEN line_item_unblended_cost ELSE 0 END) AS cur,
        sum(CASE WHEN line_item_usage_start_date < TIMESTAMP '2026-03-02' THEN line_item_unblended_cost ELSE 0 END) AS prev
       FROM line_items
       WHERE line_item_usage_start_date >= TIMESTAMP '2026-01-31' AND line_item_usage_start_date < TIMESTAMP '2026-04-01'
         AND coalesce(line_item_resource_id, '') <> ''
         AND (line_item_operation IS NULL OR line_item_operation NOT IN (${split}))
       GROUP BY 1`,
    );
    const hand = reader.getRowObjectsJson() as { rid: string; cur: number; prev: number }[];
    expect(rows.length).toBe(hand.length);
    expect(rows.length).toBeGreaterThan(20);
    const want = new Map(hand.map((h) => [h.rid, h]));
    for (const row of rows) {
      const h = want.get(row.resourceId);
      expect(h, row.resourceId).toBeDefined();
      expect(row.currentCost).toBeCloseTo(Number(h?.cur), 6);
      expect(row.previousCost).toBeCloseTo(Number(h?.prev), 6);
    }
    const instance = rows.find((r) => r.resourceId.startsWith('i-') && r.currentCost > 0);
    expect(instance).toMatchObject({
      serviceCode: 'AmazonEC2',
      accountId: expect.any(String),
      accountName: expect.any(String),
    });
    expect(instance?.region).not.toBeNull();
    expect(rows.some((r) => r.tags[0] !== null)).toBe(true);
    expect(rows.every((r) => r.tags[1] === null)).toBe(true);
    expect(rows.every((r) => r.firstDay >= q.from && r.lastDay <= q.to)).toBe(true);
  });

  it('count charges billed per month as a day of an average month when asked (the recommendations estimate)', async () => {
    const q = await query(demo.duck);
    const evened = await demo.duck.resourceCosts({ ...q, monthlyPerAverageMonth: true });
    const billed = new Map((await demo.duck.resourceCosts(q)).map((r) => [r.resourceId, r]));
    const split = SPLIT_COST_OPERATIONS.map((o) => `'${o}'`).join(', ');
    // By hand: each day's lines per pricing unit; a monthly unit's cost × its month's days ÷ 30.4375.
    const reader = await demo.duck.connection.runAndReadAll(
      `SELECT line_item_resource_id AS rid, strftime(line_item_usage_start_date, '%Y-%m-%d') AS day,
              pricing_unit AS unit, sum(line_item_unblended_cost) AS cost
       FROM line_items
       WHERE line_item_usage_start_date >= TIMESTAMP '${q.from}' AND line_item_usage_start_date < TIMESTAMP '${addDays(q.to, 1)}'
         AND coalesce(line_item_resource_id, '') <> ''
         AND (line_item_operation IS NULL OR line_item_operation NOT IN (${split}))
       GROUP BY ALL`,
    );
    const hand = new Map<string, { cur: number; prev: number }>();
    const units = new Set<string>();
    for (const r of reader.getRowObjectsJson() as {
      rid: string;
      day: string;
      unit: string | null;
      cost: number;
    }[]) {
      const monthly = isMonthlyPricingUnit(r.unit);
      if (monthly) units.add(String(r.unit));
      const scale = monthly ? inclusiveDays(startOfMonth(r.day), endOfMonth(r.day)) / DAYS_PER_MONTH : 1;
      const h = hand.get(r.rid) ?? { cur: 0, prev: 0 };
      h[r.day >= q.current ? 'cur' : 'prev'] += Number(r.cost) * scale;
      hand.set(r.rid, h);
    }
    expect([...units].sort()).toEqual(expect.arrayContaining(['GB-Mo']));
    let changed = 0;
    for (const row of evened) {
      const h = hand.get(row.resourceId);
      expect(row.currentCost, row.resourceId).toBeCloseTo(h?.cur ?? Number.NaN, 6);
      expect(row.previousCost, row.resourceId).toBeCloseTo(h?.prev ?? Number.NaN, 6);
      if (Math.abs(row.currentCost - (billed.get(row.resourceId)?.currentCost ?? 0)) > 1e-6) changed += 1;
    }
    expect(changed).toBeGreaterThan(0);
    // A volume billed only per GB-month, every day of February: its February is 28 days of 1/28 of the month's
    // charge as billed, and 28 days of 1/30.4375 of it evened out.
    const feb = { ...q, from: '2026-02-01', current: '2026-02-01', to: '2026-02-28' };
    const volume = (await demo.duck.resourceCosts(feb)).find(
      (r) => r.resourceId.startsWith('vol-') && r.firstDay === '2026-02-01' && r.lastDay === '2026-02-28',
    );
    if (volume === undefined) throw new Error('the demo has a volume billed all February');
    const volumeEvened = (await demo.duck.resourceCosts({ ...feb, monthlyPerAverageMonth: true })).find(
      (r) => r.resourceId === volume.resourceId,
    );
    expect(volumeEvened?.currentCost).toBeCloseTo((volume.currentCost * 28) / 30.4375, 9);
  });

  it('split per usage and line item type, add up to each resource id cost (the scheduler estimate)', async () => {
    const q = await query(demo.duck);
    const totals = new Map((await demo.duck.resourceCosts(q)).map((r) => [r.resourceId, r.currentCost]));
    const split = await demo.duck.resourceUsageCosts({
      ...scope,
      from: q.current,
      to: q.to,
      costType: 'unblended',
    });
    const summed = new Map<string, number>();
    for (const r of split) summed.set(r.resourceId, (summed.get(r.resourceId) ?? 0) + r.cost);
    for (const [rid, cost] of summed) expect(cost, rid).toBeCloseTo(totals.get(rid) ?? 0, 6);
    const rds = split.filter((r) => r.resourceId.includes(':rds:'));
    expect(rds.some((r) => r.usageType?.includes('InstanceUsage'))).toBe(true);
    expect(rds.some((r) => r.usageType?.includes('Storage'))).toBe(true);
    expect(split.some((r) => r.lineItemType === 'Usage')).toBe(true);
    // Only one service's lines of a usage type (the recommendations' snapshot storage read): those rows, no other.
    const snapshots = await demo.duck.resourceUsageCosts({
      ...scope,
      from: q.current,
      to: q.to,
      costType: 'unblended',
      serviceCode: 'AmazonEC2',
      usageTypeContains: 'SnapshotUsage',
    });
    const keyOf = (r: (typeof split)[number]) => `${r.resourceId}|${r.usageType}|${r.lineItemType}|${r.cost}`;
    const wanted = split.filter(
      (r) => r.usageType?.includes('SnapshotUsage') && r.resourceId.includes('snap'),
    );
    expect(wanted.length).toBeGreaterThan(0);
    expect(snapshots.map(keyOf).sort()).toEqual(wanted.map(keyOf).sort());
  });

  it('sums the usage amount beside the cost per pricing unit, as the line items hold it', async () => {
    const q = await query(demo.duck);
    const rows = await demo.duck.costBreakdown({
      ...scope,
      from: q.current,
      to: q.to,
      costType: 'unblended',
      sets: [
        [{ dimension: 'product_servicename', mode: 'include', values: ['Amazon Simple Storage Service'] }],
      ],
      groupBy: [{ dimension: 'pricing_unit' }],
      usageAmounts: true,
      useRollups: true,
    });
    const reader = await demo.duck.connection.runAndReadAll(
      `SELECT pricing_unit AS unit, sum(line_item_usage_amount) AS amount, sum(line_item_unblended_cost) AS cost
       FROM line_items WHERE line_item_usage_start_date >= TIMESTAMP '${q.current}'
         AND line_item_usage_start_date < TIMESTAMP '${addDays(q.to, 1)}' AND product_servicename = 'Amazon Simple Storage Service'
       GROUP BY 1`,
    );
    const hand = reader.getRowObjectsJson() as { unit: string | null; amount: number; cost: number }[];
    expect(hand.some((h) => h.unit === 'GB-Mo')).toBe(true);
    expect(rows.length).toBe(hand.length);
    for (const h of hand) {
      const row = rows.find((r) => r.groups[0] === h.unit);
      expect(row?.usages?.[0], String(h.unit)).toBeCloseTo(Number(h.amount), 6);
      expect(row?.costs[0], String(h.unit)).toBeCloseTo(Number(h.cost), 6);
    }
  });

  it('names the hours resources ran: their instance-hour lines by start hour, an RDS database by its identifier', async (context) => {
    const q = await query(demo.duck);
    const reader = await demo.duck.connection.runAndReadAll(
      `SELECT line_item_resource_id AS rid, count(DISTINCT date_trunc('hour', line_item_usage_start_date))::INTEGER AS hours
       FROM line_items WHERE line_item_usage_start_date >= TIMESTAMP '${q.current}'
         AND line_item_usage_start_date < TIMESTAMP '${addDays(q.to, 1)}'
         AND line_item_usage_type LIKE '%Usage:%' AND line_item_usage_type NOT LIKE '%SpotUsage:%'
         AND line_item_usage_amount > 0
         AND (line_item_resource_id LIKE 'i-%' OR line_item_resource_id LIKE 'arn:aws:rds:%:db:%')
       GROUP BY 1 ORDER BY 1 LIMIT 6`,
    );
    const hand = reader.getRowObjectsJson() as { rid: string; hours: number }[];
    const instances = hand.filter((h) => h.rid.startsWith('i-')).map((h) => h.rid);
    const databases = hand.flatMap((h) => (h.rid.startsWith('arn:') ? [h.rid.split(':db:')[1] ?? ''] : []));
    expect(instances.length).toBeGreaterThan(0);
    const read = {
      ...scope,
      from: q.current,
      to: q.to,
      resourceIds: instances,
      databaseIds: databases,
    };
    const lines = await demo.duck.resourceRunningHours(read);
    for (const h of hand) {
      const mine = lines.filter((l) => l.resourceId === h.rid);
      expect(new Set(mine.map((l) => l.start.getTime())).size, h.rid).toBe(h.hours);
      expect(mine.every((l) => l.end === null || l.end >= l.start)).toBe(true);
    }
    expect(await demo.duck.resourceRunningHours({ ...read, resourceIds: [], databaseIds: [] })).toEqual([]);
    if (demo.house === null) return context.skip('clickhouse-server is not installed');
    const key = (l: { resourceId: string; start: Date }) => `${l.resourceId}|${l.start.toISOString()}`;
    const sorted = <T extends { resourceId: string; start: Date }>(rows: T[]) =>
      [...rows].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sorted(await demo.house.resourceRunningHours(read))).toEqual(sorted(lines));
  });

  it('gives the same figures on ClickHouse', async (context) => {
    const { duck, house } = demo;
    if (house === null) return context.skip('clickhouse-server is not installed');
    expect(await house.newestUsageDay(scope)).toBe(await duck.newestUsageDay(scope));
    const q = await query(duck);
    expectSameFigures(
      byId(await house.resourceCosts(q)),
      byId(await duck.resourceCosts(q)),
      'resource costs',
    );
    const evened = { ...q, monthlyPerAverageMonth: true };
    expectSameFigures(
      byId(await house.resourceCosts(evened)),
      byId(await duck.resourceCosts(evened)),
      'resource costs, monthly charges per average month',
    );
    const split = { ...scope, from: q.current, to: q.to, costType: 'amortized' as const };
    const key = (r: { resourceId: string; usageType: string | null; lineItemType: string | null }) =>
      `${r.resourceId}|${r.usageType}|${r.lineItemType}`;
    const sorted = <T extends { resourceId: string; usageType: string | null; lineItemType: string | null }>(
      rows: T[],
    ) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
    expectSameFigures(
      sorted(await house.resourceUsageCosts(split)),
      sorted(await duck.resourceUsageCosts(split)),
      'resource usage costs',
    );
    const snapshots = { ...split, serviceCode: 'AmazonEC2', usageTypeContains: 'SnapshotUsage' };
    expectSameFigures(
      sorted(await house.resourceUsageCosts(snapshots)),
      sorted(await duck.resourceUsageCosts(snapshots)),
      'resource usage costs of one usage type',
    );
    // The savings ledger's read: each day's cost and usage amount per pricing unit of some resources.
    const ids = (await duck.resourceCosts(q)).map((r) => r.resourceId).slice(0, 40);
    const usage = async (store: CostStore) =>
      (
        await store.costBreakdown({
          ...scope,
          from: q.current,
          to: q.to,
          costType: 'net_amortized',
          sets: [[{ dimension: 'line_item_resource_id', mode: 'include', values: ids }]],
          byDay: true,
          groupBy: [{ dimension: 'pricing_unit' }],
          usageAmounts: true,
          useRollups: true,
        })
      ).sort((a, b) => `${a.day}|${a.groups[0]}`.localeCompare(`${b.day}|${b.groups[0]}`));
    const want = await usage(duck);
    expect(want.some((row) => (row.usages?.[0] ?? 0) > 0)).toBe(true);
    expectSameFigures(await usage(house), want, 'usage amounts per day and pricing unit');
  });

  it('answers nothing for an empty scope', async () => {
    expect(await demo.duck.newestUsageDay({ ...scope, projectIds: [] })).toBeNull();
    const q = await query(demo.duck);
    expect(await demo.duck.resourceCosts({ ...q, projectIds: [] })).toEqual([]);
    expect(await demo.duck.resourceCosts({ ...q, clientId: 'other' })).toEqual([]);
  });
});
