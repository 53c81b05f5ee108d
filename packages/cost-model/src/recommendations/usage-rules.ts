import { ec2Price } from './catalogue';
import { LAMBDA_GB_SECOND, LAMBDA_REQUEST, NAT_GATEWAY_HOUR, S3_CLASS_GB_MONTH, S3_GB_MONTH } from './prices';
import {
  coverageCaveat,
  fact,
  HOURS_PER_MONTH,
  lookback,
  lookbackDays,
  type MetricSummary,
  metricEvidence,
  minHours,
  missingMetrics,
  money,
  notApplicable,
  num,
  passed,
  type RuleDefinition,
  type RuleInput,
  type RuleResource,
  savingOf,
  str,
  type Violation,
} from './rule-kit';

const GB = 1e9;

/**
 * A bucket's price per GB-month of a storage class: the bill's own, effective and on demand, where its storage
 * lines bill the class (the account's region, tier and discounts); else the list price at the bucket's effective
 * ÷ on-demand ratio (the account's effective rate without bill lines).
 */
function classRate(input: RuleInput, storageClass: string) {
  const own = input.cost?.storageRates?.[storageClass];
  if (own !== undefined && own.onDemand > 0) return { ...own, billed: true };
  const list = S3_CLASS_GB_MONTH[storageClass] ?? 0;
  const billed = input.cost !== null && input.cost.monthlyOnDemand > 0 ? input.cost : null;
  const ratio = billed === null ? input.effectiveRate : billed.monthlyEffective / billed.monthlyOnDemand;
  return { effective: list * ratio, onDemand: list, billed: false };
}

/**
 * What moving `gb` of a class to Intelligent-Tiering's Infrequent Access tier saves a month: the class's own rate
 * (classRate) × the share the list prices cut, so a bill's regional price and discount carry over to the tier.
 */
function tieringCut(input: RuleInput, storageClass: string, gb: number) {
  const rate = classRate(input, storageClass);
  const list = S3_CLASS_GB_MONTH[storageClass] ?? 0;
  const share = list <= 0 ? 0 : Math.max(0, 1 - S3_GB_MONTH.INTELLIGENT_TIERING_IA / list);
  return { effective: gb * rate.effective * share, onDemand: gb * rate.onDemand * share };
}

/** A saving on part of a bucket, bounded by its own bill when it has one. */
function partSaving(
  input: RuleInput,
  cut: { effective: number; onDemand: number },
): Violation['saving'] | null {
  if (cut.effective <= 0) return null;
  if (input.cost !== null && input.cost.monthlyOnDemand > 0) {
    const { monthlyEffective, monthlyOnDemand } = input.cost;
    return {
      effective: Math.min(cut.effective, monthlyEffective),
      onDemand: Math.min(cut.onDemand, monthlyOnDemand),
      current: monthlyEffective,
      basis: 'bill',
    };
  }
  return { ...cut, current: cut.effective, basis: 'catalogue' };
}

export const natGatewayIdle: RuleDefinition = {
  key: 'nat-gateway-idle',
  kinds: ['nat-gateway'],
  description:
    'An available NAT gateway that processed less data a day than the threshold (out to destinations and back) over the look-back.',
  anchor:
    'AWS Trusted Advisor inactive NAT gateways (no traffic through the gateway); AWS bills a NAT gateway by the hour whatever it carries.',
  thresholds: [
    lookbackDays(14),
    {
      key: 'gb_per_day',
      label: 'Data processed per day below',
      unit: 'GB',
      default: 1,
      min: 0,
      max: 100_000,
    },
    minHours,
  ],
  check(input, t) {
    const { resource } = input;
    if (resource.state !== 'available') return notApplicable(`The gateway is ${resource.state}.`);
    const days = t.lookback_days as number;
    const m = input.metrics(days);
    const out = m.get('nat-bytes-out');
    const back = m.get('nat-bytes-in');
    const limit = t.gb_per_day as number;
    const perDay = out === undefined || back === undefined ? null : ((out.avg + back.avg) * 24) / GB;
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        {
          ...metricEvidence(
            'nat-bytes-out',
            'sum',
            out,
            { key: 'gb_per_day', value: limit, comparison: '<' },
            perDay ?? undefined,
          ),
          unit: 'GB/day',
        },
      ],
      facts: [
        fact('connectivity', 'Connectivity', str(resource.attributes.connectivityType)),
        fact('vpc_id', 'VPC', str(resource.attributes.vpcId)),
        fact('public_ip', 'Address', str(resource.attributes.publicIp)),
      ],
    };
    if (out === undefined || back === undefined || out.points < (t.min_hours as number))
      return missingMetrics(
        `Bytes out have ${out?.points ?? 0} hourly values; ${t.min_hours} are needed.`,
        evidence,
      );
    if ((perDay ?? 0) >= limit)
      return passed(`${(perDay ?? 0).toFixed(2)} GB a day went through it, at least ${limit} GB.`, evidence);
    const saving = savingOf(input, 1, NAT_GATEWAY_HOUR * HOURS_PER_MONTH);
    if (saving === null) return notApplicable('No cost to compare.');
    return {
      outcome: 'violated',
      title: `Delete NAT gateway ${resource.name ?? resource.id} (little traffic)`,
      evidence,
      saving,
      risk: 'medium',
      action: {
        kind: 'delete',
        description:
          'Delete the gateway (route the private subnets through another gateway or a VPC endpoint first), then release its Elastic IP.',
        target: {},
        reversible: false,
      },
      mightBeWrong: [
        'Private subnets routed through it lose outbound internet access: rare work (patching, month-end jobs) may need it.',
        'Its Elastic IP keeps billing until it is released.',
      ],
      resourceType: str(resource.attributes.connectivityType),
    };
  },
};

/**
 * The share of a function's bill that its memory setting scales, from the bill's own usage types: duration
 * (`Lambda-GB-Second`, `-ARM`, Lambda@Edge, provisioned concurrency) against requests, ephemeral storage and
 * anything else; null when the bill's split was not read or is empty.
 */
export function memoryScaledShare(byUsageType: Readonly<Record<string, number>> | undefined): number | null {
  if (byUsageType === undefined) return null;
  let scaled = 0;
  let total = 0;
  for (const [usageType, cost] of Object.entries(byUsageType)) {
    total += cost;
    if (/GB-Second|Provisioned-Concurrency/i.test(usageType) && !/Storage/i.test(usageType)) scaled += cost;
  }
  return total > 0 ? Math.min(1, Math.max(0, scaled / total)) : null;
}

/** Lambda takes memory in 1 MB steps from 128 MB; Finlens suggests multiples of 64 MB. */
const lambdaTarget = (peakMiB: number, headroom: number) =>
  Math.max(128, Math.ceil((peakMiB * (1 + headroom / 100)) / 64) * 64);

export const lambdaMemory: RuleDefinition = {
  key: 'lambda-memory',
  kinds: ['lambda-function'],
  description:
    'A function whose peak memory used (Lambda Insights) plus headroom is well below its configured memory, with p95 duration far from its timeout.',
  anchor:
    'AWS Compute Optimizer Lambda memory recommendations (14-day look-back, over-provisioned memory); duration is billed per GB-second of configured memory.',
  thresholds: [
    lookbackDays(14),
    { key: 'headroom_percent', label: 'Memory headroom', unit: 'percent', default: 20, min: 0, max: 200 },
    {
      key: 'min_saving_percent',
      label: 'Smallest memory cut worth it',
      unit: 'percent',
      default: 10,
      min: 0,
      max: 100,
    },
    {
      key: 'max_duration_percent_of_timeout',
      label: 'p95 duration at most, of the timeout',
      unit: 'percent',
      default: 50,
      min: 1,
      max: 100,
    },
    minHours,
  ],
  check(input, t) {
    const { resource } = input;
    const memory = num(resource.attributes.memoryMiB);
    if (memory === null) return notApplicable('The function does not say its memory.');
    const days = t.lookback_days as number;
    const m = input.metrics(days);
    const used = m.get('lambda-memory-used');
    const duration = m.get('lambda-duration');
    const invocations = m.get('lambda-invocations');
    const headroom = t.headroom_percent as number;
    const timeoutMs = (num(resource.attributes.timeoutSeconds) ?? 3) * 1000;
    const durationLimit = ((t.max_duration_percent_of_timeout as number) / 100) * timeoutMs;
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        metricEvidence('lambda-memory-used', 'max', used, {
          key: 'memory_mib',
          value: memory,
          comparison: '<',
        }),
        metricEvidence('lambda-duration', 'p95', duration, {
          key: 'max_duration_percent_of_timeout',
          value: durationLimit,
          comparison: '<=',
        }),
      ],
      facts: [
        fact('memory_mib', 'Memory', memory),
        fact('timeout_seconds', 'Timeout (s)', timeoutMs / 1000),
        fact('runtime', 'Runtime', str(resource.attributes.runtime)),
      ],
    };
    if (used === undefined || used.points < (t.min_hours as number))
      return missingMetrics(
        `Memory used has ${used?.points ?? 0} hourly values (Lambda Insights publishes it); ${t.min_hours} are needed.`,
        evidence,
      );
    if (duration === undefined) return missingMetrics('Duration was not collected.', evidence);
    if (duration.p95 > durationLimit)
      return passed(
        `p95 duration ${duration.p95.toFixed(0)} ms is above ${durationLimit.toFixed(0)} ms: less memory (and CPU) may time it out.`,
        evidence,
      );
    const target = lambdaTarget(used.max, headroom);
    const cut = 1 - target / memory;
    if (cut * 100 < (t.min_saving_percent as number))
      return passed(
        `Peak ${used.max.toFixed(0)} MB used + ${headroom} % needs ${target} MB of ${memory} MB.`,
        evidence,
      );
    // Only the duration charge scales with memory; requests bill the same. Their split is the bill's own (its
    // GB-second lines against the rest); without it, the share the invocations and durations give at list prices.
    const monthlyInvocations = (invocations?.avg ?? 0) * HOURS_PER_MONTH;
    const gbSeconds = monthlyInvocations * (duration.avg / 1000) * (memory / 1024);
    const computeList = gbSeconds * LAMBDA_GB_SECOND;
    const requestList = monthlyInvocations * LAMBDA_REQUEST;
    const computeShare =
      memoryScaledShare(input.cost?.byUsageType) ??
      (computeList + requestList > 0 ? computeList / (computeList + requestList) : 1);
    evidence.facts.push(
      fact('duration_share_percent', 'Duration share of the bill (%)', Math.round(computeShare * 1000) / 10),
    );
    if (computeShare === 0)
      return passed(
        'Its bill has no duration (GB-second) charge: requests and storage bill the same whatever the memory.',
        evidence,
      );
    const saving =
      input.cost !== null && input.cost.monthlyOnDemand + input.cost.monthlyEffective > 0
        ? savingOf(input, computeShare * cut, null)
        : savingOf(input, cut, computeList);
    if (saving === null || saving.onDemand <= 0) return notApplicable('No cost to compare.');
    return {
      outcome: 'violated',
      title: `Lower ${resource.name ?? resource.id} memory from ${memory} MB to ${target} MB`,
      evidence,
      saving,
      risk: 'low',
      action: {
        kind: 'modify',
        description: `Set the memory to ${target} MB: about ${money(saving.effective)} a month less.`,
        target: { memory_mib: target },
        reversible: true,
      },
      mightBeWrong: [
        'Lambda gives CPU in proportion to memory: a CPU-bound function may run longer and save less.',
        'A rare large payload outside the look-back may need the memory.',
        ...coverageCaveat(input),
      ],
      resourceType: `${memory} MB`,
    };
  },
};

export const asgOverprovisioned: RuleDefinition = {
  key: 'asg-overprovisioned',
  kinds: ['autoscaling-group'],
  description:
    "An Auto Scaling group whose instances' summed p95 CPU (and peak) fit on fewer instances with headroom, no fewer than its minimum.",
  anchor:
    'AWS Compute Optimizer Auto Scaling group recommendations (14-day look-back); Cost Optimization Hub scale-in.',
  thresholds: [
    lookbackDays(14),
    { key: 'headroom_percent', label: 'Headroom', unit: 'percent', default: 30, min: 0, max: 90 },
    {
      key: 'min_instances_saved',
      label: 'Instances fewer at least',
      unit: 'count',
      default: 1,
      min: 1,
      max: 1000,
    },
    minHours,
  ],
  check(input, t) {
    const { resource } = input;
    const desired = num(resource.attributes.desiredCapacity) ?? 0;
    const min = num(resource.attributes.minSize) ?? 0;
    const members = input.related
      .attachedTo('ec2-instance', resource.id)
      .filter((r) => r.state === 'running');
    if (desired === 0 || members.length === 0) return notApplicable('The group runs no instances.');
    const days = t.lookback_days as number;
    const cpus = members.map((r) => input.related.metricsOf(r, days).get('cpu-utilization'));
    const known = cpus.filter(
      (c): c is MetricSummary => c !== undefined && c.points >= (t.min_hours as number),
    );
    const headroom = t.headroom_percent as number;
    const sumP95 = known.reduce((s, c) => s + c.p95, 0);
    const sumMax = known.reduce((s, c) => s + c.max, 0);
    const need = Math.max(min, 1, Math.ceil(sumP95 / (100 - headroom)), Math.ceil(sumMax / 100));
    const evidence = {
      ...lookback(input.now, days),
      metrics: [],
      facts: [
        fact('desired_capacity', 'Desired capacity', desired),
        fact('min_size', 'Minimum', min),
        fact('running_instances', 'Running instances', members.length),
        fact('sum_p95_cpu', 'Summed p95 CPU (instance-%)', Math.round(sumP95 * 10) / 10),
        fact('sum_max_cpu', 'Summed peak CPU (instance-%)', Math.round(sumMax * 10) / 10),
        fact('needed_instances', 'Instances needed', need, {
          key: 'headroom_percent',
          value: headroom,
        }),
      ],
    };
    if (known.length < members.length)
      return missingMetrics(
        `${members.length - known.length} of ${members.length} instances lack ${t.min_hours} hourly CPU values.`,
        evidence,
      );
    const fewer = Math.min(desired, members.length) - need;
    if (fewer < (t.min_instances_saved as number))
      return passed(
        `Summed p95 CPU ${sumP95.toFixed(0)} % needs ${need} of ${desired} instances at ${100 - headroom} %.`,
        evidence,
      );
    const saving = groupSaving(input, members, fewer);
    if (saving === null)
      return notApplicable('No cost in the bill and the instance type is not in the catalogue.');
    return {
      outcome: 'violated',
      title: `Scale ${resource.name ?? resource.id} in from ${desired} to ${need} instances`,
      evidence,
      saving,
      risk: 'medium',
      action: {
        kind: 'scale-in',
        description: `Set the desired capacity to ${need} (minimum ${Math.min(min, need)}): about ${money(saving.effective)} a month less.`,
        target: { desired_capacity: need, min_size: Math.min(min, need) },
        reversible: true,
      },
      mightBeWrong: [
        'Scaling policies may scale it back out, or it may be sized for an Availability Zone to fail over.',
        'Containers or queues on the instances may reserve capacity that CPU does not show (EKS requests).',
        ...coverageCaveat(input),
      ],
      resourceType: (resource.attributes.instanceTypes as string[] | undefined)?.join(', ') ?? null,
    };
  },
};

/** `fewer` instances' share of the members' bill (their average), or the catalogue × the effective rate. */
function groupSaving(input: RuleInput, members: RuleResource[], fewer: number): Violation['saving'] | null {
  const costs = members.map((m) => input.related.costOf(m));
  const billed = costs.filter((c) => c !== null && c.monthlyOnDemand + c.monthlyEffective > 0);
  if (billed.length > 0) {
    const effective = billed.reduce((s, c) => s + (c?.monthlyEffective ?? 0), 0);
    const onDemand = billed.reduce((s, c) => s + (c?.monthlyOnDemand ?? 0), 0);
    const share = fewer / billed.length;
    return { effective: effective * share, onDemand: onDemand * share, current: effective, basis: 'bill' };
  }
  const prices = members.map((m) => ec2Price(str(m.attributes.instanceType) ?? '', m.region));
  if (prices.some((p) => p === null)) return null;
  const hourly = (prices as number[]).reduce((s, p) => s + p, 0) / prices.length;
  const onDemand = hourly * HOURS_PER_MONTH * fewer;
  return {
    effective: onDemand * input.effectiveRate,
    onDemand,
    current: hourly * HOURS_PER_MONTH * members.length * input.effectiveRate,
    basis: 'catalogue',
  };
}

/** S3 Intelligent-Tiering's Infrequent Access tier, where objects not read for 30 days move. */
const COLD_CLASS = 'INTELLIGENT_TIERING';

export const s3ColdStandard: RuleDefinition = {
  key: 's3-cold-standard',
  kinds: ['s3-bucket'],
  description:
    'A bucket holding at least the threshold in S3 Standard whose objects are hardly read (GET requests a day per GB below the threshold): Intelligent-Tiering moves them to cheaper tiers by itself.',
  anchor:
    "AWS S3 Storage Lens cold-bucket guidance and Trusted Advisor's S3 Intelligent-Tiering check; Intelligent-Tiering's Infrequent Access tier after 30 days without access.",
  thresholds: [
    lookbackDays(14),
    {
      key: 'min_standard_gb',
      label: 'Standard storage at least',
      unit: 'GB',
      default: 100,
      min: 0,
      max: 1e9,
    },
    {
      key: 'gets_per_gb_day',
      label: 'GET requests a day per GB below',
      unit: 'count',
      default: 1,
      min: 0,
      max: 1_000_000,
    },
    minHours,
  ],
  check(input, t) {
    const days = t.lookback_days as number;
    const m = input.metrics(days);
    const standard = m.get('s3-bytes|STANDARD');
    const gets = m.get('s3-get-requests');
    const storage = (input.resource.attributes.storage ?? []) as { storageClass: string; bytes: number }[];
    const standardBytes = standard?.max ?? storage.find((s) => s.storageClass === 'STANDARD')?.bytes ?? 0;
    const standardGb = standardBytes / GB;
    const getsPerDay = gets === undefined ? null : gets.avg * 24;
    const perGb = getsPerDay === null || standardGb === 0 ? null : getsPerDay / standardGb;
    const limit = t.gets_per_gb_day as number;
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        { ...metricEvidence('s3-bytes', 'max', standard, null, standardBytes), storage_class: 'STANDARD' },
        {
          ...metricEvidence(
            's3-get-requests',
            'sum',
            gets,
            { key: 'gets_per_gb_day', value: limit, comparison: '<' },
            perGb ?? undefined,
          ),
          unit: 'count/GB/day',
        },
      ],
      facts: [
        fact('standard_gb', 'Standard storage (GB)', Math.round(standardGb * 10) / 10, {
          key: 'min_standard_gb',
          value: t.min_standard_gb as number,
        }),
        fact('object_count', 'Objects', num(input.resource.attributes.objectCount)),
      ],
    };
    if (standardGb < (t.min_standard_gb as number))
      return passed(`${standardGb.toFixed(1)} GB in Standard, under ${t.min_standard_gb} GB.`, evidence);
    if (gets === undefined || gets.points < (t.min_hours as number))
      return missingMetrics(
        `GET requests have ${gets?.points ?? 0} hourly values: turn on the bucket's request metrics (filter EntireBucket); ${t.min_hours} are needed.`,
        evidence,
      );
    if ((perGb ?? 0) >= limit)
      return passed(`${(perGb ?? 0).toFixed(2)} GETs a day per GB, at least ${limit}.`, evidence);
    // The Standard storage at the bill's own Standard rate (bounded by the bucket's bill) × the share the cold
    // tier saves.
    const saving = partSaving(input, tieringCut(input, 'STANDARD', standardGb));
    if (saving === null) return notApplicable('No cost to compare.');
    return {
      outcome: 'violated',
      title: `Move cold data of ${input.resource.name ?? input.resource.id} to Intelligent-Tiering`,
      evidence,
      saving,
      risk: 'low',
      action: {
        kind: 'add-lifecycle-policy',
        description: `Add a lifecycle rule that transitions Standard objects to ${COLD_CLASS} (or Glacier Instant Retrieval for data kept for years).`,
        target: { storage_class: COLD_CLASS },
        reversible: true,
      },
      mightBeWrong: [
        'Intelligent-Tiering charges monitoring per object: buckets of many small objects (under 128 KB, never tiered) save less.',
        'Reads that skip CloudWatch request metrics (a filter on a prefix) are not counted.',
      ],
      resourceType: 'STANDARD',
    };
  },
};

/** The classes a lifecycle rule moves data out of: the ones priced for frequent reads. */
const HOT_CLASSES = ['STANDARD', 'REDUCED_REDUNDANCY'];

export const s3NoLifecycle: RuleDefinition = {
  key: 's3-no-lifecycle',
  kinds: ['s3-bucket'],
  description:
    'A bucket with no enabled lifecycle rule whose Standard (and Reduced Redundancy) storage costs at least the threshold a month: nothing ever moves its data to a cheaper class, expires it or cleans up incomplete uploads.',
  anchor:
    "AWS S3 Storage Lens (buckets without lifecycle rules) and Trusted Advisor's S3 incomplete multipart upload abort check; Intelligent-Tiering's Infrequent Access tier after 30 days without access.",
  supersededBy: ['s3-cold-standard'],
  thresholds: [
    lookbackDays(14),
    {
      key: 'min_storage_cost',
      label: 'Standard storage cost a month at least',
      unit: 'USD',
      default: 10,
      min: 0,
      max: 1e9,
    },
    {
      key: 'unread_share',
      label: 'Share of Standard data expected unread for 30 days',
      unit: 'percent',
      default: 50,
      min: 0,
      max: 100,
    },
  ],
  check(input, t) {
    const days = t.lookback_days as number;
    const rules = num(input.resource.attributes.lifecycleRules);
    const storage = (input.resource.attributes.storage ?? []) as { storageClass: string; bytes: number }[];
    // The storage's cost by class: the latest daily bytes the inventory read × the class's rate — the bill's own
    // where its storage lines bill the class, else the list price (classRate).
    const byClass = storage.map((s) => {
      const rate = classRate(input, s.storageClass);
      const gb = s.bytes / GB;
      return {
        storageClass: s.storageClass,
        gb,
        billed: rate.billed,
        effective: gb * rate.effective,
        onDemand: gb * rate.onDemand,
      };
    });
    const hot = byClass.filter((c) => HOT_CLASSES.includes(c.storageClass));
    const hotGb = hot.reduce((sum, c) => sum + c.gb, 0);
    // Bounded by the bucket's own bill when it has lines.
    const billed = input.cost !== null && input.cost.monthlyOnDemand > 0 ? input.cost : null;
    const hotEffective = hot.reduce((sum, c) => sum + c.effective, 0);
    const hotCost = billed === null ? hotEffective : Math.min(hotEffective, billed.monthlyEffective);
    const round = (value: number) => Math.round(value * 100) / 100;
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        {
          ...metricEvidence(
            's3-bytes',
            'max',
            input.metrics(days).get('s3-bytes|STANDARD'),
            null,
            hotGb * GB,
          ),
          storage_class: 'STANDARD',
        },
      ],
      facts: [
        fact('lifecycle_rules', 'Enabled lifecycle rules', rules),
        fact('hot_storage_cost', 'Standard storage cost (USD a month)', round(hotCost), {
          key: 'min_storage_cost',
          value: t.min_storage_cost as number,
        }),
        ...byClass.map((c) =>
          fact(
            `storage_cost_${c.storageClass.toLowerCase()}`,
            `${c.storageClass} storage ${c.billed ? "at the bill's on-demand rate" : 'at list'} (USD a month)`,
            round(c.onDemand),
          ),
        ),
      ],
    };
    if (rules === null)
      return missingMetrics(
        'The lifecycle configuration was not read (it needs s3:GetLifecycleConfiguration).',
        evidence,
      );
    if (rules > 0) return passed(`The bucket has ${rules} enabled lifecycle rule(s).`, evidence);
    if (hotCost < (t.min_storage_cost as number))
      return passed(
        `Standard storage costs ${money(hotCost)} a month, under ${money(t.min_storage_cost as number)}.`,
        evidence,
      );
    const unread = (t.unread_share as number) / 100;
    const cut = { effective: 0, onDemand: 0 };
    for (const c of hot) {
      const moved = tieringCut(input, c.storageClass, c.gb * unread);
      cut.effective += moved.effective;
      cut.onDemand += moved.onDemand;
    }
    const saving = partSaving(input, cut);
    if (saving === null) return notApplicable('No saving to estimate.');
    return {
      outcome: 'violated',
      title: `Add a lifecycle policy to ${input.resource.name ?? input.resource.id}`,
      evidence,
      saving,
      risk: 'low',
      action: {
        kind: 'add-lifecycle-policy',
        description: `Add a lifecycle rule that transitions Standard objects to ${COLD_CLASS}, aborts incomplete multipart uploads after 7 days and expires noncurrent versions.`,
        target: { storage_class: COLD_CLASS, abort_incomplete_multipart_days: 7 },
        reversible: true,
      },
      mightBeWrong: [
        `The estimate assumes ${t.unread_share} % of the Standard data goes unread for 30 days (no request metrics say which): data read often stays in the Frequent Access tier and saves nothing.`,
        'Intelligent-Tiering charges monitoring per object: buckets of many small objects (under 128 KB, never tiered) save less.',
      ],
      resourceType: 'STANDARD',
    };
  },
};
