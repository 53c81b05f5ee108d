import { SPLIT_COST_OPERATIONS } from '@finlens/cost-model/billing-line-item-types';
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
  });

  it('answers nothing for an empty scope', async () => {
    expect(await demo.duck.newestUsageDay({ ...scope, projectIds: [] })).toBeNull();
    const q = await query(demo.duck);
    expect(await demo.duck.resourceCosts({ ...q, projectIds: [] })).toEqual([]);
    expect(await demo.duck.resourceCosts({ ...q, clientId: 'other' })).toEqual([]);
  });
});
