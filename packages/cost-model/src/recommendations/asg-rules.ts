import {
  type AsgAdviceInput,
  type AsgAdviceItem,
  CLOCK_LOAD_BELOW,
  OFFICE_DAY,
  rightsizeAdvice,
  scheduleAdvice,
  scheduleKeep,
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
  type ThresholdDefinition,
  type Thresholds,
  type Violation,
} from './rule-kit';

/**
 * Compute Copilot's Auto Scaling advice as rules, so it is listed, approved and applied like every other
 * recommendation: spot through a mixed instances policy, a smaller type for the launch template, and scaling in
 * outside office hours through two recurring scheduled actions. The figures
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

const REPLACED_AS_GROUP_CYCLES =
  'Running instances change only as the group replaces them (scale-in and scale-out, or an instance refresh).';

/**
 * The EKS managed node group (cluster/name) whose Auto Scaling group this is: the node group's own listing names
 * the group, else EKS's tags on it. EKS owns such a group's launch template and instance mix, so its instance
 * types and capacity type are changed on the node group.
 */
function nodeGroupOf(input: RuleInput): string | null {
  const listed = input.related.attachedTo('eks-nodegroup', input.resource.id)[0];
  if (listed !== undefined) return listed.id;
  const tags = input.resource.tags;
  const name = tags['eks:nodegroup-name'];
  const cluster = tags['eks:cluster-name'] ?? tags['aws:eks:cluster-name'];
  return name && cluster ? `${cluster}/${name}` : null;
}

/** What to do on an EKS node group instead of its Auto Scaling group, per advice. */
const NODE_GROUP_CHANGE = {
  'use-spot': (item: AsgAdviceItem, base: number) =>
    `keep ${base} node${base === 1 ? '' : 's'} on demand and run the rest in a node group of capacity type SPOT over ${item.instanceTypes.join(', ')} (a node group's capacity type is set when it is created).`,
  modify: (item: AsgAdviceItem) =>
    `change its instance types from ${item.fromType} to ${item.instanceTypes[0]} (a new node group, or a new version of the launch template it names).`,
} as const;

const NODE_GROUP_CYCLES =
  'Nodes change only as the node group replaces them: their pods are drained and scheduled again elsewhere.';

/**
 * The three rules' finding: titled "<advice> in <group>", priced from the advice, the action described by the
 * advice's detail and its monthly saving (reversible), the rule's caveats followed by the commitment coverage one.
 */
function violation(
  input: RuleInput,
  g: GroupFacts,
  item: AsgAdviceItem,
  found: Pick<Violation, 'evidence' | 'mightBeWrong'> & {
    action: Pick<Violation['action'], 'kind' | 'target'>;
    resourceType: string;
  },
): Violation {
  const saving = savingOfAdvice(item, g);
  const group = input.resource.name ?? input.resource.id;
  const kind = found.action.kind;
  const change = kind === 'use-spot' || kind === 'modify' ? NODE_GROUP_CHANGE[kind] : null;
  const nodeGroup = change === null ? null : nodeGroupOf(input);
  const base = Number(found.action.target.on_demand_base_capacity ?? 0);
  const onNodeGroup =
    nodeGroup === null || change === null
      ? null
      : `On EKS node group ${nodeGroup}, ${change(item, base)} EKS manages its Auto Scaling group ${group}: change the node group, not the Auto Scaling group.`;
  return {
    outcome: 'violated',
    title: `${item.title} in ${nodeGroup === null ? group : `EKS node group ${nodeGroup}`}`,
    evidence: found.evidence,
    saving,
    risk: item.risk,
    action: {
      ...found.action,
      target: nodeGroup === null ? found.action.target : { node_group: nodeGroup, ...found.action.target },
      description: `${onNodeGroup ?? item.detail} About ${money(saving.effective)} a month less.`,
      reversible: true,
    },
    mightBeWrong: [
      ...found.mightBeWrong.map((m) =>
        nodeGroup !== null && m === REPLACED_AS_GROUP_CYCLES ? NODE_GROUP_CYCLES : m,
      ),
      ...coverageCaveat(input),
    ],
    resourceType: found.resourceType,
  };
}

/** The smallest monthly saving the spot and scheduled-scaling rules advise. */
const minMonthlySaving: ThresholdDefinition = {
  key: 'min_monthly_saving',
  label: 'Monthly saving at least',
  unit: 'USD',
  default: 10,
  min: 0,
  max: 100_000,
};

export const asgSpotAdoption: RuleDefinition = {
  key: 'asg-spot-adoption',
  kinds: ['autoscaling-group'],
  description:
    "An Auto Scaling group whose on-demand instances above a kept base (the policy's, else its minimum) could run on spot over diversified same-shape types; the saving is their bill × (1 − spot's price ratio).",
  anchor:
    'AWS EC2 Auto Scaling mixed instances policy with price-capacity-optimized spot allocation; nOps Compute Copilot for ASGs.',
  thresholds: [minMonthlySaving],
  check(input: RuleInput, t: Thresholds): RuleOutcome {
    const g = groupFacts(input, 14, 1);
    if (g.members === 0) return notApplicable('The group runs no instances.');
    const evidence = groupEvidence(input, 14, g);
    const item = spotAdvice(g.advice);
    if (item === null || item.monthlySaving < (t.min_monthly_saving as number))
      return passed('No uncovered on-demand instance above the kept base.', evidence);
    return violation(input, g, item, {
      evidence,
      action: {
        kind: 'use-spot',
        target: {
          on_demand_base_capacity: item.onDemandBase ?? 1,
          on_demand_percentage_above_base: 0,
          spot_allocation_strategy: 'price-capacity-optimized',
          instance_types: item.instanceTypes.join(','),
        },
      },
      mightBeWrong: [
        'Spot capacity can be reclaimed with two minutes’ notice: the workload must tolerate losing instances.',
        REPLACED_AS_GROUP_CYCLES,
      ],
      resourceType: item.instanceTypes.join(', '),
    });
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
    return violation(input, g, item, {
      evidence,
      action: { kind: 'modify', target: { instance_type: to, replaces: item.fromType } },
      mightBeWrong: [
        'Memory is not measured here: a memory-bound workload may need the larger type.',
        REPLACED_AS_GROUP_CYCLES,
      ],
      resourceType: item.fromType,
    });
  },
};

/** The time zone the scheduled actions' cron times are read in (the rule input carries no organisation zone). */
const SCHEDULE_TIME_ZONE = 'Etc/UTC';

const hour = (key: string, label: string, value: number) => ({
  key,
  label,
  unit: 'h',
  default: value,
  min: 0,
  max: 24,
});

export const asgScheduledScaling: RuleDefinition = {
  key: 'asg-scheduled-scaling',
  kinds: ['autoscaling-group'],
  description:
    "An Auto Scaling group whose CPU follows the clock (its members' mean average under 60 % of their highest p95) and that runs above its minimum: it keeps its capacity on weekdays in office hours and its minimum (at least one) otherwise; the saving is the members' bill × the instances above the minimum ÷ desired × the hours outside office hours ÷ 168. Applied as two recurring scheduled actions (scale down at the end of the day, back up at its start).",
  anchor:
    'AWS EC2 Auto Scaling scheduled scaling (PutScheduledUpdateGroupAction with a cron recurrence); nOps Compute Copilot ASG scheduling.',
  thresholds: [
    lookbackDays(14),
    minHours,
    hour('office_start_hour', 'Office hours start (UTC)', OFFICE_DAY.start),
    hour('office_end_hour', 'Office hours end (UTC)', OFFICE_DAY.end),
    minMonthlySaving,
  ],
  supersededBy: ['asg-overprovisioned'],
  check(input: RuleInput, t: Thresholds): RuleOutcome {
    const days = t.lookback_days as number;
    const g = groupFacts(input, days, t.min_hours as number);
    if (g.members === 0) return notApplicable('The group runs no instances.');
    const start = Math.floor(t.office_start_hour as number);
    const end = Math.floor(t.office_end_hour as number);
    const base = groupEvidence(input, days, g);
    const cpu = g.advice.cpu;
    const keep = scheduleKeep(g.advice);
    const evidence = {
      ...base,
      facts: [
        ...base.facts,
        fact('cpu_avg', 'CPU average (%)', cpu === null ? null : Math.round(cpu.avg * 10) / 10),
        fact('cpu_p95', 'CPU p95, busiest member (%)', cpu === null ? null : Math.round(cpu.p95 * 10) / 10),
        fact('kept_outside_office_hours', 'Instances kept outside office hours', keep),
        fact('office_hours_per_week', 'Office hours a week', 5 * Math.max(0, end - start), {
          key: 'office_end_hour',
          value: end,
        }),
      ],
    };
    if (!(start < end)) return notApplicable('Office hours end before they start.');
    if (g.withCpu < g.members)
      return missingMetrics(
        `${g.members - g.withCpu} of ${g.members} instances lack ${t.min_hours} hourly CPU values.`,
        evidence,
      );
    const item = scheduleAdvice(g.advice, { start, end });
    if (item === null || item.monthlySaving < (t.min_monthly_saving as number))
      return passed(
        cpu !== null && cpu.avg >= cpu.p95 * CLOCK_LOAD_BELOW
          ? `CPU averages ${cpu.avg.toFixed(1)} % against a p95 of ${cpu.p95.toFixed(1)} %: the load does not follow the clock.`
          : `The group runs ${g.advice.desiredCapacity} instances, no more than the ${keep} it would keep.`,
        evidence,
      );
    const max = num(input.resource.attributes.maxSize) ?? g.advice.desiredCapacity;
    return violation(input, g, item, {
      evidence,
      action: {
        kind: 'schedule-scaling',
        target: {
          time_zone: SCHEDULE_TIME_ZONE,
          scale_down_recurrence: `0 ${end} * * 1-5`,
          scale_up_recurrence: `0 ${start} * * 1-5`,
          low_min_size: g.advice.minSize,
          low_desired_capacity: keep,
          low_max_size: max,
          high_min_size: g.advice.minSize,
          high_desired_capacity: g.advice.desiredCapacity,
          high_max_size: max,
        },
      },
      mightBeWrong: [
        `Office hours are read in UTC (${String(start).padStart(2, '0')}:00–${String(end).padStart(2, '0')}:00 on weekdays); change them in the rule's settings if the load follows another clock.`,
        'The clock pattern is judged from the average against the p95, not from an hour-by-hour profile: a single busy spike also lowers the average.',
        "The group's scaling policies may still scale it out at night when load arrives; scheduled actions only set the sizes at their times.",
      ],
      resourceType: g.advice.launchTemplateType ?? 'Auto Scaling group',
    });
  },
};
