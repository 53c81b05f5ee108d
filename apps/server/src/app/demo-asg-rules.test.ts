import { join } from 'node:path';
import { evaluateResource } from '@finlens/cost-model/recommendations/engine';
import { describe, expect, it } from 'vitest';
import { collectMetrics } from '../features/inventory/collect-metrics';
import { createUtilisation } from '../features/inventory/resource-metrics.service';
import type { RecommendationsRepo } from '../features/recommendations/recommendations.repo';
import { gatherInputs } from '../features/recommendations/rule-inputs';
import type { CloudResource } from '../integrations/cloud/cloud-resources';
import { loadScenarioFile } from '../integrations/cloud/simulated/scenario-file';
import { manualClock } from '../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../integrations/cloud/simulated/simulated-cloud';
import { DEMO_CLIENT, DEMO_PROJECT, demoWarehouse } from '../warehouse/duckdb/demo-warehouse.test-helper';

const demo = demoWarehouse('demo-asg-rules-');
/** The day after the small demo's bill ends (March 2026). */
const NOW = new Date('2026-04-01T00:00:00Z');

/**
 * The demo's Auto Scaling groups as the recommendations see them after the first inventory collection: the
 * simulated cloud's listing, its hourly CPU collected into the warehouse's metrics store, the imported demo bill.
 */
async function demoGroupOutcomes() {
  const scenario = await loadScenarioFile(join(demo.demoDir, 'cloud-scenario.json'));
  const port = createSimulatedCloud({ scenario, clock: manualClock(NOW) });
  const rows: Awaited<ReturnType<RecommendationsRepo['inventory']>> = [];
  for (const a of scenario.accounts) {
    const account = { accountId: a.accountId, credentials: { kind: 'server-identity' as const } };
    const regions = [
      ...new Set(scenario.resources.filter((r) => r.accountId === a.accountId).map((r) => r.region)),
    ];
    for (const region of regions) {
      const listed = await port.listResources(account, region, ['autoscaling-group', 'ec2-instance']);
      const resources: CloudResource[] = listed.resources;
      await collectMetrics({
        port,
        account,
        store: demo.store.metrics,
        projectId: DEMO_PROJECT,
        region,
        resources,
        now: NOW,
      });
      for (const r of resources)
        rows.push({
          account_id: r.accountId,
          region: r.region,
          kind: r.kind,
          resource_id: r.id,
          name: r.name ?? null,
          state: r.state,
          resource: JSON.parse(JSON.stringify(r)),
          first_seen_at: NOW,
        });
    }
  }
  const repo = {
    inventory: async () => rows,
    changes: async () => [],
    settings: async () => [],
  } as unknown as RecommendationsRepo;
  const gathered = await gatherInputs({
    repo,
    warehouse: demo.store,
    utilisation: createUtilisation({ metrics: demo.store.metrics, now: () => NOW }),
    projectId: DEMO_PROJECT,
    clientId: DEMO_CLIENT,
    now: NOW,
  });
  return new Map(
    gathered.inputs
      .filter((i) => i.resource.kind === 'autoscaling-group')
      .map((i) => [i.resource.id, evaluateResource(i, gathered.settings)]),
  );
}

/** The groups' outcomes, gathered once for the file. */
let gathering: ReturnType<typeof demoGroupOutcomes> | null = null;
const groupOutcomes = () => {
  gathering ??= demoGroupOutcomes();
  return gathering;
};

/** The Auto Scaling advice rules and the planted list (EXPECTED.json `cloud.planted`) of each. */
const ADVICE_LISTS = {
  'asg-spot-adoption': 'spotGroups',
  'asg-launch-template-rightsizing': 'launchTemplateGroups',
  'asg-scheduled-scaling': 'scheduledGroups',
} as const;

describe('the demo’s Auto Scaling groups under the recommendation rules', () => {
  it('gives each group exactly the advice the demo plants for it, and the look-alikes none', {
    timeout: 120_000,
  }, async () => {
    const outcomes = await groupOutcomes();
    const planted = demo.expected.cloud.planted;
    const rules = Object.keys(ADVICE_LISTS);
    const got = [...outcomes].map(([group, results]) => [
      group,
      results
        .filter((r) => r.outcome.outcome === 'violated' && rules.includes(r.rule.key))
        .map((r) => r.rule.key),
    ]);
    const want = [...outcomes.keys()].map((group) => [
      group,
      Object.entries(ADVICE_LISTS)
        .filter(([, list]) => planted[list].some((ref) => ref.id === group))
        .map(([rule]) => rule),
    ]);
    expect(got).toEqual(want);
    for (const [rule, list] of Object.entries(ADVICE_LISTS))
      expect([rule, planted[list].length > 0]).toEqual([rule, true]);
    expect(outcomes.has('ledger-sync-asg') && outcomes.has('thumbnailer-asg')).toBe(true);
  });

  it('schedules the office-hours batch group and shrinks the idle API tier', {
    timeout: 120_000,
  }, async () => {
    const outcomes = await groupOutcomes();
    const violated = (group: string) =>
      (outcomes.get(group) ?? []).filter((r) => r.outcome.outcome === 'violated').map((r) => r.rule.key);
    // The three groups of asg-fleet (the EKS node groups are groups too).
    expect([...outcomes.keys()]).toEqual(
      expect.arrayContaining(['api-workers-asg', 'batch-reports-asg', 'web-frontend-asg']),
    );

    // Busy only on weekdays by day: two instances, scaled to its minimum of one outside 08–20 UTC.
    expect(violated('batch-reports-asg')).toContain('asg-scheduled-scaling');
    const scheduled = outcomes.get('batch-reports-asg')?.find((r) => r.rule.key === 'asg-scheduled-scaling');
    if (scheduled?.outcome.outcome !== 'violated')
      throw new Error('no scheduled scaling for batch-reports-asg');
    expect(scheduled.outcome.title).toBe('Scale to 1 outside office hours in batch-reports-asg');
    expect(scheduled.outcome.action.target).toMatchObject({
      scale_down_recurrence: '0 20 * * 1-5',
      scale_up_recurrence: '0 8 * * 1-5',
      low_desired_capacity: 1,
      high_desired_capacity: 2,
    });
    // Half the group's bill for the 108 of 168 hours outside office hours.
    expect(scheduled.outcome.saving.effective).toBeCloseTo(
      scheduled.outcome.saving.current * 0.5 * (108 / 168),
      6,
    );
    expect(scheduled.outcome.saving.effective).toBeGreaterThan(10);

    // The idle on-demand tier fits on fewer instances: scale-in wins over a schedule or a smaller type.
    expect(violated('api-workers-asg')).toContain('asg-overprovisioned');
    expect(violated('api-workers-asg')).not.toContain('asg-scheduled-scaling');
  });
});
