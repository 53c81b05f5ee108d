import { rightsizingQuerySchema } from '@finlens/contracts/containers';
import type { Recommendation } from '@finlens/contracts/recommendations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { testCaller } from '../../platform/auth/caller.test-helper';
import type { KubernetesScope } from '../../warehouse/cost-query/kubernetes-costs';
import { costScopesOver } from '../../warehouse/cost-scope';
import { DEMO_CLIENT, DEMO_PROJECT, demoWarehouse } from '../../warehouse/duckdb/demo-warehouse.test-helper';
import { createContainersService } from '../containers/containers.service';
import { createRecommendationsRepo } from './recommendations.repo';
import { createRecommendationsEvaluation } from './recommendations-evaluation.service';

/** The container-rightsizing rule over the small demo export's split rows, stored by an evaluation. */
const demo = demoWarehouse('finlens-workload-recs-');
const OVER_REQUESTED = ['checkout-worker', 'search-indexer', 'prometheus'];

describe('container rightsizing recommendations', () => {
  let database: MigratedTestDatabase;
  let clientId: string;
  let projectId: string;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('container-rightsizing');
    ({ clientId, projectId } = await insertClientAndProject(database.db));
  });
  afterAll(async () => {
    await database?.close();
  });

  const onDemo = <T extends { clientId: string; projectIds: string[] }>(s: T): T => ({
    ...s,
    clientId: DEMO_CLIENT,
    projectIds: [DEMO_PROJECT],
  });
  const evaluate = () =>
    createRecommendationsEvaluation({
      repo: createRecommendationsRepo({ db: database.db }),
      warehouse: {
        newestUsageDay: (s) => demo.store.newestUsageDay(onDemo(s)),
        resourceCosts: async () => [],
        resourceUsageCosts: async () => [],
        usageAccounts: async () => [],
        workloadUsage: (s: KubernetesScope) => demo.store.workloadUsage(onDemo(s)),
      },
      utilisation: { utilisationSummaries: async () => [] },
      now: () => new Date('2026-04-01T06:00:00Z'),
    }).evaluate(projectId, 'import');

  it('finds the over-requested workloads with their evidence, the saving at the effective rate and on demand', async () => {
    await evaluate();
    const repo = createRecommendationsRepo({ db: database.db });
    const found = (await repo.recommendations([projectId], { ruleKey: 'container-rightsizing' })).map(
      (r) => r.body as unknown as Recommendation,
    );
    const names = found.map((r) => r.resource_id.split('/')[3]);
    expect(names.length).toBeGreaterThan(0);
    const present = (
      await demo.store.workloadUsage(
        onDemo({
          clientId,
          projectIds: [],
          from: '2026-03-18',
          to: '2026-03-31',
          basis: 'net_amortized',
          filters: {},
        }),
      )
    ).map((r) => r.controller);
    for (const name of OVER_REQUESTED.filter((n) => present.includes(n))) expect(names).toContain(name);
    for (const r of found) {
      expect(r).toMatchObject({ type: 'container-rightsizing', resource_kind: null, group: 'rightsizing' });
      expect(r.evidence).toMatchObject({ start_date: '2026-03-18', end_date: '2026-03-31' });
      const fact = (key: string) => Number(r.evidence.facts.find((f) => f.key === key)?.value);
      // Never below the peak, and the p95 plus 20 % headroom.
      expect(fact('cpu_p95')).toBeLessThanOrEqual(fact('cpu_peak'));
      if (r.action.target.cpu_request_vcpu !== undefined) {
        expect(r.action.target.cpu_request_vcpu).toBeGreaterThanOrEqual(fact('cpu_peak'));
        expect(r.action.target.cpu_request_vcpu).toBeGreaterThanOrEqual(fact('cpu_p95') * 1.2 - 1e-9);
        expect(r.action.target.cpu_request_vcpu).toBeLessThan(fact('cpu_request'));
      }
      expect(r.saving.estimated_monthly_saving).toBeGreaterThan(0);
      expect(r.saving.on_demand_monthly_saving).toBeGreaterThanOrEqual(r.saving.estimated_monthly_saving);
      // The demo's bill is exported per day.
      expect(r.might_be_wrong_because.join(' ')).toMatch(/exported per day/);
    }

    // The Container Rightsizing page links each to its recommendation (and so its ledger entry).
    const containers = createContainersService({
      scopes: costScopesOver(async () => [{ id: DEMO_PROJECT, name: 'Demo', cloudType: 'aws' as const }]),
      warehouse: demo.store,
      recommendations: {
        workloadRecommendationIds: () => repo.openIdsByResource([projectId], 'container-rightsizing'),
      },
    });
    const page = await containers.rightsizing(
      testCaller(DEMO_CLIENT),
      rightsizingQuerySchema.parse({ cost_basis: 'net_amortized' }),
    );
    for (const r of found)
      expect(page.workloads.find((w) => w.id === r.resource_id)?.recommendation_id).toBe(r.id);
  });

  it('finds none when the rule is turned off', async () => {
    const repo = createRecommendationsRepo({ db: database.db });
    await repo.saveSetting({
      clientId,
      ruleKey: 'container-rightsizing',
      enabled: false,
      thresholds: {},
      by: 'admin@example.com',
      at: new Date('2026-04-01T05:00:00Z'),
    });
    await evaluate();
    expect(await repo.recommendations([projectId], { ruleKey: 'container-rightsizing' })).toEqual([]);
  });
});
