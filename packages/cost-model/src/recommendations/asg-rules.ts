import {
  type AsgAdviceInput,
  type AsgAdviceItem,
  rightsizeAdvice,
  spotAdvice,
} from '../compute-copilot/asg-advice';
import {
  coverageCaveat,
  fact,
  lookback,
  lookbackDays,
  type MetricSummary,
  minHours,
  missingMetrics,
  money,
  notApplicable,
  num,
  passed,
  type RuleDefinition,
  type RuleInput,
  type RuleOutcome,
  str,
  type Thresholds,
} from './rule-kit';

/**
 * Compute Copilot's Auto Scaling advice as rules, so it is listed, approved and applied like every other
 * recommendation: spot through a mixed instances policy, and a smaller type for the launch template. The figures
 * are the ASG dashboard's (cost-model/compute-copilot/asg-advice), from the members' own bill lines.
 */

interface GroupFacts {
  advice: AsgAdviceInput;
  members: number;
  withCpu: number;
}

/** The group's members (running instances attached to it), their bill and CPU, as the advice reads them. */
function groupFacts(input: RuleInput, days: number, minPoints: number): GroupFacts {
  const { resource } = input;
  const a = resource.attributes;
  const members = input.related.attachedTo('ec2-instance', resource.id).filter((m) => m.state === 'running');
  const cpus = members
    .map((m) => input.related.metricsOf(m, days).get('cpu-utilization'))
    .filter((c): c is MetricSummary => c !== undefined && c.points >= minPoints);
  const template = (a.launchTemplate ?? null) as { instanceType?: unknown } | null;
  const mixed = (a.mixedInstancesPolicy ?? null) as {
    onDemandBaseCapacity: number;
    instanceTypes: string[];
  } | null;
  return {
    members: members.length,
    withCpu: cpus.length,
    advice: {
      region: resource.region,
      minSize: num(a.minSize) ?? 0,
      desiredCapacity: num(a.desiredCapacity) ?? 0,
      launchTemplateType: str(template?.instanceType),
      mixedPolicy: mixed,
      instances: members.map((m) => {
        const cost = input.related.costOf(m);
        return {
          type: str(m.attributes.instanceType),
          lifecycle: str(m.attributes.lifecycle),
          monthlyEffective: cost?.monthlyEffective ?? 0,
          monthlyOnDemand: cost?.monthlyOnDemand ?? 0,
        };
      }),
      cpu:
        cpus.length === 0
          ? null
          : {
              avg: cpus.reduce((s, c) => s + c.avg, 0) / cpus.length,
              p95: Math.max(...cpus.map((c) => c.p95)),
              max: Math.max(...cpus.map((c) => c.max)),
            },
      spotRatio: input.spotRatio ?? null,
    },
  };
}

const groupEvidence = (input: RuleInput, days: number, g: GroupFacts) => ({
  ...lookback(input.now, days),
  metrics: [],
  facts: [
    fact('desired_capacity', 'Desired capacity', g.advice.desiredCapacity),
    fact('min_size', 'Minimum', g.advice.minSize),
    fact('running_instances', 'Running instances', g.members),
    fact('launch_template_type', 'Launch template type', g.advice.launchTemplateType),
    fact('spot_instances', 'Spot instances', g.advice.instances.filter((i) => i.lifecycle === 'spot').length),
  ],
});

/** Saving in the rules' shape: the advice's effective figure, its on-demand counterpart by the members' ratio. */
function savingOfAdvice(item: AsgAdviceItem, g: GroupFacts) {
  const effective = g.advice.instances.reduce((s, i) => s + i.monthlyEffective, 0);
  const onDemand = g.advice.instances.reduce((s, i) => s + i.monthlyOnDemand, 0);
  const ratio = effective > 0 ? onDemand / effective : 1;
  return {
    effective: item.monthlySaving,
    onDemand: item.monthlySaving * ratio,
    current: effective,
    basis: 'bill' as const,
  };
}

export const asgSpotAdoption: RuleDefinition = {
  key: 'asg-spot-adoption',
  kinds: ['autoscaling-group'],
  description:
    "An Auto Scaling group whose on-demand instances above a kept base (the policy's, else its minimum) could run on spot over diversified same-shape types; the saving is their bill × (1 − spot's price ratio).",
  anchor:
    'AWS EC2 Auto Scaling mixed instances policy with price-capacity-optimized spot allocation; nOps Compute Copilot for ASGs.',
  thresholds: [
    {
      key: 'min_monthly_saving',
      label: 'Monthly saving at least',
      unit: 'USD',
      default: 10,
      min: 0,
      max: 100_000,
    },
  ],
  check(input: RuleInput, t: Thresholds): RuleOutcome {
    const g = groupFacts(input, 14, 1);
    if (g.members === 0) return notApplicable('The group runs no instances.');
    const evidence = groupEvidence(input, 14, g);
    const item = spotAdvice(g.advice);
    if (item === null || item.monthlySaving < (t.min_monthly_saving as number))
      return passed('No uncovered on-demand instance above the kept base.', evidence);
    const saving = savingOfAdvice(item, g);
    const base = item.onDemandBase ?? 1;
    return {
      outcome: 'violated',
      title: `${item.title} in ${input.resource.name ?? input.resource.id}`,
      evidence,
      saving,
      risk: item.risk,
      action: {
        kind: 'use-spot',
        description: `${item.detail} About ${money(saving.effective)} a month less.`,
        target: {
          on_demand_base_capacity: base,
          on_demand_percentage_above_base: 0,
          spot_allocation_strategy: 'price-capacity-optimized',
          instance_types: item.instanceTypes.join(','),
        },
        reversible: true,
      },
      mightBeWrong: [
        'Spot capacity can be reclaimed with two minutes’ notice: the workload must tolerate losing instances.',
        'Running instances change only as the group replaces them (scale-in and scale-out, or an instance refresh).',
        ...coverageCaveat(input),
      ],
      resourceType: item.instanceTypes.join(', '),
    };
  },
};

export const asgLaunchTemplateRightsizing: RuleDefinition = {
  key: 'asg-launch-template-rightsizing',
  kinds: ['autoscaling-group'],
  description:
    "An Auto Scaling group whose instances' CPU (peak p95) fits a cheaper type of a candidate family within 60 %; the launch template gets that type.",
  anchor: 'AWS Compute Optimizer Auto Scaling group recommendations (14-day look-back).',
  thresholds: [lookbackDays(14), minHours],
  supersededBy: ['asg-overprovisioned'],
  check(input: RuleInput, t: Thresholds): RuleOutcome {
    const days = t.lookback_days as number;
    const g = groupFacts(input, days, t.min_hours as number);
    if (g.members === 0) return notApplicable('The group runs no instances.');
    const evidence = groupEvidence(input, days, g);
    if (g.withCpu < g.members)
      return missingMetrics(
        `${g.members - g.withCpu} of ${g.members} instances lack ${t.min_hours} hourly CPU values.`,
        evidence,
      );
    const item = rightsizeAdvice(g.advice);
    const to = item?.instanceTypes[0];
    if (item === null || to === undefined || item.fromType === null)
      return passed('No cheaper type holds the group’s CPU with headroom.', evidence);
    const saving = savingOfAdvice(item, g);
    return {
      outcome: 'violated',
      title: `${item.title} in ${input.resource.name ?? input.resource.id}`,
      evidence,
      saving,
      risk: item.risk,
      action: {
        kind: 'modify',
        description: `${item.detail} About ${money(saving.effective)} a month less.`,
        target: { instance_type: to, replaces: item.fromType },
        reversible: true,
      },
      mightBeWrong: [
        'Memory is not measured here: a memory-bound workload may need the larger type.',
        'Running instances change only as the group replaces them (scale-in and scale-out, or an instance refresh).',
        ...coverageCaveat(input),
      ],
      resourceType: item.fromType,
    };
  },
};
