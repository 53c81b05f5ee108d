import { reconciliationGapCents } from '@finlens/cost-model/allocation';
import { describe, expect, it } from 'vitest';
import { COST_TYPES } from '../../warehouse/canonical-schema';
import {
  DEMO_CLIENT,
  DEMO_PROJECT,
  demoQuery,
  demoWarehouse,
} from '../../warehouse/duckdb/demo-warehouse.test-helper';
import { DEMO_RULES as RULES } from './demo-rules.test-helper';
import { runAllocation } from './showback-allocation';

const demo = demoWarehouse('finlens-showback-demo-');

const MONTHS = [
  ['2026-01-01', '2026-01-31'],
  ['2026-02-01', '2026-02-28'],
  ['2026-03-01', '2026-03-31'],
] as const;

describe('showback allocation on the demo organisation', () => {
  it("reconciles every month and cost type to the cent, and the scope total is the Explorer's total", async () => {
    const result = await runAllocation(demo.store, {
      clientId: DEMO_CLIENT,
      projectIds: [DEMO_PROJECT],
      from: '2026-01-01',
      to: '2026-03-31',
      tagType: 'tag',
      tagKeys: ['user_team', 'user_cost_center'],
      rules: RULES,
      mapping: { combined: new Map(), hidden: new Set() },
    });
    expect(result.days.length).toBeGreaterThan(80);
    for (const day of result.days) expect(reconciliationGapCents(day)).toEqual(COST_TYPES.map(() => 0));
    for (const rule of RULES) expect(result.moved.get(rule.id)?.[0] ?? 0, rule.id).not.toBe(0);
    for (const [from, to] of MONTHS) {
      for (const [t, costType] of COST_TYPES.entries()) {
        const inMonth = result.days.filter((d) => d.day >= from && d.day <= to);
        let allocated = 0;
        for (const day of inMonth) {
          allocated += day.unallocated[t] ?? 0;
          for (const costs of [...day.direct.values(), ...day.shared.values()]) allocated += costs[t] ?? 0;
        }
        const explorer = await demo.store.runCostQuery(
          demoQuery({ start_date: from, end_date: to, granularity: 'month', cost_type: costType }, false),
        );
        expect(Math.round((allocated - explorer.total) * 100) || 0, `${from} ${costType}`).toBe(0);
      }
    }
  }, 120_000);
});
