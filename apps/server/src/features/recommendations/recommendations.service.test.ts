import { recommendationsQuerySchema, ruleChangesQuerySchema } from '@finlens/contracts/recommendations';
import type { UtilisationSummary } from '@finlens/contracts/resource-metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { testCaller } from '../../platform/auth/caller.test-helper';
import type { ResourceCostRow } from '../../warehouse/cost-query/resource-costs';
import { createCostScopes } from '../../warehouse/cost-scope';
import { createRecommendationsRepo } from './recommendations.repo';
import { createRecommendationsService } from './recommendations.service';
import { createRecommendationsEvaluation } from './recommendations-evaluation.service';

const NOW = new Date('2026-03-31T12:00:00Z');

/** The bill: 30 days of the idle instance at $2/day effective ($3 on demand) and the loose volume at $0.30. */
function billRow(resourceId: string, serviceCode: string, cost: number): ResourceCostRow {
  return {
    projectId: '',
    resourceId,
    accountId: '111',
    accountName: null,
    region: 'us-east-1',
    serviceCode,
    service: null,
    instanceType: null,
    currentCost: cost,
    previousCost: 0,
    firstDay: '2026-03-01',
    lastDay: '2026-03-30',
    tags: [],
  };
}

const cpu = (max: number): UtilisationSummary['metrics'] => [
  { metric: 'cpu-utilization', storage_class: null, avg: max / 2, p95: max * 0.9, max, points: 336 },
  { metric: 'network-in', storage_class: null, avg: 10_000, p95: 10_000, max: 10_000, points: 336 },
  { metric: 'network-out', storage_class: null, avg: 10_000, p95: 10_000, max: 10_000, points: 336 },
];

describe('recommendations over the app database', () => {
  let database: MigratedTestDatabase;
  let clientId: string;
  let projectId: string;
  const load = { idle: 1 };
  /** The loose volume's bill over the 30 days (effective and on demand alike). */
  const loose = { cost: 9 };
  let clock = NOW;

  beforeAll(async () => {
    database = await openMigratedTestDatabase('recommendations');
    const db = database.db;
    ({ clientId, projectId } = await insertClientAndProject(db));
    const row = (kind: string, id: string, state: string, resource: Record<string, unknown>) => ({
      project_id: projectId,
      account_id: '111',
      region: 'us-east-1',
      kind,
      resource_id: id,
      name: null,
      state,
      resource: JSON.stringify({
        kind,
        id,
        state,
        tags: { team: kind === 'ec2-instance' ? 'web' : 'data' },
        attachments: [],
        ...resource,
      }),
      first_seen_at: '2026-03-01T00:00:00Z',
      last_seen_at: NOW,
    });
    await db
      .insertInto('inventory_resources')
      .values([
        row('ec2-instance', 'i-idle', 'running', { instanceType: 'm5.large', platform: 'linux' }),
        row('ebs-volume', 'vol-loose', 'available', { volumeType: 'gp3', sizeGiB: 100, iops: 3000 }),
      ])
      .execute();
  });
  afterAll(async () => {
    await database?.close();
  });

  const deps = () => {
    const repo = createRecommendationsRepo({ db: database.db });
    const warehouse = {
      newestUsageDay: async () => '2026-03-30',
      resourceCosts: async ({ costType }: { costType: string }) => [
        // A discount (net) but no reservation (amortized = on demand).
        billRow('i-idle', 'AmazonEC2', costType === 'net_amortized' ? 60 : 90),
        billRow('vol-loose', 'AmazonEC2', loose.cost),
      ],
      resourceUsageCosts: async () => [],
      usageAccounts: async () => [{ projectId, accountId: '111', accountName: 'Production' }],
      workloadUsage: async () => [],
    };
    const utilisation = {
      utilisationSummaries: async (_scope: unknown, ids: readonly string[]) =>
        ids.includes('i-idle')
          ? [{ project_id: projectId, resource_id: 'i-idle', days: 14, metrics: cpu(load.idle) }]
          : [],
    };
    // The showbacks' allocation put the instance's bill (named by ARN there) in Teams: web.
    const showbacks = {
      valuesByResource: async (_client: string, _project: string, range: { from: string; to: string }) =>
        new Map(
          range.to === '2026-03-30'
            ? [
                [
                  'arn:aws:ec2:us-east-1:111:instance/i-idle',
                  [{ showback_id: 's1', showback_name: 'Teams', value: 'web' }],
                ],
              ]
            : [],
        ),
    };
    return { repo, warehouse, utilisation, showbacks, now: () => clock };
  };
  const service = () =>
    createRecommendationsService({
      ...deps(),
      db: database.db,
      scopes: createCostScopes({ db: database.db }),
    });
  const list = (q: Record<string, string> = {}) =>
    service().list(testCaller(clientId), recommendationsQuerySchema.parse(q));

  it('stores what the rules find, priced from the bill per month, and lists it by type with totals', async () => {
    await createRecommendationsEvaluation(deps()).evaluate(projectId, 'collection');
    const all = await list();
    expect(all.results.map((r) => [r.type, r.resource_id])).toEqual([
      ['ec2-idle', 'i-idle'],
      ['ebs-unattached', 'vol-loose'],
    ]);
    const idle = all.results[0];
    // $60 over 30 billed days → $2/day × 30.4375; on demand $90 likewise.
    expect(idle?.saving.estimated_monthly_saving).toBeCloseTo(60.875, 6);
    expect(idle?.saving.on_demand_monthly_saving).toBeCloseTo(91.3125, 6);
    expect(idle).toMatchObject({
      account_name: 'Production',
      status: 'open',
      saving: { basis: 'bill', covered_by_commitment: false },
    });
    // The volume's $9.13125 less its safety snapshot (100 GiB × $0.05).
    expect(all.total_estimated_monthly_saving).toBeCloseTo(60.875 + 9.13125 - 5, 6);
    expect(all.by_type.find((t) => t.type === 'ebs-unattached')?.count).toBe(1);
    expect((await list({ tag: 'team:data' })).results.map((r) => r.resource_id)).toEqual(['vol-loose']);
    expect(idle?.showback_values).toEqual([{ showback_id: 's1', showback_name: 'Teams', value: 'web' }]);
    expect(all.results[1]?.showback_values).toEqual([]);
    expect((await list({ showback_value: 's1:web' })).results.map((r) => r.resource_id)).toEqual(['i-idle']);
    expect((await list({ showback_value: 's1:data' })).results).toEqual([]);
    expect((await list({ sort: 'saving', order: 'asc' })).results[0]?.resource_id).toBe('vol-loose');
    const csv = await service().csv(testCaller(clientId), recommendationsQuerySchema.parse({}));
    expect(csv.split('\n')[1]).toContain('ec2-idle');
    const essentials = await service().essentials(testCaller(clientId), undefined);
    expect(essentials.weekly_saving).toBeCloseTo(essentials.total_estimated_monthly_saving / 4, 9);
  });

  it('resolves a finding the next evaluation no longer makes, with its history and the rule dashboard', async () => {
    load.idle = 60;
    clock = new Date(NOW.getTime() + 86_400_000);
    await createRecommendationsEvaluation(deps()).evaluate(projectId, 'collection');
    expect((await list()).results.map((r) => r.type)).toEqual(['ebs-unattached']);
    const changes = await service().changes(
      testCaller(clientId),
      ruleChangesQuerySchema.parse({ rule_key: 'ec2-idle' }),
    );
    expect(changes.results.map((e) => [e.event, e.estimated_monthly_saving === 0])).toEqual([
      ['resolved', true],
      ['opened', false],
    ]);
    const dashboard = await service().dashboard(testCaller(clientId), 'ec2-idle', { days: 3 });
    expect(dashboard.series.map((d) => [d.date, d.open_violations])).toEqual([
      ['2026-03-30', 0],
      ['2026-03-31', 1],
      ['2026-04-01', 0],
    ]);
    const why = await service().why(testCaller(clientId), { project_id: projectId, resource_id: 'i-idle' });
    expect(why.checks.find((c) => c.rule_key === 'ec2-idle')).toMatchObject({
      outcome: 'passed',
      reason: expect.stringContaining('Peak CPU 60.0 %'),
    });
    expect(why.checks.find((c) => c.rule_key === 'ebs-unattached')?.outcome).toBe('not-applicable');
  });

  it('runs the rules a batch of resources per turn of the event loop: a waiting request runs before the end', async () => {
    const other = await insertClientAndProject(database.db, 'Many volumes');
    const volumes = Array.from({ length: 250 }, (_, i) => `vol-${i}`);
    await database.db
      .insertInto('inventory_resources')
      .values(
        volumes.map((id) => ({
          project_id: other.projectId,
          account_id: '111',
          region: 'us-east-1',
          kind: 'ebs-volume',
          resource_id: id,
          name: null,
          state: 'available',
          resource: JSON.stringify({
            ...{ kind: 'ebs-volume', id, state: 'available', tags: {}, attachments: [] },
            ...{ volumeType: 'gp3', sizeGiB: 100, iops: 3000 },
          }),
          first_seen_at: '2026-03-01T00:00:00Z',
          last_seen_at: NOW,
        })),
      )
      .execute();
    const order: string[] = [];
    const real = deps();
    const evaluation = createRecommendationsEvaluation({
      ...real,
      // Read just before the rules run: a request arriving then waits for the next turn of the loop.
      showbacks: {
        valuesByResource: async () => {
          setImmediate(() => order.push('waiting request'));
          return new Map();
        },
      },
      repo: {
        ...real.repo,
        saveEvaluation: (args) => {
          order.push('rules done');
          return real.repo.saveEvaluation(args);
        },
      },
    });
    const result = await evaluation.evaluate(other.projectId, 'collection');
    expect(order).toEqual(['waiting request', 'rules done']);
    expect(result?.violations).toBe(250);
  });

  it('refuses a threshold out of range naming it, and re-evaluates after a valid change', async () => {
    const patch = (thresholds: Record<string, number | null>) =>
      service().patchRule(testCaller(clientId, { role: 'admin' }), 'ec2-idle', { thresholds });
    await expect(patch({ cpu_max_percent: 101 })).rejects.toMatchObject({
      statusCode: 400,
      errors: { 'thresholds.cpu_max_percent': ['Enter a value from 0 to 100.'] },
    });
    const rule = await patch({ cpu_max_percent: 70 });
    expect(rule.thresholds.find((t) => t.key === 'cpu_max_percent')).toMatchObject({
      value: 70,
      overridden: true,
      default: 5,
    });
    const jobs = await database.db
      .selectFrom('jobs')
      .select('kind')
      .where('kind', '=', 'recommendations.evaluate')
      .execute();
    expect(jobs.length).toBe(1);
    await createRecommendationsEvaluation(deps()).evaluate(projectId, 'rule-change');
    expect((await list({ type: 'ec2-idle' })).count).toBe(1);
    expect(
      (await patch({ cpu_max_percent: null })).thresholds.find((t) => t.key === 'cpu_max_percent')
        ?.overridden,
    ).toBe(false);
  });

  it('records a finding whose saving moved by 1 % or more as changed, newest first', async () => {
    loose.cost = 12;
    clock = new Date(clock.getTime() + 86_400_000);
    await createRecommendationsEvaluation(deps()).evaluate(projectId, 'collection');
    const changes = await service().changes(
      testCaller(clientId),
      ruleChangesQuerySchema.parse({ rule_key: 'ebs-unattached' }),
    );
    expect(changes.results.map((e) => e.event)).toEqual(['changed', 'opened']);
    // $12 over 30 billed days per average month, less the safety snapshot (100 GiB × $0.05).
    expect(changes.results[0]?.estimated_monthly_saving).toBeCloseTo((12 / 30) * 30.4375 - 5, 6);
  });
});
