import { describe, expect, it } from 'vitest';
import { ec2Price } from './catalogue';
import { evaluateResource } from './engine';
import type { MetricSummary, ResourceCost, RuleInput, RuleResource } from './rule-kit';

const NOW = new Date('2026-11-20T12:00:00Z');

const resource = (
  kind: RuleResource['kind'],
  id: string,
  attributes: Record<string, unknown>,
): RuleResource => ({
  projectId: 'p',
  accountId: '111',
  region: 'us-east-1',
  kind,
  id,
  name: null,
  state: kind === 'autoscaling-group' ? 'active' : 'running',
  tags: {},
  attributes,
  stateSince: null,
});

const group = (type: string, desired: number, min = 1, mixed: Record<string, unknown> | null = null) =>
  resource('autoscaling-group', 'web-asg', {
    desiredCapacity: desired,
    minSize: min,
    maxSize: 10,
    instanceTypes: [type],
    launchTemplate: { name: 'web', version: '3', instanceType: type },
    mixedInstancesPolicy: mixed,
  });

const members = (type: string, n: number, lifecycle: string | null = null) =>
  Array.from({ length: n }, (_, i) =>
    resource('ec2-instance', `i-${i}`, {
      instanceType: type,
      lifecycle,
      attachments: [{ kind: 'autoscaling-group', id: 'web-asg' }],
    }),
  );

function input(
  g: RuleResource,
  others: RuleResource[],
  opts: { cost?: ResourceCost; cpu?: MetricSummary | null; spotRatio?: number } = {},
): RuleInput {
  const cost = opts.cost ?? { monthlyEffective: 100, monthlyOnDemand: 100 };
  const cpu = opts.cpu === undefined ? { avg: 5, p95: 10, max: 20, points: 336 } : opts.cpu;
  return {
    resource: g,
    metrics: () => new Map(),
    cost: null,
    effectiveRate: 1,
    covered: false,
    now: NOW,
    ...(opts.spotRatio === undefined ? {} : { spotRatio: opts.spotRatio }),
    related: {
      attachedTo: (kind, id) =>
        others.filter((o) => o.kind === kind && JSON.stringify(o.attributes.attachments).includes(id)),
      exists: () => true,
      costOf: () => cost,
      metricsOf: () => new Map(cpu === null ? [] : [['cpu-utilization', cpu]]),
    },
  };
}

const outcome = (i: RuleInput, key: string) => evaluateResource(i).find((r) => r.rule.key === key)?.outcome;

describe('ASG spot adoption', () => {
  it('keeps the minimum on demand and prices the rest at the bill’s spot ratio, else a typical 40 %', () => {
    const out = outcome(
      input(group('m5.large', 4), members('m5.large', 4), { spotRatio: 0.3 }),
      'asg-spot-adoption',
    );
    expect(out).toMatchObject({
      outcome: 'violated',
      action: {
        kind: 'use-spot',
        target: { on_demand_base_capacity: 1, on_demand_percentage_above_base: 0 },
      },
      // Three of four instances × $100 × (1 − 0.3).
      saving: { effective: 210, onDemand: 210, current: 400, basis: 'bill' },
    });
    if (out?.outcome !== 'violated') throw new Error('not violated');
    const types = String(out.action.target.instance_types).split(',');
    expect(types[0]).toBe('m5.large');
    expect(types.length).toBeGreaterThan(1);
    const typical = outcome(input(group('m5.large', 4), members('m5.large', 4)), 'asg-spot-adoption');
    expect(typical).toMatchObject({ saving: { effective: 180 } });
  });

  it('keeps the policy’s own base; passes on spot groups, covered instances and savings under $10', () => {
    const mixed = {
      onDemandBaseCapacity: 2,
      onDemandPercentageAboveBaseCapacity: 100,
      instanceTypes: ['m5.large'],
    };
    const based = outcome(input(group('m5.large', 4, 1, mixed), members('m5.large', 4)), 'asg-spot-adoption');
    expect(based).toMatchObject({
      action: { target: { on_demand_base_capacity: 2 } },
      saving: { effective: 120 },
    });
    const onSpot = input(group('m5.large', 4), members('m5.large', 4, 'spot'));
    expect(outcome(onSpot, 'asg-spot-adoption')?.outcome).toBe('passed');
    const reserved = { monthlyEffective: 60, monthlyOnDemand: 100 };
    const covered = input(group('m5.large', 4), members('m5.large', 4), { cost: reserved });
    expect(outcome(covered, 'asg-spot-adoption')?.outcome).toBe('passed');
    // Two instances, one above the base: $16 × 0.6 = $9.60 a month, under the $10 threshold.
    const small = { monthlyEffective: 16, monthlyOnDemand: 16 };
    expect(
      outcome(input(group('m5.large', 2), members('m5.large', 2), { cost: small }), 'asg-spot-adoption')
        ?.outcome,
    ).toBe('passed');
  });
});

describe('ASG launch template rightsizing', () => {
  it('names a cheaper type for the template, replacing the current one, with the members’ bill as the saving', () => {
    const out = outcome(
      input(group('m5.2xlarge', 2, 2), members('m5.2xlarge', 2)),
      'asg-launch-template-rightsizing',
    );
    if (out?.outcome !== 'violated') throw new Error(`expected a violation, got ${out?.outcome}`);
    const to = String(out.action.target.instance_type);
    expect(out.action).toMatchObject({ kind: 'modify', target: { replaces: 'm5.2xlarge' } });
    const from = ec2Price('m5.2xlarge', 'us-east-1') ?? 0;
    const price = ec2Price(to, 'us-east-1') ?? from;
    expect(price).toBeLessThan(from);
    expect(out.saving.effective).toBeCloseTo(200 * (1 - price / from), 6);
  });

  it('waits for every member’s CPU, and gives way to scaling in', () => {
    const noCpu = input(group('m5.2xlarge', 2, 2), members('m5.2xlarge', 2), { cpu: null });
    expect(outcome(noCpu, 'asg-launch-template-rightsizing')?.outcome).toBe('missing-metrics');
    // Four at 10 % fit on one: asg-overprovisioned fires and this rule passes, naming it.
    const scaled = outcome(
      input(group('m5.2xlarge', 4), members('m5.2xlarge', 4)),
      'asg-launch-template-rightsizing',
    );
    expect(scaled).toMatchObject({
      outcome: 'passed',
      reason: expect.stringContaining('asg-overprovisioned'),
    });
  });
});

describe('ASG advice on an EKS managed node group', () => {
  // EKS owns a managed node group's Auto Scaling group (its launch template and instance mix): the advice names
  // the node group, found by the node group's listing (attached to the group) or by EKS's tags on the group.
  const nodeGroup = resource('eks-nodegroup', 'prod/workers', {
    attachments: [
      { kind: 'eks-cluster', id: 'prod' },
      { kind: 'autoscaling-group', id: 'web-asg' },
    ],
  });

  it('a one-node group to rightsize: change the node group’s instance types, not the launch template', () => {
    const out = outcome(
      input(group('m5.2xlarge', 1, 1), [...members('m5.2xlarge', 1), nodeGroup]),
      'asg-launch-template-rightsizing',
    );
    if (out?.outcome !== 'violated') throw new Error(`expected a violation, got ${out?.outcome}`);
    const to = String(out.action.target.instance_type);
    expect(out.title).toBe(`Launch ${to} instead of m5.2xlarge in EKS node group prod/workers`);
    expect(out.action.target).toMatchObject({ node_group: 'prod/workers', replaces: 'm5.2xlarge' });
    expect(out.action.description).toMatch(
      new RegExp(`^On EKS node group prod/workers, change its instance types from m5\\.2xlarge to ${to} `),
    );
    expect(out.action.description).toContain('EKS manages its Auto Scaling group web-asg');
    expect(out.action.description).not.toContain('launch template’s type');
    expect(out.mightBeWrong.join(' ')).toContain('node group replaces them');
  });

  it('spot: a SPOT node group for the nodes above the base, the node group named from EKS’s tags', () => {
    const tagged = {
      ...group('m5.large', 2),
      tags: { 'eks:cluster-name': 'prod', 'eks:nodegroup-name': 'workers' },
    };
    const out = outcome(input(tagged, members('m5.large', 2), { spotRatio: 0.3 }), 'asg-spot-adoption');
    if (out?.outcome !== 'violated') throw new Error(`expected a violation, got ${out?.outcome}`);
    expect(out.title).toBe('Run 1 of 2 instances on spot in EKS node group prod/workers');
    expect(out.action.target).toMatchObject({ node_group: 'prod/workers', on_demand_base_capacity: 1 });
    expect(out.action.description).toMatch(
      /^On EKS node group prod\/workers, keep 1 node on demand and run the rest in a node group of capacity type SPOT over m5\.large,/,
    );
    // A group EKS does not manage keeps the group's own advice.
    const plain = outcome(input(group('m5.large', 2), members('m5.large', 2)), 'asg-spot-adoption');
    if (plain?.outcome !== 'violated') throw new Error('not violated');
    expect(plain.action.target.node_group).toBeUndefined();
    expect(plain.action.description).toMatch(/^Keep 1 on-demand as the base/);
  });
});

describe('ASG scheduled scaling', () => {
  // Four instances at 20 % on average with busy hours at 65 %: the load follows the clock, and the busy hours need
  // all four (asg-overprovisioned stays quiet).
  const clock = { avg: 20, p95: 65, max: 80, points: 336 };

  it('keeps the minimum outside weekday office hours: two scheduled actions, the saving at the bill’s rate', () => {
    const out = outcome(
      input(group('m5.large', 4, 2), members('m5.large', 4), {
        cpu: clock,
        cost: { monthlyEffective: 100, monthlyOnDemand: 125 },
      }),
      'asg-scheduled-scaling',
    );
    if (out?.outcome !== 'violated') throw new Error(`expected a violation, got ${out?.outcome}`);
    expect(out.action).toEqual({
      kind: 'schedule-scaling',
      description: expect.stringContaining('from 08:00 to 20:00 on weekdays and 2 otherwise'),
      target: {
        time_zone: 'Etc/UTC',
        scale_down_recurrence: '0 20 * * 1-5',
        scale_up_recurrence: '0 8 * * 1-5',
        low_min_size: 2,
        low_desired_capacity: 2,
        low_max_size: 10,
        high_min_size: 2,
        high_desired_capacity: 4,
        high_max_size: 10,
      },
      reversible: true,
    });
    // $400 effective a month × 2 of 4 instances × 108 of 168 hours outside office hours; on demand by 125 / 100.
    expect(out.saving.effective).toBeCloseTo((400 * 0.5 * 108) / 168, 6);
    expect(out.saving.onDemand).toBeCloseTo((500 * 0.5 * 108) / 168, 6);
    expect(out.evidence.facts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'cpu_avg', value: 20 }),
        expect.objectContaining({ key: 'cpu_p95', value: 65 }),
        expect.objectContaining({ key: 'kept_outside_office_hours', value: 2 }),
        expect.objectContaining({ key: 'office_hours_per_week', value: 60 }),
      ]),
    );
  });

  it('follows the office hours set on the rule', () => {
    const settings = new Map([
      ['asg-scheduled-scaling', { enabled: true, thresholds: { office_start_hour: 9, office_end_hour: 17 } }],
    ]);
    const i = input(group('m5.large', 4, 2), members('m5.large', 4), { cpu: clock });
    const out = evaluateResource(i, settings).find((r) => r.rule.key === 'asg-scheduled-scaling')?.outcome;
    if (out?.outcome !== 'violated') throw new Error(`expected a violation, got ${out?.outcome}`);
    expect(out.action.target).toMatchObject({
      scale_down_recurrence: '0 17 * * 1-5',
      scale_up_recurrence: '0 9 * * 1-5',
    });
    expect(out.saving.effective).toBeCloseTo((400 * 0.5 * 128) / 168, 6);
  });

  it('passes on flat load and on a group at its minimum; waits for every member’s CPU', () => {
    const flat = input(group('m5.large', 4, 2), members('m5.large', 4), { cpu: { ...clock, avg: 50 } });
    expect(outcome(flat, 'asg-scheduled-scaling')).toMatchObject({
      outcome: 'passed',
      reason: expect.stringContaining('does not follow the clock'),
    });
    const atMin = input(group('m5.large', 2, 2), members('m5.large', 2), { cpu: clock });
    expect(outcome(atMin, 'asg-scheduled-scaling')?.outcome).toBe('passed');
    const noCpu = input(group('m5.large', 4, 2), members('m5.large', 4), { cpu: null });
    expect(outcome(noCpu, 'asg-scheduled-scaling')?.outcome).toBe('missing-metrics');
  });
});
