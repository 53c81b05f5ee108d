import type { TagPolicy } from '@finlens/contracts/tag-explorer';
import { describe, expect, it } from 'vitest';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { expectSameFigures } from '../../warehouse/clickhouse/clickhouse-parity.test-helper';
import { demoOnBothEngines } from '../../warehouse/clickhouse/demo-on-both-engines.test-helper';
import { costScopesOver } from '../../warehouse/cost-scope';
import type { CostStore } from '../../warehouse/cost-store';
import { DEMO_CLIENT, DEMO_PROJECT } from '../../warehouse/duckdb/demo-warehouse.test-helper';
import type { TagExplorerRepo } from './tag-explorer.repo';
import { createTagExplorerService } from './tag-explorer.service';
import { createTagPoliciesService } from './tag-policies.service';

/** The Tag explorer's answers on the small demo export, in DuckDB and in a local ClickHouse (18.16 here). */
let demo: ReturnType<typeof demoOnBothEngines>;

const policy = (id: string, input: Partial<TagPolicy>): TagPolicy => ({
  id,
  name: id,
  tag_keys: [],
  allowed_values: [],
  allowed_pattern: null,
  account_ids: [],
  services: [],
  enabled: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...input,
});
const POLICIES = [
  policy('env', { tag_keys: ['user_env'], allowed_pattern: 'prod|staging' }),
  policy('team', { tag_keys: ['user_team', 'user_owner'], allowed_values: ['platform', 'payments'] }),
];
const scopes = costScopesOver(async () => [{ id: DEMO_PROJECT, name: 'Demo', cloudType: 'aws' as const }]);
const caller = testCaller(DEMO_CLIENT);
const repo = {
  listPolicies: async () => POLICIES,
} as unknown as TagExplorerRepo;

const RANGE = { start_date: '2026-03-01', end_date: '2026-03-31', cost_type: 'amortized' as const };

function answers(store: CostStore) {
  const explorer = createTagExplorerService({ repo, scopes, warehouse: store });
  const policies = createTagPoliciesService({ repo, scopes, warehouse: store });
  return Promise.all([
    explorer.rows(caller, RANGE),
    explorer.values(caller, { ...RANGE, key: 'user_team' }),
    explorer.untagged(caller, RANGE),
    explorer.untagged(caller, { ...RANGE, key: 'user_env' }),
    policies.violations(caller, RANGE),
  ]);
}

/** The suite on one server, or on `shards` servers behind a Distributed table; one test file per setup. */
export function describeTagExplorerOnClickHouse(shards: number): void {
  demo = demoOnBothEngines('finlens-tags-ch-', shards);
  const setup = shards === 1 ? 'one server' : `${shards} shards`;
  describe(`the Tag explorer on ClickHouse (${setup})`, () => {
    it('rows, values, untagged cost and violations equal DuckDB', async (context) => {
      const { duck, house } = demo;
      if (house === null) return context.skip('clickhouse-server is not installed');
      const [got, want] = await Promise.all([answers(house), answers(duck)]);
      expectSameFigures(got, want, 'tag explorer');
      const [rows, values, untagged, , violations] = want;
      expect(rows.rows.find((r) => r.name === 'user_team')).toMatchObject({
        violationCount: expect.any(Number),
      });
      expect(rows.rows.every((r) => r.count > 0 || r.violationCount > 0)).toBe(true);
      expect(values.values.some((v) => v.resources > 0 && v.violates)).toBe(true);
      expect(untagged.rows.length).toBeGreaterThan(3);
      expect(violations.violations.map((v) => v.reason)).toEqual(
        expect.arrayContaining(['missing', 'disallowed']),
      );
    });

    it('rows read from the line items (use_query_optimization=false) equal those from the rollups', async (context) => {
      const { duck, house } = demo;
      if (house === null) return context.skip('clickhouse-server is not installed');
      const rowsOf = (store: CostStore, useRollups: boolean) =>
        createTagExplorerService({ repo, scopes, warehouse: store }).rows(caller, {
          ...RANGE,
          use_query_optimization: useRollups ? 'true' : 'false',
        });
      const [got, fromRows, fromRollups] = await Promise.all([
        rowsOf(house, false),
        rowsOf(duck, false),
        rowsOf(duck, true),
      ]);
      expectSameFigures(got, fromRows, 'rows from line items');
      expectSameFigures(fromRollups, fromRows, 'rows from rollups');
    });
  });
}
