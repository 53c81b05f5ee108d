import { reconciliationGapCents, UNALLOCATED } from '@finlens/cost-model/allocation';
import { describe, expect, it } from 'vitest';
import { COST_TYPES } from '../../warehouse/canonical-schema';
import { expectSameFigures } from '../../warehouse/clickhouse/clickhouse-parity.test-helper';
import { demoOnBothEngines } from '../../warehouse/clickhouse/demo-on-both-engines.test-helper';
import type { AllocationCellRow } from '../../warehouse/cost-query/allocation-port';
import type { CostStore } from '../../warehouse/cost-store';
import { DEMO_CLIENT, DEMO_PROJECT } from '../../warehouse/duckdb/demo-warehouse.test-helper';
import { DEMO_RULES } from './demo-rules.test-helper';
import { type AllocationInput, type EngineRule, runAllocation } from './showback-allocation';
import { distributionOf, ledgerOf } from './showback-ledger';

/**
 * The same showbacks on DuckDB and on ClickHouse (Debian's 18.16 here) over the small demo export: the
 * cost_distribution of every value and Unallocated, per cost type, must agree to the cent.
 */
let demo: ReturnType<typeof demoOnBothEngines>;

/** The demo rules (tax, networking shared by direct cost, untagged US cost 70/30) and an even split. */
const RULES: EngineRule[] = [
  ...DEMO_RULES,
  {
    id: 'support',
    kind: 'share',
    method: 'even',
    splits: [],
    filters: [{ dimension: 'product_servicename', mode: 'like', values: ['Support'] }],
  },
];

const RANGE = { from: '2026-02-01', to: '2026-03-31' };

const showback = (ask: Partial<AllocationInput>): AllocationInput => ({
  clientId: DEMO_CLIENT,
  projectIds: [DEMO_PROJECT],
  ...RANGE,
  tagType: 'tag',
  tagKeys: ['user_team', 'user_cost_center'],
  rules: RULES,
  mapping: { combined: new Map([['data-eng', 'data']]), hidden: new Set(['security']) },
  ...ask,
});

/** Value → [total, direct, shared, prev_total, every granular cost], per cost type. */
async function distribution(store: CostStore, input: AllocationInput) {
  const result = await runAllocation(store, input);
  for (const day of result.days) expect(reconciliationGapCents(day)).toEqual(COST_TYPES.map(() => 0));
  const range = { from: '2026-03-01', to: RANGE.to };
  return Object.fromEntries(
    COST_TYPES.map((costType, t) => {
      const ledger = ledgerOf(result.days, t);
      const values = [...ledger.values.entries(), [UNALLOCATED, ledger.unallocated] as const];
      const figures = values.map(([value, days]) => {
        const d = distributionOf(value, days, range, RANGE.to, null);
        return [value, [d.total, d.direct, d.shared, d.prev_total, ...d.granular.map((g) => g.cost)]];
      });
      return [costType, Object.fromEntries(figures)];
    }),
  );
}

/** Cells summed by (day, rule, raw, group). */
function byKey(cells: AllocationCellRow[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const c of cells) {
    const key = JSON.stringify([c.day, c.rule, c.raw, c.grp]);
    out[key] = (out[key] ?? c.costs.map(() => 0)).map((x, i) => x + (c.costs[i] ?? 0));
  }
  return out;
}

/** The suite on one server, or on `shards` servers behind a Distributed table; one test file per setup. */
export function describeShowbacksOnClickHouse(shards: number): void {
  demo = demoOnBothEngines('finlens-showback-ch-', shards);
  const setup = shards === 1 ? 'one server' : `${shards} shards`;
  describe(`showbacks on ClickHouse (${setup})`, () => {
    it('a showback with rules and shared splits gives the same cost_distribution to the cent as DuckDB', async (context) => {
      const { duck, house } = demo;
      if (house === null) return context.skip('clickhouse-server is not installed');
      const input = showback({});
      const [got, want] = await Promise.all([distribution(house, input), distribution(duck, input)]);
      expectSameFigures(got, want, 'cost_distribution');
      const unblended = want.unblended as Record<string, number[]>;
      expect(Object.keys(unblended)).toEqual(
        expect.arrayContaining(['platform', 'payments', 'data', 'finance']),
      );
      expect(unblended.security).toBeUndefined();
      expect(unblended.platform?.[2], 'platform has shared cost').toBeGreaterThan(0);
      const [rulesGot, rulesWant] = await Promise.all(
        [house, duck].map((s) => s.ruleMatches(input, RULES, 'amortized')),
      );
      expectSameFigures(rulesGot, rulesWant, 'rule matches');
    });

    it('a Kubernetes label showback reads the EKS pods in place of their nodes on both engines', async (context) => {
      const { duck, house } = demo;
      if (house === null) return context.skip('clickhouse-server is not installed');
      const input = showback({ tagType: 'label', tagKeys: ['aws_eks_namespace'], rules: [] });
      const [got, want] = await Promise.all([distribution(house, input), distribution(duck, input)]);
      expectSameFigures(got, want, 'cost_distribution');
      const namespaces = Object.keys(want.unblended as object).filter((v) => v !== UNALLOCATED);
      expect(namespaces.length).toBeGreaterThan(1);
      const rules = [
        { filters: [{ dimension: 'pod_namespace' as const, mode: 'include' as const, values: namespaces }] },
      ];
      const [matchedGot, matchedWant] = await Promise.all(
        [house, duck].map((s) => s.ruleMatches(input, rules, 'amortized')),
      );
      expectSameFigures(matchedGot, matchedWant, 'label rule matches');
      expect(matchedWant?.[0]).toBeGreaterThan(0);
    });

    it('cells grouped by resource agree (the resources behind a value or rule)', async (context) => {
      const { duck, house } = demo;
      if (house === null) return context.skip('clickhouse-server is not installed');
      for (const tagType of ['tag', 'label'] as const) {
        const spec = { ...showback({ tagType }), groupBy: 'line_item_resource_id' as const };
        const [got, want] = await Promise.all([house, duck].map((s) => s.allocationCells(spec).then(byKey)));
        expectSameFigures(got, want, `${tagType} cells by resource`);
        expect(Object.keys(want ?? {}).length).toBeGreaterThan(100);
      }
    });
  });
}
