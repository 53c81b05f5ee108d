import type { Recommendation } from '@finlens/contracts/recommendations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import type { ResourceKind } from '../../integrations/cloud/cloud-resources';
import {
  ACCOUNT_ID,
  CONTRACT_IDS,
  CONTRACT_NOW,
  CONTRACT_SCENARIO,
} from '../../integrations/cloud/contract-world.test-helper';
import { type ManualClock, manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { HttpError } from '../../platform/http/http-error';
import { createCollectionTargets } from '../inventory/collection-targets';
import { createCollectionTargetsRepo } from '../inventory/collection-targets.repo';
import { createInventoryRepo } from '../inventory/inventory.repo';
import { acceptApproveApply } from './ledger-entry.test-helper';
import { savingsLedgerFor } from './savings-ledger.jobs';
import { createSavingsLedgerRepo } from './savings-ledger.repo';
import { APPLY_JOB_KIND, ledgerFieldsReader } from './savings-ledger.service';

const noAws = new Proxy({} as CloudPort, {
  get: () => () => Promise.reject(new Error('AWS must not be called for a simulated project')),
});
const noWarehouse = {
  costBreakdown: async () => [],
  newestUsageDay: async () => null,
  resourceCosts: async () => [],
  kubernetesCosts: async () => [],
};

/** A recommendation as the rules engine answers it (only the fields the ledger keeps matter here). */
/** The NAT gateway's Elastic IP and a volume of the stopped instance, beside the contract world. */
const NAT_EIP = 'eipalloc-0a1b2c3d4e5f60009';
const BATCH_VOLUME = 'vol-0a1b2c3d4e5f60009';
const LEDGER_EXTRAS = [
  {
    kind: 'elastic-ip',
    id: NAT_EIP,
    accountId: ACCOUNT_ID,
    region: 'us-east-1',
    publicIp: '203.0.113.20',
    attachments: [{ kind: 'nat-gateway', id: CONTRACT_IDS.nat }],
  },
  {
    kind: 'ebs-volume',
    id: BATCH_VOLUME,
    accountId: ACCOUNT_ID,
    region: 'us-east-1',
    volumeType: 'gp2',
    sizeGiB: 40,
    attachments: [{ kind: 'ec2-instance', id: CONTRACT_IDS.batch }],
  },
] as const;

function recommendation(projectId: string, overrides: Partial<Recommendation>): Recommendation {
  return {
    id: 'rec-1',
    type: 'ec2-rightsizing',
    rule_key: 'ec2-rightsizing',
    group: 'rightsizing',
    finding: 'underutilized',
    title: 'Rightsize web-1',
    project_id: projectId,
    account_id: ACCOUNT_ID,
    account_name: null,
    region: 'us-east-1',
    resource_kind: 'ec2-instance',
    resource_id: CONTRACT_IDS.web,
    resource_key: `${ACCOUNT_ID}:${CONTRACT_IDS.web}`,
    resource_name: 'web-1',
    resource_type: 'm5.large',
    tags: { env: 'prod' },
    showback_values: [{ showback_id: 's1', showback_name: 'Teams', value: 'web' }],
    evidence: { start_date: '2026-11-06', end_date: '2026-11-19', metrics: [], facts: [] },
    saving: {
      current_monthly_cost: 70,
      estimated_monthly_saving: 35,
      on_demand_monthly_saving: 40,
      effective_rate: 1,
      basis: 'catalogue',
      covered_by_commitment: false,
    },
    risk: 'low',
    action: {
      kind: 'modify',
      description: 'Change m5.large to t3.large',
      target: { instance_type: 't3.large' },
      reversible: true,
    },
    might_be_wrong_because: [],
    first_seen_at: CONTRACT_NOW.toISOString(),
    evaluated_at: CONTRACT_NOW.toISOString(),
    resolved_at: null,
    status: 'open',
    status_reason: null,
    snoozed_until: null,
    status_changed_at: null,
    status_changed_by: null,
    ...overrides,
  };
}

/** The ASG rules' findings on the contract world's group (mixed policy over m5.large and m5a.large). */
const asgRecommendations = (projectId: string) => {
  const group = { resource_kind: 'autoscaling-group' as const, resource_id: CONTRACT_IDS.asg };
  return [
    recommendation(projectId, {
      ...group,
      id: 'rec-spot',
      type: 'asg-spot-adoption',
      action: {
        kind: 'use-spot',
        description: 'Spot above a base of 2',
        target: {
          on_demand_base_capacity: 2,
          on_demand_percentage_above_base: 0,
          spot_allocation_strategy: 'price-capacity-optimized',
          instance_types: 'm5.large,m5a.large,m6i.large',
        },
        reversible: true,
      },
    }),
    recommendation(projectId, {
      ...group,
      id: 'rec-lt',
      type: 'asg-launch-template-rightsizing',
      action: {
        kind: 'modify',
        description: 'Launch m6i.large instead of m5.large',
        target: { instance_type: 'm6i.large', replaces: 'm5.large' },
        reversible: true,
      },
    }),
  ];
};

describe('savings ledger service', () => {
  let database: MigratedTestDatabase;
  let clock: ManualClock;
  let projectId: string;
  let clientId: string;
  let recs: Recommendation[];

  beforeAll(async () => {
    database = await openMigratedTestDatabase('ledger');
    const db = database.db;
    ({ clientId, projectId } = await insertClientAndProject(db, 'Acme', {
      name: 'sim',
      cloud_account_id: ACCOUNT_ID,
    }));
    await createInventoryRepo({ db }).saveScenario(projectId, {
      ...CONTRACT_SCENARIO,
      resources: [...CONTRACT_SCENARIO.resources, ...LEDGER_EXTRAS],
    });
    clock = manualClock(CONTRACT_NOW);
    recs = [
      recommendation(projectId, {}),
      recommendation(projectId, {
        id: 'rec-vol',
        type: 'ebs-unattached',
        title: 'Delete vol spare',
        resource_kind: 'ebs-volume',
        resource_id: CONTRACT_IDS.spareVolume,
        tags: { owner: 'alice' },
        action: { kind: 'snapshot-and-delete', description: 'Delete it', target: {}, reversible: false },
      }),
      ...asgRecommendations(projectId),
    ];
  });
  afterAll(async () => {
    await database?.close();
  });

  const ledger = () => {
    const db = database.db;
    const targets = createCollectionTargets({
      repo: createCollectionTargetsRepo({ db }),
      secretBox: createSecretBox('x'.repeat(32)),
      aws: noAws,
      simClock: clock,
    });
    return savingsLedgerFor({
      db,
      warehouse: noWarehouse,
      resolve: targets.resolve,
      findRecommendation: async (caller, id) =>
        caller.clientId === clientId ? (recs.find((r) => r.id === id) ?? null) : null,
    }).service;
  };
  const admin = () => testCaller(clientId, { role: 'admin' });
  const repoRow = (recommendationId: string) =>
    createSavingsLedgerRepo({ db: database.db }).find(clientId, recommendationId);
  const member = () =>
    testCaller(clientId, { role: 'member', user: { ...admin().user, id: 'm', email: 'member@example.com' } });
  const refused = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
    return { status: error.statusCode, detail: error.message, errors: error.errors };
  };
  /** The project's simulated cloud and its account, as the ledger reaches them. */
  const cloud = async () => {
    const target = await createCollectionTargets({
      repo: createCollectionTargetsRepo({ db: database.db }),
      secretBox: createSecretBox('x'.repeat(32)),
      aws: noAws,
      simClock: clock,
    }).resolve(projectId, null);
    if (target === null || target.kind === 'awaiting-configuration') throw new Error('no target');
    const account = target.accounts[0];
    if (account === undefined) throw new Error('no account');
    return { port: target.port, account };
  };
  const listed = async (kind: ResourceKind) => {
    const { port, account } = await cloud();
    return (await port.listResources(account, 'us-east-1', [kind])).resources;
  };

  it('rightsizes through the simulated cloud: a member proposes, an admin approves, a dry run, stop, change, start', async () => {
    const service = ledger();
    const open = await service.get(member(), 'rec-1');
    expect(open).toMatchObject({ state: 'open', available_actions: ['dismiss', 'snooze', 'accept'] });

    await service.transition(member(), 'rec-1', { action: 'accept' });
    expect(await refused(service.transition(member(), 'rec-1', { action: 'approve' }))).toMatchObject({
      status: 403,
      detail: 'Only an admin may do this: members propose, admins approve.',
    });
    expect(
      await refused(service.transition(admin(), 'rec-1', { action: 'apply', dry_run: false })),
    ).toMatchObject({
      status: 409,
      detail: 'An entry that is accepted cannot be applied.',
    });
    await service.transition(admin(), 'rec-1', { action: 'approve' });

    const dry = await service.transition(admin(), 'rec-1', { action: 'apply', dry_run: true });
    expect(dry.check).toEqual({
      can_apply: true,
      reason: null,
      via: 'simulated',
      resource_state: 'running',
      steps: [
        `Stop ${CONTRACT_IDS.web}`,
        `Change ${CONTRACT_IDS.web} to t3.large`,
        `Start ${CONTRACT_IDS.web}`,
      ],
    });
    expect(dry.entry.state).toBe('approved');
    expect((await listed('ec2-instance')).find((r) => r.id === CONTRACT_IDS.web)).toMatchObject({
      state: 'running',
    });

    // The stop takes the scenario's transition time: the apply waits in a job and resumes.
    const started = await service.transition(admin(), 'rec-1', { action: 'apply', dry_run: false });
    expect(started.entry).toMatchObject({
      state: 'approved',
      apply_status: 'running',
      available_actions: [],
    });
    const job = await database.db
      .selectFrom('jobs')
      .select(['payload'])
      .where('kind', '=', APPLY_JOB_KIND)
      .executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ entryId: started.entry.id });

    clock.advance(61_000);
    await service.resumeApply(started.entry.id);
    const applied = await service.get(admin(), 'rec-1');
    expect(applied).toMatchObject({ state: 'applied', applied_via: 'cloud', apply_status: 'succeeded' });
    expect(applied.approved_by).toBe(admin().user.email);
    expect(applied.proposed_by).toBe('member@example.com');
    expect(applied.events.map((e) => [e.action, e.to_state]).reverse()).toEqual([
      ['accept', 'accepted'],
      ['approve', 'approved'],
      // The dialog's dry run; the apply's own check found the same and is not listed again.
      ['dry_run', 'approved'],
      ['apply', 'approved'],
      ['cloud_step', 'approved'],
      ['cloud_step', 'approved'],
      ['cloud_step', 'approved'],
      ['apply', 'applied'],
    ]);
    expect((await listed('ec2-instance')).find((r) => r.id === CONTRACT_IDS.web)).toMatchObject({
      instanceType: 't3.large',
      state: 'pending',
    });
  });

  it('applies a new finding under an auto-apply policy without anyone accepting it; older ones wait', async () => {
    const service = ledger();
    await service.saveRemediation(admin(), {
      policies: [
        { rule_key: 'eip-unassociated', auto_apply: true, approval: 'automatic', account_ids: [], tags: [] },
      ],
    });
    const found = (id: string, at: string, overrides: Partial<Recommendation>) => {
      const rec = recommendation(projectId, { id, ...overrides });
      return {
        id,
        project_id: projectId,
        rule_key: rec.type,
        account_id: rec.account_id,
        region: rec.region,
        resource_id: rec.resource_id,
        estimated_monthly_saving: rec.saving.estimated_monthly_saving,
        on_demand_monthly_saving: rec.saving.on_demand_monthly_saving,
        body: JSON.stringify(rec),
        first_seen_at: at,
        evaluated_at: at,
        resolved_at: null,
      };
    };
    const eip = {
      type: 'eip-unassociated' as const,
      title: 'Release the unassociated Elastic IP',
      resource_kind: 'elastic-ip' as const,
      resource_id: CONTRACT_IDS.eip,
      action: { kind: 'release' as const, description: 'Release it', target: {}, reversible: false },
    };
    const since = new Date('2026-11-20T00:00:00Z');
    await database.db
      .insertInto('recommendations')
      .values([
        found('rec-eip', '2026-11-20T00:05:00Z', eip),
        // Found by an evaluation before: the policy is not a reason to act on it now.
        found('rec-eip-old', '2026-11-19T00:00:00Z', { ...eip, resource_id: 'eipalloc-older' }),
        // A rule without an auto-apply policy waits for a user.
        found('rec-rds', '2026-11-20T00:05:00Z', { type: 'rds-idle', resource_id: 'orders-db' }),
      ])
      .execute();

    expect(await service.acceptByPolicy(projectId, since)).toBe(1);
    const applied = await service.get(admin(), 'rec-eip');
    expect(applied).toMatchObject({
      state: 'applied',
      proposed_by: 'system',
      approved_by: 'system',
      applied_via: 'cloud',
    });
    expect(
      applied.events
        .map((e) => [e.action, e.actor, e.to_state])
        .reverse()
        .slice(0, 2),
    ).toEqual([
      ['accept', 'system', 'accepted'],
      ['approve', 'system', 'approved'],
    ]);
    expect(await repoRow('rec-rds')).toBeNull();
    expect(await repoRow('rec-eip-old')).toBeNull();
    // Run again (a second evaluation job for the same start): nothing new to accept.
    expect(await service.acceptByPolicy(projectId, since)).toBe(0);
  });

  it('takes a safety snapshot before deleting a volume, approved by a remediation policy', async () => {
    const service = ledger();
    expect(
      await refused(
        service.saveRemediation(member(), {
          policies: [
            {
              rule_key: 'ebs-unattached',
              auto_apply: true,
              approval: 'automatic',
              account_ids: [],
              tags: [],
            },
            { rule_key: 'ebs-unattached', auto_apply: false, approval: 'admin', account_ids: [], tags: [] },
          ],
        }),
      ),
    ).toMatchObject({ status: 400, errors: { 'policies.1.rule_key': ['Each rule may have one policy.'] } });
    await service.saveRemediation(admin(), {
      policies: [
        {
          rule_key: 'ebs-unattached',
          auto_apply: true,
          approval: 'automatic',
          account_ids: [ACCOUNT_ID],
          tags: [{ key: 'owner', value: 'alice' }],
        },
      ],
    });
    const { entry, check } = await service.transition(member(), 'rec-vol', { action: 'accept' });
    expect(check?.steps).toEqual([
      `Take a safety snapshot of ${CONTRACT_IDS.spareVolume}`,
      `Delete ${CONTRACT_IDS.spareVolume} (the snapshot is kept)`,
    ]);
    expect(entry).toMatchObject({ state: 'applied', approved_by: 'system', applied_via: 'cloud' });
    expect(entry.safety_snapshot_id).toMatch(/^snap-/);
    const volumes = await listed('ebs-volume');
    expect(volumes.map((v) => v.id)).not.toContain(CONTRACT_IDS.spareVolume);
  });

  it("applies an Auto Scaling group's spot and launch template advice through the simulated cloud, once", async () => {
    const service = ledger();
    const approve = async (id: string) => {
      await service.transition(member(), id, { action: 'accept' });
      await service.transition(admin(), id, { action: 'approve' });
    };
    await approve('rec-spot');
    const spotDry = await service.transition(admin(), 'rec-spot', { action: 'apply', dry_run: true });
    const refresh = `Refresh ${CONTRACT_IDS.asg}'s instances so the running ones launch as the group now says`;
    expect(spotDry.check?.steps).toEqual([
      `Keep 2 on demand in ${CONTRACT_IDS.asg} and run the rest on spot over m5.large, m5a.large, m6i.large`,
      refresh,
    ]);
    const spot = await service.transition(admin(), 'rec-spot', { action: 'apply', dry_run: false });
    expect(spot.entry).toMatchObject({ state: 'applied', applied_via: 'cloud', apply_status: 'succeeded' });
    // Newest first: the refresh, then the policy.
    const [refreshed, step] = spot.entry.events.filter((e) => e.action === 'cloud_step');
    // The instances launched before the policy are replaced (an instance refresh), so verification sees it.
    expect(refreshed).toMatchObject({
      note: refresh,
      detail: { cloud_action: 'instance-refresh', changes: [{ field: 'instanceRefresh', before: null }] },
    });
    const [afterSpot] = (await listed('autoscaling-group')).filter((r) => r.id === CONTRACT_IDS.asg);
    expect(afterSpot).toMatchObject({ instanceTypes: ['m5.large', 'm5a.large', 'm6i.large'] });
    expect(step?.detail).toMatchObject({
      cloud_action: 'mixed-instances',
      changes: [
        { field: 'onDemandBaseCapacity', before: 1, after: 2 },
        { field: 'instanceTypes', before: 'm5.large,m5a.large', after: 'm5.large,m5a.large,m6i.large' },
      ],
    });

    await approve('rec-lt');
    const lt = await service.transition(admin(), 'rec-lt', { action: 'apply', dry_run: false });
    expect(lt.entry).toMatchObject({ state: 'applied', apply_status: 'succeeded' });
    // The change is made; the second refresh is refused while the first runs, noted, and the apply goes on.
    const ltSteps = lt.entry.events.filter((e) => e.action === 'cloud_step');
    expect(ltSteps).toHaveLength(2);
    expect(ltSteps[0]?.note).toMatch(/not started \(invalid-state: .*already refreshing/);
    const [group] = (await listed('autoscaling-group')).filter((r) => r.id === CONTRACT_IDS.asg);
    expect(group).toMatchObject({
      launchTemplate: { name: 'web', version: '$Latest', instanceType: 'm6i.large' },
      mixedInstancesPolicy: {
        onDemandBaseCapacity: 2,
        onDemandPercentageAboveBaseCapacity: 0,
        instanceTypes: ['m6i.large', 'm5a.large'],
      },
    });
  });

  it("puts an Auto Scaling group's scheduled scaling through the simulated cloud: a dry run lists both actions", async () => {
    const service = ledger();
    recs.push(
      recommendation(projectId, {
        id: 'rec-sched',
        type: 'asg-scheduled-scaling',
        resource_kind: 'autoscaling-group',
        resource_id: CONTRACT_IDS.asg,
        action: {
          kind: 'schedule-scaling',
          description: 'Scale to 1 outside office hours',
          target: {
            time_zone: 'Etc/UTC',
            scale_down_recurrence: '0 20 * * 1-5',
            scale_up_recurrence: '0 8 * * 1-5',
            low_min_size: 1,
            low_desired_capacity: 1,
            low_max_size: 4,
            high_min_size: 1,
            high_desired_capacity: 2,
            high_max_size: 4,
          },
          reversible: true,
        },
      }),
    );
    await service.transition(member(), 'rec-sched', { action: 'accept' });
    await service.transition(admin(), 'rec-sched', { action: 'approve' });
    const down = '0 20 * * 1-5 Etc/UTC: min 1, desired 1, max 4';
    const up = '0 8 * * 1-5 Etc/UTC: min 1, desired 2, max 4';
    const dry = await service.transition(admin(), 'rec-sched', { action: 'apply', dry_run: true });
    expect(dry.check?.steps).toEqual([
      `Put scheduled action finlens-scale-down on ${CONTRACT_IDS.asg}: ${down}`,
      `Put scheduled action finlens-scale-up on ${CONTRACT_IDS.asg}: ${up}`,
    ]);
    const applied = await service.transition(admin(), 'rec-sched', { action: 'apply', dry_run: false });
    expect(applied.entry).toMatchObject({
      state: 'applied',
      applied_via: 'cloud',
      apply_status: 'succeeded',
    });
    const steps = applied.entry.events.filter((e) => e.action === 'cloud_step');
    expect(steps).toHaveLength(1);
    expect(steps[0]?.detail).toMatchObject({
      cloud_action: 'scheduled-scaling',
      changes: [
        { field: 'scheduledAction:finlens-scale-down', before: null, after: down },
        { field: 'scheduledAction:finlens-scale-up', before: null, after: up },
      ],
    });
    const { port, account } = await cloud();
    const listedActions = await port.scheduledActions(account, 'us-east-1', CONTRACT_IDS.asg);
    expect(listedActions.actions.map((a) => a.name)).toEqual(['finlens-scale-down', 'finlens-scale-up']);
  });

  it("refuses to change an EKS managed node group's Auto Scaling group: the advice names the node group", async () => {
    const service = ledger();
    const onNodeGroup = asgRecommendations(projectId).map((r) => ({
      ...r,
      id: `${r.id}-eks`,
      action: { ...r.action, target: { node_group: 'prod/workers', ...r.action.target } },
    }));
    recs.push(...onNodeGroup);
    const [before] = (await listed('autoscaling-group')).filter((r) => r.id === CONTRACT_IDS.asg);
    const reason = `EKS manages ${CONTRACT_IDS.asg} for node group prod/workers: change the node group's instance types or capacity type in EKS (a new node group); Finlens does not change node groups.`;
    for (const { id } of onNodeGroup) {
      await service.transition(member(), id, { action: 'accept' });
      await service.transition(admin(), id, { action: 'approve' });
      const dry = await service.transition(admin(), id, { action: 'apply', dry_run: true });
      expect(dry.check).toMatchObject({ can_apply: false, reason });
      expect(await refused(service.transition(admin(), id, { action: 'apply', dry_run: false }))).toEqual({
        status: 409,
        detail: reason,
        errors: undefined,
      });
    }
    const [after] = (await listed('autoscaling-group')).filter((r) => r.id === CONTRACT_IDS.asg);
    expect(after).toEqual(before);
  });

  it('deletes an idle NAT gateway and adds a lifecycle rule to a bucket through the simulated cloud', async () => {
    const service = ledger();
    recs.push(
      recommendation(projectId, {
        id: 'rec-nat',
        type: 'nat-gateway-idle',
        title: 'Delete NAT gateway egress-a',
        resource_kind: 'nat-gateway',
        resource_id: CONTRACT_IDS.nat,
        action: { kind: 'delete', description: 'Delete the gateway', target: {}, reversible: false },
      }),
      recommendation(projectId, {
        id: 'rec-s3',
        type: 's3-no-lifecycle',
        title: 'Add a lifecycle policy',
        resource_kind: 's3-bucket',
        resource_id: CONTRACT_IDS.bucket,
        action: {
          kind: 'add-lifecycle-policy',
          description: 'Add a lifecycle rule',
          target: { storage_class: 'INTELLIGENT_TIERING', abort_incomplete_multipart_days: 7 },
          reversible: true,
        },
      }),
    );
    const callers = { proposer: member(), admin: admin() };
    const { started: nat } = await acceptApproveApply(service, 'rec-nat', callers);
    expect(nat.check?.steps).toEqual([
      `Delete NAT gateway ${CONTRACT_IDS.nat}`,
      'Release the Elastic IP of 203.0.113.20 once the gateway is deleted (if still unassociated)',
    ]);
    expect(nat.entry).toMatchObject({ state: 'applied', applied_via: 'cloud' });
    expect((await listed('nat-gateway')).map((r) => r.id)).not.toContain(CONTRACT_IDS.nat);
    // The gateway let go of its address, and the apply released it (not left billing as unassociated).
    expect(nat.entry.events.filter((e) => e.action === 'cloud_step').map((e) => e.note)).toEqual([
      `Release Elastic IP ${NAT_EIP} (203.0.113.20)`,
      `Delete NAT gateway ${CONTRACT_IDS.nat}`,
    ]);
    expect((await listed('elastic-ip')).map((r) => r.id)).not.toContain(NAT_EIP);

    const { started: s3 } = await acceptApproveApply(service, 'rec-s3', callers);
    expect(s3.check?.steps).toEqual([
      `Add lifecycle rule finlens-intelligent-tiering to ${CONTRACT_IDS.bucket}: move objects to INTELLIGENT_TIERING, abort incomplete uploads after 7 days`,
    ]);
    expect(s3.entry).toMatchObject({ state: 'applied', applied_via: 'cloud' });
    expect(s3.entry.events.filter((e) => e.action === 'cloud_step')).toHaveLength(1);
    const bucket = () => listed('s3-bucket').then((all) => all.find((r) => r.id === CONTRACT_IDS.bucket));
    expect(await bucket()).toMatchObject({ lifecycleRules: 1 });
    // Lifecycle runs after the change: the Standard bytes move to Intelligent-Tiering a transition later.
    clock.advance(61_000);
    expect(await bucket()).toMatchObject({
      storage: [
        { storageClass: 'GLACIER', bytes: 5_000_000_000 },
        { storageClass: 'INTELLIGENT_TIERING', bytes: 1_000_000_000 },
      ],
    });
  });

  it('deletes an idle load balancer and database, changes a volume and terminates a long-stopped instance with its volume', async () => {
    const service = ledger();
    const action = (
      kind: Recommendation['action']['kind'],
      target: Record<string, string | number> = {},
    ) => ({
      kind,
      description: kind,
      target,
      reversible: false,
    });
    recs.push(
      recommendation(projectId, {
        id: 'rec-lb',
        type: 'elb-idle',
        resource_kind: 'load-balancer',
        resource_id: CONTRACT_IDS.alb,
        resource_name: 'web-alb',
        action: action('delete'),
      }),
      recommendation(projectId, {
        id: 'rec-iops',
        type: 'ebs-iops-overprovisioned',
        resource_kind: 'ebs-volume',
        resource_id: CONTRACT_IDS.rootVolume,
        action: action('modify', { iops: 4000 }),
      }),
      recommendation(projectId, {
        id: 'rec-db',
        type: 'rds-idle',
        resource_kind: 'rds-instance',
        resource_id: CONTRACT_IDS.db,
        action: action('snapshot-and-delete'),
      }),
      recommendation(projectId, {
        id: 'rec-stopped',
        type: 'ec2-stopped-with-volumes',
        resource_kind: 'ec2-instance',
        resource_id: CONTRACT_IDS.batch,
        action: action('snapshot-and-delete', { volumes: 1 }),
      }),
    );
    const apply = async (id: string) =>
      (await acceptApproveApply(service, id, { proposer: member(), admin: admin() })).started;
    const steps = (entry: { events: { action: string; note: string | null }[] }) =>
      entry.events
        .filter((e) => e.action === 'cloud_step')
        .map((e) => e.note)
        .reverse();

    const lb = await apply('rec-lb');
    expect(lb.check?.steps).toEqual([`Delete load balancer ${CONTRACT_IDS.alb}`]);
    expect(lb.entry).toMatchObject({ state: 'applied', applied_via: 'cloud' });
    expect(await listed('load-balancer')).toEqual([]);

    const iops = await apply('rec-iops');
    expect(iops.check?.steps).toEqual([`Modify ${CONTRACT_IDS.rootVolume}: 3000 → 4000 IOPS`]);
    expect(iops.entry).toMatchObject({ state: 'applied' });
    const root = (await listed('ebs-volume')).find((r) => r.id === CONTRACT_IDS.rootVolume);
    expect(root).toMatchObject({ volumeType: 'gp3', iops: 4000 });

    const db = await apply('rec-db');
    const final = `finlens-final-${CONTRACT_IDS.db}-${db.entry.id.replaceAll('-', '').slice(0, 8)}`;
    expect(db.check?.steps).toEqual([`Delete ${CONTRACT_IDS.db} after its final snapshot ${final}`]);
    expect(db.entry).toMatchObject({ state: 'applied' });
    expect((await listed('rds-instance')).find((r) => r.id === CONTRACT_IDS.db)).toMatchObject({
      state: 'deleting',
    });

    // Snapshot, terminate (the instance shuts down over the transition time), then delete the left volume.
    const stopped = await apply('rec-stopped');
    expect(stopped.check?.steps).toEqual([
      `Take a safety snapshot of ${BATCH_VOLUME}`,
      `Terminate ${CONTRACT_IDS.batch}`,
      `Delete ${BATCH_VOLUME} unless its termination did (the snapshot is kept)`,
    ]);
    expect(stopped.entry).toMatchObject({ state: 'approved', apply_status: 'running' });
    clock.advance(61_000);
    await service.resumeApply(stopped.entry.id);
    const done = await service.get(admin(), 'rec-stopped');
    expect(done).toMatchObject({ state: 'applied', applied_via: 'cloud' });
    expect(steps(done)).toEqual([
      `Take a safety snapshot of ${BATCH_VOLUME}`,
      `Terminate ${CONTRACT_IDS.batch}`,
      `Delete ${BATCH_VOLUME} (its snapshot is kept)`,
    ]);
    expect(done.safety_snapshot_id).toMatch(/^snap-/);
    expect((await listed('ebs-volume')).map((r) => r.id)).not.toContain(BATCH_VOLUME);
    expect((await listed('ec2-instance')).map((r) => r.id)).not.toContain(CONTRACT_IDS.batch);
  });

  it("starts the apply on an admin's approval under an auto-apply policy that wants one", async () => {
    const service = ledger();
    recs.push(
      recommendation(projectId, {
        id: 'rec-lambda',
        type: 'lambda-memory',
        title: 'Lower resize-images memory',
        resource_kind: 'lambda-function',
        resource_id: CONTRACT_IDS.lambda,
        action: {
          kind: 'modify',
          description: 'Set the memory to 256 MB',
          target: { memory_mib: 256 },
          reversible: true,
        },
      }),
    );
    await service.saveRemediation(admin(), {
      policies: [
        { rule_key: 'lambda-memory', auto_apply: true, approval: 'admin', account_ids: [], tags: [] },
      ],
    });
    const accepted = await service.transition(member(), 'rec-lambda', { action: 'accept' });
    expect(accepted).toMatchObject({ entry: { state: 'accepted' }, check: null });
    const memory = () =>
      listed('lambda-function').then((all) => all.find((r) => r.id === CONTRACT_IDS.lambda));
    expect(await memory()).toMatchObject({ memoryMiB: 512 });

    const approved = await service.transition(admin(), 'rec-lambda', { action: 'approve' });
    expect(approved.check?.steps).toEqual([`Set ${CONTRACT_IDS.lambda} memory from 512 MB to 256 MB`]);
    expect(approved.entry).toMatchObject({
      state: 'applied',
      applied_via: 'cloud',
      approved_by: admin().user.email,
    });
    expect(approved.entry.events.map((e) => [e.action, e.actor]).reverse()).toEqual([
      ['accept', 'member@example.com'],
      ['approve', admin().user.email],
      ['dry_run', admin().user.email],
      ['apply', admin().user.email],
      ['cloud_step', admin().user.email],
      ['apply', admin().user.email],
    ]);
    expect(await memory()).toMatchObject({ memoryMiB: 256 });
  });

  it("lists the apply's own check when it found the resource changed since the dialog's dry run", async () => {
    const service = ledger();
    const web = CONTRACT_IDS.web;
    recs.push(
      recommendation(projectId, {
        id: 'rec-web-back',
        action: {
          kind: 'modify',
          description: 'Change t3.large to m5.large',
          target: { instance_type: 'm5.large' },
          reversible: true,
        },
      }),
    );
    await service.transition(member(), 'rec-web-back', { action: 'accept' });
    await service.transition(admin(), 'rec-web-back', { action: 'approve' });
    clock.advance(61_000); // the first case's start is over: web-1 runs as t3.large
    const dry = await service.transition(admin(), 'rec-web-back', { action: 'apply', dry_run: true });
    expect(dry.check).toMatchObject({
      resource_state: 'running',
      steps: [`Stop ${web}`, expect.any(String), `Start ${web}`],
    });
    // Someone stops the instance between the dialog and the apply.
    const { port, account } = await cloud();
    await port.act(account, {
      type: 'stop',
      region: 'us-east-1',
      resource: { kind: 'ec2-instance', id: web },
    });
    clock.advance(61_000);

    const applied = await service.transition(admin(), 'rec-web-back', { action: 'apply', dry_run: false });
    expect(applied.check).toMatchObject({ resource_state: 'stopped', steps: [`Change ${web} to m5.large`] });
    expect(applied.entry.state).toBe('applied');
    expect(
      applied.entry.events.filter((e) => e.action === 'dry_run').map((e) => e.detail.resource_state),
    ).toEqual(['stopped', 'running']);
  });

  it('answers the recommendations lists with each entry’s status and who moved it last', async () => {
    const reader = ledgerFieldsReader({ repo: createSavingsLedgerRepo({ db: database.db }) });
    const fields = await reader.fields(['rec-1', 'rec-vol', 'never-moved']);
    expect(fields.get('rec-1')).toMatchObject({ status: 'applied', status_changed_by: admin().user.email });
    expect(fields.get('rec-vol')).toMatchObject({ status: 'applied', status_changed_by: 'system' });
    expect(fields.has('never-moved')).toBe(false);
  });

  it('answers 400 naming the field, 404 for an unknown or another client’s recommendation', async () => {
    const service = ledger();
    expect(
      await refused(service.transition(admin(), 'rec-1', { action: 'snooze', until: '2026-11-20' })),
    ).toMatchObject({ status: 400, errors: { until: ['Choose a day after today.'] } });
    expect(await refused(service.get(admin(), 'nope'))).toMatchObject({ status: 404 });
    expect(await refused(service.get(testCaller('other-client'), 'rec-1'))).toMatchObject({ status: 404 });
  });
});
