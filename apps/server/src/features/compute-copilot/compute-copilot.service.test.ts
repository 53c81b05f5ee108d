import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../integrations/cloud/simulated/scenario-file';
import { manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../../integrations/cloud/simulated/simulated-cloud';
import { HttpError } from '../../platform/http/http-error';
import { demoWarehouse } from '../../warehouse/duckdb/demo-warehouse.test-helper';
import { createComputeCopilotService } from './compute-copilot.service';
import { CALLER, SCOPES, scenarioInventory } from './compute-copilot.test-helper';
import { COMPUTE_TYPES } from './visibility';

const demo = demoWarehouse('compute-copilot-');
const RANGE = { start_date: '2026-02-01', end_date: '2026-03-31' };
const NOT_SPLIT = "coalesce(line_item_operation, '') NOT IN ('EKSPod-EC2', 'ECSTask-EC2')";
const IN_RANGE = `CAST(line_item_usage_start_date AS DATE) BETWEEN DATE '${RANGE.start_date}' AND DATE '${RANGE.end_date}'`;

let service: ReturnType<typeof createComputeCopilotService>;
beforeAll(() => {
  const { repo, utilisation } = scenarioInventory(demo.demoDir);
  service = createComputeCopilotService({ scopes: SCOPES, warehouse: demo.store, repo, utilisation });
});

/** A plain aggregate of the line items: the oracle every figure reconciles to. */
async function sql(text: string): Promise<Record<string, unknown>[]> {
  return (await demo.store.connection.runAndReadAll(text)).getRowObjectsJson() as Record<string, unknown>[];
}

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6);

describe('visibility', () => {
  it('splits compute spend by purchase option at the effective rate and on demand, to the line items', async () => {
    const answer = await service.visibility(CALLER, RANGE);
    // Compute usage, and the Savings Plan commitment not used (its recurring fee lines: no compute type, no
    // on-demand equivalent) under SP-covered.
    const oracle =
      await sql(`SELECT finlens_purchase_option AS o, sum(finlens_line_item_net_amortized_cost) AS e,
        sum(CASE WHEN finlens_compute_types IS NULL THEN 0 ELSE pricing_public_on_demand_cost END) AS l
      FROM line_items
      WHERE ${NOT_SPLIT} AND ${IN_RANGE} AND (finlens_compute_types IN (${COMPUTE_TYPES.map((t) => `'${t}'`).join(', ')})
        OR line_item_line_item_type = 'SavingsPlanRecurringFee')
      GROUP BY 1`);
    const [unused] = await sql(`SELECT sum(finlens_line_item_net_amortized_cost) AS e FROM line_items
      WHERE ${IN_RANGE} AND line_item_line_item_type = 'SavingsPlanRecurringFee'`);
    // The demo's savings plans leave some commitment unused: it is charged against the savings achieved.
    expect(Number(unused?.e)).toBeGreaterThan(0);
    const names: Record<string, string> = {
      'On Demand': 'on_demand',
      Spot: 'spot',
      Reserved: 'reserved',
      'Savings Plan': 'savings_plan',
    };
    for (const row of oracle) {
      const key = names[String(row.o)] ?? 'other';
      const got = answer.by_purchase_option.find((r) => r.key === key);
      close(got?.effective ?? Number.NaN, Number(row.e));
      // Tax, credits and refunds ('other') count on demand at what they cost: they save nothing.
      close(got?.on_demand ?? Number.NaN, Number(key === 'other' ? row.e : row.l));
    }
    expect(answer.by_purchase_option.map((r) => r.key).sort()).toEqual(
      expect.arrayContaining(['on_demand', 'reserved', 'savings_plan', 'spot']),
    );
    const od = (key: string) => answer.by_purchase_option.find((r) => r.key === key)?.on_demand ?? 0;
    const usage = answer.totals.on_demand - od('other');
    close(answer.totals.coverage ?? 0, (od('reserved') + od('savings_plan')) / usage);
    for (const r of answer.by_purchase_option) if (r.key === 'other') close(r.savings, 0);
    close(answer.totals.savings, answer.totals.on_demand - answer.totals.effective);
    expect(answer.totals.savings).toBeGreaterThan(0);
    // The daily series add up to the options' totals.
    const seriesTotal = answer.series.reduce((s, x) => s + x.costs.reduce((a, b) => a + b, 0), 0);
    close(seriesTotal, answer.totals.effective);
    expect(answer.by_resource_type.map((r) => r.key)).toContain('EC2');
  });

  it('drills into a purchase option’s resources; their figures add up to the option', async () => {
    const all = await service.visibility(CALLER, RANGE);
    const spot = await service.visibilityGroup(CALLER, { type: 'purchase-option', id: 'spot' }, RANGE);
    const row = all.by_purchase_option.find((r) => r.key === 'spot');
    close(spot.totals.effective, row?.effective ?? Number.NaN);
    close(spot.totals.on_demand, row?.on_demand ?? Number.NaN);
    close(
      spot.resources.reduce((s, r) => s + r.on_demand, 0),
      spot.totals.on_demand,
    );
    expect(spot.label).toBe('Spot');
    // SP-covered lists each plan's unused commitment beside the covered resources: no on-demand, all a loss.
    const sp = await service.visibilityGroup(CALLER, { type: 'purchase-option', id: 'savings_plan' }, RANGE);
    const spRow = all.by_purchase_option.find((r) => r.key === 'savings_plan');
    close(sp.totals.effective, spRow?.effective ?? Number.NaN);
    close(sp.totals.savings, spRow?.savings ?? Number.NaN);
    const plans = sp.resources.filter((r) => r.label.startsWith('Unused commitment: '));
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) expect(p).toMatchObject({ on_demand: 0, savings: -p.effective });
    await expect(
      service.visibilityGroup(CALLER, { type: 'purchase-option', id: 'lease' }, RANGE),
    ).rejects.toMatchObject({
      statusCode: 400,
      errors: { id: ['Unknown purchase-option: lease.'] },
    });
  });

  it('shows one resource with its inventory record, and 404s an id neither the bill nor the inventory has', async () => {
    const { resources } = scenarioInventory(demo.demoDir);
    const spotInstance = resources.find(
      (r) =>
        r.kind === 'ec2-instance' &&
        r.lifecycle === 'spot' &&
        String((r.tags as Record<string, string>).Name).startsWith('web-frontend'),
    );
    const id = String(spotInstance?.id);
    const detail = await service.resource(CALLER, id, RANGE);
    const [oracle] = await sql(`SELECT sum(finlens_line_item_net_amortized_cost) AS e FROM line_items
      WHERE ${NOT_SPLIT} AND ${IN_RANGE} AND line_item_resource_id = '${id}'`);
    close(detail.totals.effective, Number(oracle?.e));
    expect(detail.by_purchase_option.map((r) => r.key)).toEqual(['spot']);
    expect(detail.inventory?.kind).toBe('ec2-instance');
    await expect(service.resource(CALLER, 'i-00000000000000000', RANGE)).rejects.toBeInstanceOf(HttpError);
    await expect(service.resource({ ...CALLER, clientId: 'other' }, id, RANGE)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('ASG dashboard', () => {
  it('lists every group with its instances, policy and cost from the instances’ own lines', async () => {
    const answer = await service.asg(CALLER, RANGE);
    const names = answer.groups.map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining(['web-frontend-asg', 'api-workers-asg', 'batch-reports-asg']),
    );
    const web = answer.groups.find((g) => g.name === 'web-frontend-asg');
    expect(web?.mixed_instances_policy?.spot_allocation_strategy).toBe('price-capacity-optimized');
    expect(web?.purchase_options.spot).toBeGreaterThan(0);
    const ids = web?.instances.map((i) => `'${i.id}'`).join(', ');
    const [oracle] =
      await sql(`SELECT sum(finlens_line_item_net_amortized_cost) AS e, sum(pricing_public_on_demand_cost) AS l
      FROM line_items WHERE ${NOT_SPLIT} AND ${IN_RANGE} AND line_item_resource_id IN (${ids})`);
    close(web?.cost.effective ?? Number.NaN, Number(oracle?.e));
    close(web?.cost.on_demand ?? Number.NaN, Number(oracle?.l));
    expect(web?.cost.effective).toBeLessThan(web?.cost.on_demand ?? 0);
  });

  it('asked as the last 30 billed days, the window ends at the newest billed day and keeps its 30 days', async () => {
    const last = await service.asg(CALLER, { days: 30 });
    expect(last).toMatchObject({ start_date: '2026-03-02', end_date: '2026-03-31', as_of: '2026-03-31' });
    const same = await service.asg(CALLER, { start_date: '2026-03-02', end_date: '2026-03-31' });
    close(last.totals.effective, same.totals.effective);
    // 30 days ending two days after the bill read only the 28 billed ones: the same instances cost 28/30 as much
    // (the demo's $815.11 after its import against $873.33 once the bill caught up).
    const ahead = await service.asg(CALLER, { start_date: '2026-03-04', end_date: '2026-04-02' });
    expect(ahead).toMatchObject({ start_date: '2026-03-04', end_date: '2026-03-31' });
    expect(ahead.totals.effective).toBeLessThan(last.totals.effective);
  });

  it('advises spot and a smaller type for the idle on-demand tier, a schedule for the office-hours one', async () => {
    const answer = await service.asg(CALLER, RANGE);
    const api = answer.groups.find((g) => g.name === 'api-workers-asg');
    expect(api?.advice.map((a) => a.type).sort()).toEqual(['rightsizing', 'spot-adoption']);
    const spot = api?.advice.find((a) => a.type === 'spot-adoption');
    expect(spot?.instance_types.length).toBeGreaterThanOrEqual(3);
    // Spot priced from the bill's own spot lines (the demo's spot rate is 40 % of on demand).
    expect(spot?.detail).toContain("the bill's own spot lines");
    const batch = answer.groups.find((g) => g.name === 'batch-reports-asg');
    expect(batch?.advice.map((a) => a.type)).toContain('scheduled-scaling');
    expect(answer.totals.monthly_saving).toBeGreaterThan(0);
  });

  it('holds a group’s CPU and CPU-based advice until the metrics collection has read every running instance', async () => {
    const { repo, utilisation } = scenarioInventory(demo.demoDir);
    const complete = await service.asg(CALLER, RANGE);
    const api = complete.groups.find((g) => g.name === 'api-workers-asg');
    const first = api?.instances[0]?.id;
    if (api === undefined || first === undefined) throw new Error('no api-workers-asg');
    expect(api.cpu_awaited).toBe(0);
    expect(complete.totals.instances_awaiting_cpu).toBe(0);
    // One instance not read yet (a collection under way): the group waits, the others answer as before.
    const partial = createComputeCopilotService({
      scopes: SCOPES,
      warehouse: demo.store,
      repo,
      utilisation: {
        utilisationSummaries: async (scope, ids, options) =>
          (await utilisation.utilisationSummaries(scope, ids, options)).filter(
            (s) => s.resource_id !== first,
          ),
      },
    });
    const answer = await partial.asg(CALLER, RANGE);
    const waiting = answer.groups.find((g) => g.name === 'api-workers-asg');
    expect(waiting).toMatchObject({ cpu_awaited: 1, utilisation: null });
    expect(waiting?.advice.map((a) => a.type)).toEqual(['spot-adoption']);
    expect(waiting?.instances.filter((i) => i.cpu_avg !== null)).toHaveLength(api.instances.length - 1);
    expect(answer.totals.instances_awaiting_cpu).toBe(1);
    const others = (a: typeof answer) => a.groups.filter((g) => g.name !== 'api-workers-asg');
    expect(others(answer)).toEqual(others(complete));
  });
});

describe('ASG scaling activities', () => {
  it("reads a group's activities live through the cloud port, newest first; 404 for a group the inventory lacks", async () => {
    const scenario = await loadScenarioFile(join(demo.demoDir, 'cloud-scenario.json'));
    const port = createSimulatedCloud({ scenario, clock: manualClock(new Date('2026-04-01T00:00:00Z')) });
    const accounts = scenario.accounts.map((a) => ({
      accountId: a.accountId,
      credentials: { kind: 'server-identity' as const },
    }));
    const { repo, utilisation } = scenarioInventory(demo.demoDir);
    const live = createComputeCopilotService({
      scopes: SCOPES,
      warehouse: demo.store,
      repo,
      utilisation,
      resolveCloud: async () => ({ kind: 'simulated', port, accounts }),
    });
    const group = (await live.asg(CALLER, RANGE)).groups.find((g) => g.name === 'api-workers-asg');
    if (group === undefined) throw new Error('no api-workers-asg');
    const query = {
      project_id: group.project_id,
      account_id: group.account_id,
      region: group.region,
      name: group.name,
    };
    const answer = await live.asgActivities(CALLER, query);
    expect(answer).toMatchObject({ available: true, reason: null });
    // One launch per instance, the last launch first.
    expect(answer.activities.map((a) => a.description)).toEqual(
      group.instances.map((i) => `Launching a new EC2 instance: ${i.id}`).reverse(),
    );
    expect(answer.activities[0]).toMatchObject({ status: 'Successful', progress: 100 });
    const cause = `increasing the capacity from ${group.instances.length - 1} to ${group.instances.length}.`;
    expect(answer.activities[0]?.cause).toContain(cause);
    // Not wired to a cloud: unavailable with the reason, not an error.
    expect(await service.asgActivities(CALLER, query)).toEqual({
      available: false,
      reason: 'The project is gone.',
      activities: [],
    });
    const missing = live.asgActivities(CALLER, { ...query, name: 'no-such-asg' });
    await expect(missing).rejects.toBeInstanceOf(HttpError);
  });
});

describe('Databricks dashboard', () => {
  it('puts infrastructure and DBUs side by side; workspaces add up to the tagged lines and the DBU lines', async () => {
    const answer = await service.databricks(CALLER, RANGE);
    const [infra] = await sql(`SELECT sum(finlens_line_item_net_amortized_cost) AS c FROM line_items
      WHERE ${NOT_SPLIT} AND ${IN_RANGE} AND resource_tags['user_Vendor'] = 'Databricks'`);
    const [dbu] = await sql(`SELECT sum(finlens_line_item_net_amortized_cost) AS c FROM line_items
      WHERE ${IN_RANGE} AND product_product_name ILIKE '%databricks%'`);
    close(answer.totals.infrastructure, Number(infra?.c));
    close(answer.totals.dbu, Number(dbu?.c));
    close(
      answer.workspaces.reduce((s, w) => s + w.total, 0),
      Number(infra?.c) + Number(dbu?.c),
    );
    expect(answer.totals.dbu_unallocated).toBe(0);
    close(
      answer.clusters.reduce((s, c) => s + c.dbu, 0),
      answer.totals.dbu,
    );
  });

  it('finds the idle all-purpose cluster and the job whose cost grew', async () => {
    const answer = await service.databricks(CALLER, { start_date: '2026-03-11', end_date: '2026-03-31' });
    const shared = answer.clusters.find((c) => c.label === 'analytics-shared');
    expect(shared).toMatchObject({ kind: 'all-purpose', idle: true, creator: 'alice@finlens.example' });
    expect(answer.clusters.find((c) => c.label === 'ml-exploration')?.idle).toBe(false);
    const grown = answer.jobs.find((j) => j.label === 'feature-engineering');
    expect(grown?.growth).toBeGreaterThan(0.5);
    const steady = answer.jobs.find((j) => j.label === 'nightly-etl');
    expect(Math.abs(steady?.growth ?? 1)).toBeLessThan(0.3);
    expect(answer.users.map((u) => u.key)).toContain('bob@finlens.example');
    expect(answer.totals.instances_awaiting_cpu).toBe(0);
    // Before the metrics collection read them (the demo's first minutes): no CPU, no idle flag yet, and says so.
    const { repo } = scenarioInventory(demo.demoDir);
    const early = createComputeCopilotService({
      scopes: SCOPES,
      warehouse: demo.store,
      repo,
      utilisation: { utilisationSummaries: async () => [] },
    });
    const waiting = await early.databricks(CALLER, { start_date: '2026-03-11', end_date: '2026-03-31' });
    expect(waiting.clusters.find((c) => c.label === 'analytics-shared')).toMatchObject({
      cpu_avg: null,
      idle: false,
      cpu_awaited: shared?.instances.length,
    });
    expect(waiting.totals.instances_awaiting_cpu).toBe(
      answer.clusters.reduce((s, c) => s + c.instances.length, 0),
    );
  });
});
