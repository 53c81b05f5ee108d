import { ec2Price, ec2Shape, ec2Types, type InstanceShape } from './catalogue';
import { lessSnapshots, safetySnapshotsMonthly, volumeListMonthly } from './prices';
import { candidateFamilies, cheapestFit } from './rightsizing';
import {
  coverageCaveat,
  daysSince,
  fact,
  HOURS_PER_MONTH,
  lookback,
  lookbackDays,
  metricEvidence,
  minHours,
  missingMetrics,
  money,
  notApplicable,
  num,
  passed,
  type RuleDefinition,
  type RuleInput,
  savingOf,
  str,
} from './rule-kit';

const MB = 1_000_000;

const instanceType = (input: RuleInput) => str(input.resource.attributes.instanceType);
const listMonthly = (input: RuleInput) => {
  const type = instanceType(input);
  const price = type === null ? null : ec2Price(type, input.resource.region);
  return price === null ? null : price * HOURS_PER_MONTH;
};

/**
 * An Auto Scaling group's instance is not stopped or resized alone (the group would replace it, its launch
 * template names the type): the group's own rule (asg-overprovisioned) judges its size.
 */
function groupMember(input: RuleInput) {
  const attachments = (input.resource.attributes.attachments ?? []) as { kind: string; id: string }[];
  const group = attachments.find((a) => a.kind === 'autoscaling-group');
  return group === undefined
    ? null
    : notApplicable(`It belongs to Auto Scaling group ${group.id}: asg-overprovisioned judges the group.`);
}

export const ec2Idle: RuleDefinition = {
  key: 'ec2-idle',
  kinds: ['ec2-instance'],
  description:
    'A running instance whose CPU never reached the threshold and whose network stayed below the daily threshold over the look-back.',
  anchor:
    'AWS Compute Optimizer idle EC2 (peak CPU under 5 % over 14 days) and Trusted Advisor low-utilisation EC2 (network I/O 5 MB or less a day).',
  thresholds: [
    lookbackDays(14),
    { key: 'cpu_max_percent', label: 'Peak CPU below', unit: 'percent', default: 5, min: 0, max: 100 },
    {
      key: 'network_mb_per_day',
      label: 'Network I/O per day at most',
      unit: 'MB',
      default: 5,
      min: 0,
      max: 1_000_000,
    },
    minHours,
  ],
  check(input, t) {
    if (input.resource.state !== 'running') return notApplicable(`The instance is ${input.resource.state}.`);
    const group = groupMember(input);
    if (group !== null) return group;
    const days = t.lookback_days as number;
    const m = input.metrics(days);
    const cpu = m.get('cpu-utilization');
    const netIn = m.get('network-in');
    const netOut = m.get('network-out');
    const range = lookback(input.now, days);
    const cpuLimit = { key: 'cpu_max_percent', value: t.cpu_max_percent as number, comparison: '<' as const };
    const netLimit = {
      key: 'network_mb_per_day',
      value: t.network_mb_per_day as number,
      comparison: '<=' as const,
    };
    const netPerDay =
      netIn === undefined || netOut === undefined ? null : ((netIn.avg + netOut.avg) * 24) / MB;
    const evidence = {
      ...range,
      metrics: [
        metricEvidence('cpu-utilization', 'max', cpu, cpuLimit),
        { ...metricEvidence('network-in', 'sum', netIn, netLimit, netPerDay ?? undefined), unit: 'MB/day' },
      ],
      facts: [fact('instance_type', 'Instance type', instanceType(input))],
    };
    if (cpu === undefined || cpu.points < (t.min_hours as number))
      return missingMetrics(
        `CPU has ${cpu?.points ?? 0} hourly values in ${days} days; ${t.min_hours} are needed.`,
        evidence,
      );
    if (netPerDay === null) return missingMetrics('Network in and out were not collected.', evidence);
    if (cpu.max >= cpuLimit.value)
      return passed(`Peak CPU ${cpu.max.toFixed(1)} % reached ${cpuLimit.value} %.`, evidence);
    if (netPerDay > netLimit.value)
      return passed(`Network ${netPerDay.toFixed(1)} MB a day is above ${netLimit.value} MB.`, evidence);
    const saving = savingOf(input, 1, listMonthly(input));
    if (saving === null)
      return notApplicable('No cost in the bill and the instance type is not in the catalogue.');
    return {
      outcome: 'violated',
      title: `Stop idle instance ${input.resource.name ?? input.resource.id}`,
      evidence,
      saving,
      risk: 'low',
      action: {
        kind: 'stop',
        description: 'Stop the instance (its volumes stay; start it again any time).',
        target: {},
        reversible: true,
      },
      mightBeWrong: [
        'It may serve rare work outside the look-back (month-end jobs) or stand by for failover on purpose.',
        ...coverageCaveat(input),
      ],
      resourceType: instanceType(input),
    };
  },
};

export const ec2StoppedWithVolumes: RuleDefinition = {
  key: 'ec2-stopped-with-volumes',
  kinds: ['ec2-instance'],
  description: 'An instance stopped for longer than the threshold whose attached EBS volumes keep billing.',
  anchor:
    "OptScale 'instances stopped long ago with attached volumes'; AWS bills EBS volumes of stopped instances in full.",
  thresholds: [
    { key: 'stopped_days', label: 'Stopped for at least', unit: 'days', default: 30, min: 1, max: 3650 },
  ],
  check(input, t) {
    const { resource } = input;
    if (resource.state !== 'stopped') return notApplicable(`The instance is ${resource.state}.`);
    const stopped = daysSince(resource.stateSince, input.now);
    const volumes = input.related.attachedTo('ebs-volume', resource.id);
    const evidence = {
      ...lookback(input.now, Math.max(1, stopped ?? 1)),
      metrics: [],
      facts: [
        fact('stopped_days', 'Stopped for (days)', stopped, {
          key: 'stopped_days',
          value: t.stopped_days as number,
        }),
        fact('attached_volumes', 'Attached volumes', volumes.map((v) => v.id).join(', ')),
      ],
    };
    if (stopped === null || stopped < (t.stopped_days as number))
      return passed(`Stopped for ${stopped ?? 0} days, under ${t.stopped_days}.`, evidence);
    if (volumes.length === 0)
      return passed('No volume is attached: a stopped instance alone costs nothing.', evidence);
    let effective = 0;
    let onDemand = 0;
    for (const v of volumes) {
      const cost = input.related.costOf(v);
      const list = volumeListMonthly(
        str(v.attributes.volumeType) ?? '',
        num(v.attributes.sizeGiB) ?? 0,
        num(v.attributes.iops),
        num(v.attributes.throughputMiBps),
      );
      effective += cost?.monthlyEffective ?? (list ?? 0) * input.effectiveRate;
      onDemand += cost?.monthlyOnDemand ?? list ?? 0;
    }
    // A safety snapshot of each volume is kept: it bills on after the volumes are gone.
    const snapshotList = safetySnapshotsMonthly(volumes.map((v) => num(v.attributes.sizeGiB) ?? 0));
    const saving = lessSnapshots(
      {
        effective,
        onDemand,
        current: effective,
        basis: volumes.some((v) => input.related.costOf(v) === null)
          ? ('catalogue' as const)
          : ('bill' as const),
      },
      snapshotList,
      input.effectiveRate,
    );
    if (saving.effective <= 0)
      return passed('The safety snapshots of its volumes would cost as much as the volumes.', evidence);
    return {
      outcome: 'violated',
      title: `Terminate ${resource.name ?? resource.id}, stopped ${stopped} days`,
      evidence,
      saving,
      risk: 'medium',
      action: {
        kind: 'snapshot-and-delete',
        description: `Snapshot its ${volumes.length} volume(s), then terminate the instance and delete them.`,
        target: { volumes: volumes.length },
        reversible: false,
      },
      mightBeWrong: [
        'It may be kept stopped as a template or for a seasonal job; snapshots keep its data but not the instance.',
      ],
      resourceType: instanceType(input),
    };
  },
};

function rightsizeCandidates(current: InstanceShape): InstanceShape[] {
  const families = new Set(candidateFamilies(current.family, 'ec2'));
  return ec2Types()
    .filter((type) => families.has(type.split('.')[0] ?? ''))
    .map((type) => ec2Shape(type))
    .filter((s): s is InstanceShape => s !== null);
}

export const ec2Rightsizing: RuleDefinition = {
  key: 'ec2-rightsizing',
  kinds: ['ec2-instance'],
  supersededBy: ['ec2-idle'],
  description:
    'A running instance whose p95 and peak CPU (and memory when collected) fit a cheaper, smaller type of its class, current generation or Graviton, with headroom.',
  anchor:
    'AWS Compute Optimizer rightsizing (14-day look-back, 20 % headroom, at least 30 hours of metrics).',
  thresholds: [
    lookbackDays(14),
    { key: 'headroom_percent', label: 'Headroom', unit: 'percent', default: 20, min: 0, max: 90 },
    {
      key: 'min_saving_percent',
      label: 'Smallest saving worth it',
      unit: 'percent',
      default: 10,
      min: 0,
      max: 100,
    },
    { key: 'allow_graviton', label: 'Suggest Graviton (arm64)', unit: 'boolean', default: 1, min: 0, max: 1 },
    {
      key: 'memory_floor_percent',
      label: 'Memory kept without memory metrics',
      unit: 'percent',
      default: 50,
      min: 0,
      max: 100,
    },
    minHours,
  ],
  check(input, t) {
    const { resource } = input;
    if (resource.state !== 'running') return notApplicable(`The instance is ${resource.state}.`);
    const group = groupMember(input);
    if (group !== null) return group;
    const type = instanceType(input);
    const current = type === null ? null : ec2Shape(type);
    const currentPrice = type === null ? null : ec2Price(type, resource.region);
    if (current === null || currentPrice === null || type === null)
      return notApplicable(`${type ?? 'The type'} is not in the instance catalogue for ${resource.region}.`);
    const days = t.lookback_days as number;
    const m = input.metrics(days);
    const cpu = m.get('cpu-utilization');
    const memory = m.get('memory-utilization') ?? null;
    const target = 100 - (t.headroom_percent as number);
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        metricEvidence('cpu-utilization', 'p95', cpu, null),
        metricEvidence('cpu-utilization', 'max', cpu, null),
        ...(memory === null ? [] : [metricEvidence('memory-utilization', 'p95', memory, null)]),
      ],
      facts: [
        fact('instance_type', 'Instance type', type),
        fact('vcpu', 'vCPU', current.vcpu),
        fact('memory_gib', 'Memory (GiB)', current.memoryGiB),
      ],
    };
    if (cpu === undefined || cpu.points < (t.min_hours as number))
      return missingMetrics(
        `CPU has ${cpu?.points ?? 0} hourly values in ${days} days; ${t.min_hours} are needed.`,
        evidence,
      );
    const fit = cheapestFit({
      current,
      currentPrice,
      candidates: rightsizeCandidates(current),
      priceOf: (candidate) => ec2Price(candidate, resource.region),
      cpu,
      memory,
      headroomPercent: t.headroom_percent as number,
      allowArm: t.allow_graviton === 1 && str(resource.attributes.platform) !== 'windows',
      memoryFloor: (t.memory_floor_percent as number) / 100,
    });
    const share = fit === null ? 0 : 1 - fit.price / currentPrice;
    if (fit === null || share * 100 < (t.min_saving_percent as number))
      return passed(
        `No smaller type carries p95 CPU ${cpu.p95.toFixed(1)} % and peak ${cpu.max.toFixed(1)} % within ${target} % for at least ${t.min_saving_percent} % less.`,
        evidence,
      );
    evidence.metrics = [
      metricEvidence('cpu-utilization', 'p95', cpu, {
        key: 'headroom_percent',
        value: target * (fit.shape.vcpu / current.vcpu),
        comparison: '<=',
      }),
      metricEvidence('cpu-utilization', 'max', cpu, {
        key: 'peak',
        value: 100 * (fit.shape.vcpu / current.vcpu),
        comparison: '<=',
      }),
      ...(memory === null
        ? []
        : [
            metricEvidence('memory-utilization', 'p95', memory, {
              key: 'headroom_percent',
              value: target * (fit.shape.memoryGiB / current.memoryGiB),
              comparison: '<=' as const,
            }),
          ]),
    ];
    const saving = savingOf(input, share, currentPrice * HOURS_PER_MONTH);
    if (saving === null) return notApplicable('No cost to compare.');
    const armChange = fit.shape.arch !== current.arch;
    return {
      outcome: 'violated',
      title: `Change ${type} to ${fit.shape.type}`,
      evidence,
      saving,
      risk: armChange || memory === null ? 'medium' : 'low',
      action: {
        kind: 'modify',
        description: `Change ${type} (${current.vcpu} vCPU, ${current.memoryGiB} GiB) to ${fit.shape.type} (${fit.shape.vcpu} vCPU, ${fit.shape.memoryGiB} GiB): about ${money(saving.effective)} a month less. Projected p95 CPU ${fit.cpuP95.toFixed(0)} %, peak ${fit.cpuMax.toFixed(0)} %.`,
        target: { instance_type: fit.shape.type },
        reversible: true,
      },
      mightBeWrong: [
        ...(memory === null
          ? [
              `Memory is not collected (no CloudWatch agent): ${fit.shape.type} has ${fit.shape.memoryGiB} GiB instead of ${current.memoryGiB} GiB.`,
            ]
          : []),
        ...(armChange ? ['Graviton is arm64: the software and its images must run on arm64.'] : []),
        'Load outside the look-back (seasonal peaks) is not seen; the change needs a stop and start.',
        ...coverageCaveat(input),
      ],
      resourceType: type,
    };
  },
};

export const ec2PreviousGeneration: RuleDefinition = {
  key: 'ec2-previous-generation',
  kinds: ['ec2-instance'],
  supersededBy: ['ec2-idle', 'ec2-rightsizing'],
  description:
    'A previous-generation type with a current-generation type of at least its vCPU and memory that costs less.',
  anchor: 'AWS Cost Optimization Hub "upgrade" strategy; AWS previous-generation instance list.',
  thresholds: [
    {
      key: 'min_saving_percent',
      label: 'Smallest saving worth it',
      unit: 'percent',
      default: 1,
      min: 0,
      max: 100,
    },
  ],
  check(input, t) {
    const type = instanceType(input);
    const current = type === null ? null : ec2Shape(type);
    const price = type === null ? null : ec2Price(type, input.resource.region);
    if (type === null || current === null || price === null)
      return notApplicable('The type is not in the instance catalogue.');
    const evidence = {
      ...lookback(input.now, 1),
      metrics: [],
      facts: [
        fact('instance_type', 'Instance type', type),
        fact('current_generation', 'Current generation', current.currentGeneration),
      ],
    };
    if (current.currentGeneration) return passed(`${type} is a current-generation type.`, evidence);
    let best: { type: string; price: number } | null = null;
    for (const candidate of ec2Types()) {
      const shape = ec2Shape(candidate);
      const p = ec2Price(candidate, input.resource.region);
      if (shape === null || p === null || !shape.currentGeneration || shape.arch !== current.arch) continue;
      if (!candidateFamilies(current.family, 'ec2').includes(shape.family)) continue;
      if (shape.vcpu < current.vcpu || shape.memoryGiB < current.memoryGiB) continue;
      if (best === null || p < best.price) best = { type: candidate, price: p };
    }
    const share = best === null ? 0 : 1 - best.price / price;
    if (best === null || share * 100 < (t.min_saving_percent as number))
      return passed(`No current-generation type of its size costs less than ${type}.`, evidence);
    const saving = savingOf(input, share, price * HOURS_PER_MONTH);
    if (saving === null) return notApplicable('No cost to compare.');
    return {
      outcome: 'violated',
      title: `Upgrade ${type} to ${best.type}`,
      evidence,
      saving,
      risk: 'low',
      action: {
        kind: 'modify',
        description: `Change ${type} to the current-generation ${best.type}.`,
        target: { instance_type: best.type },
        reversible: true,
      },
      mightBeWrong: [
        'Older AMIs may lack the drivers (ENA, NVMe) newer types need; the change needs a stop and start.',
        ...coverageCaveat(input),
      ],
      resourceType: type,
    };
  },
};
