import { type InstanceShape, rdsClasses, rdsPrice, rdsShape } from './catalogue';
import { ELASTIC_IP_HOUR, LOAD_BALANCER_HOUR, lessSnapshots, RDS_SNAPSHOT_GB_MONTH } from './prices';
import { candidateFamilies, cheapestFit } from './rightsizing';
import {
  coverageCaveat,
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
  type Violation,
} from './rule-kit';

export const eipUnassociated: RuleDefinition = {
  key: 'eip-unassociated',
  kinds: ['elastic-ip'],
  description:
    'An Elastic IP address associated with nothing (AWS bills every public IPv4 address by the hour).',
  anchor: 'AWS Trusted Advisor unassociated Elastic IP addresses.',
  thresholds: [],
  check(input) {
    const { resource } = input;
    const evidence = {
      ...lookback(input.now, 1),
      metrics: [],
      facts: [
        fact('state', 'State', resource.state),
        fact('public_ip', 'Address', str(resource.attributes.publicIp)),
      ],
    };
    if (resource.state !== 'unassociated')
      return passed(`Associated with ${str(resource.attributes.associatedWith) ?? 'a resource'}.`, evidence);
    const saving = savingOf(input, 1, ELASTIC_IP_HOUR * HOURS_PER_MONTH);
    if (saving === null) return notApplicable('No cost to compare.');
    return {
      outcome: 'violated',
      title: `Release unassociated address ${str(resource.attributes.publicIp) ?? resource.id}`,
      evidence,
      saving,
      risk: 'low',
      action: { kind: 'release', description: 'Release the address.', target: {}, reversible: false },
      mightBeWrong: [
        'The address may be kept for an allow-list or DNS record outside AWS: a released address cannot be got back.',
      ],
      resourceType: 'elastic-ip',
    };
  },
};

export const elbIdle: RuleDefinition = {
  key: 'elb-idle',
  kinds: ['load-balancer'],
  description: 'A load balancer with fewer requests a day than the threshold over the look-back.',
  anchor: 'AWS Trusted Advisor idle load balancers (fewer than 100 requests a day over 7 days).',
  thresholds: [
    lookbackDays(7),
    {
      key: 'requests_per_day',
      label: 'Requests a day under',
      unit: 'count',
      default: 100,
      min: 0,
      max: 1_000_000,
    },
    minHours,
  ],
  check(input, t) {
    const days = t.lookback_days as number;
    const requests = input.metrics(days).get('elb-requests');
    const perDay = requests === undefined ? null : requests.avg * 24;
    const limit = t.requests_per_day as number;
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        {
          ...metricEvidence(
            'elb-requests',
            'sum',
            requests,
            { key: 'requests_per_day', value: limit, comparison: '<' },
            perDay ?? undefined,
          ),
          unit: 'count/day',
        },
      ],
      facts: [fact('type', 'Type', str(input.resource.attributes.type))],
    };
    if (requests === undefined || requests.points < (t.min_hours as number))
      return missingMetrics(
        `Requests have ${requests?.points ?? 0} hourly values; ${t.min_hours} are needed.`,
        evidence,
      );
    if ((perDay ?? 0) >= limit)
      return passed(`${(perDay ?? 0).toFixed(0)} requests a day, at least ${limit}.`, evidence);
    const hourly = LOAD_BALANCER_HOUR[str(input.resource.attributes.type) ?? ''] ?? null;
    const saving = savingOf(input, 1, hourly === null ? null : hourly * HOURS_PER_MONTH);
    if (saving === null) return notApplicable('No cost to compare.');
    return {
      outcome: 'violated',
      title: `Delete idle load balancer ${input.resource.name ?? input.resource.id}`,
      evidence,
      saving,
      risk: 'medium',
      action: {
        kind: 'delete',
        description: 'Delete the load balancer (its DNS name goes with it).',
        target: {},
        reversible: false,
      },
      mightBeWrong: ['It may front a service that is only used rarely, or be a standby for failover.'],
      resourceType: str(input.resource.attributes.type),
    };
  },
};

const rdsClass = (input: Parameters<RuleDefinition['check']>[0]) =>
  str(input.resource.attributes.instanceClass);
const rdsList = (input: Parameters<RuleDefinition['check']>[0]) => {
  const c = rdsClass(input);
  const p = c === null ? null : rdsPrice(c, input.resource.region);
  return p === null ? null : p * HOURS_PER_MONTH;
};

export const rdsIdle: RuleDefinition = {
  key: 'rds-idle',
  kinds: ['rds-instance'],
  description: 'A database instance with no connection over the look-back.',
  anchor: 'AWS Trusted Advisor idle RDS DB instances (no connection for 7 days).',
  thresholds: [
    lookbackDays(7),
    {
      key: 'connections_max',
      label: 'Peak connections at most',
      unit: 'count',
      default: 0,
      min: 0,
      max: 1000,
    },
    minHours,
  ],
  check(input, t) {
    if (input.resource.state !== 'available')
      return notApplicable(`The database is ${input.resource.state}.`);
    const days = t.lookback_days as number;
    const connections = input.metrics(days).get('rds-connections');
    const limit = t.connections_max as number;
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        metricEvidence('rds-connections', 'max', connections, {
          key: 'connections_max',
          value: limit,
          comparison: '<=',
        }),
      ],
      facts: [
        fact('instance_class', 'Class', rdsClass(input)),
        fact('engine', 'Engine', str(input.resource.attributes.engine)),
      ],
    };
    if (connections === undefined || connections.points < (t.min_hours as number))
      return missingMetrics(
        `Connections have ${connections?.points ?? 0} hourly values; ${t.min_hours} are needed.`,
        evidence,
      );
    if (connections.max > limit)
      return passed(`Peak ${connections.max} connections, above ${limit}.`, evidence);
    const whole = savingOf(input, 1, rdsList(input));
    if (whole === null) return notApplicable('No cost in the bill and the class is not in the catalogue.');
    // The final snapshot the delete takes keeps billing: the saving is the database's cost less it.
    const final = finalSnapshot(input, whole);
    evidence.facts.push(
      fact('allocated_storage_gib', 'Allocated storage (GiB)', final.sizeGiB),
      fact('final_snapshot_rate', final.rateLabel, final.rate),
      fact('final_snapshot_monthly', 'Final snapshot kept (USD a month, effective)', round2(final.effective)),
    );
    const saving = {
      ...whole,
      effective: whole.effective - final.effective,
      onDemand: whole.onDemand - final.onDemand,
    };
    if (saving.effective <= 0)
      return passed(
        `Its final snapshot (${final.sizeGiB} GiB at $${final.rate} per GB-month) would cost as much as the database.`,
        evidence,
      );
    return {
      outcome: 'violated',
      title: `Snapshot and delete idle database ${input.resource.name ?? input.resource.id}`,
      evidence,
      saving,
      risk: 'medium',
      action: {
        kind: 'snapshot-and-delete',
        description: 'Take a final snapshot, then delete the instance (restore from the snapshot if needed).',
        target: {},
        reversible: false,
      },
      mightBeWrong: [
        'It may be a disaster-recovery copy or used by a quarterly job outside the look-back.',
        `The saving counts the final snapshot at the whole allocated storage (${final.sizeGiB} GiB at $${final.rate} per GB-month, ${final.source}); a snapshot stores only the data written, so it may cost less, and deleting it later saves the rest.`,
        ...coverageCaveat(input),
      ],
      resourceType: rdsClass(input),
    };
  },
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * What the final snapshot of a deleted database costs a month: its allocated storage (an upper bound: a snapshot
 * holds the data written) at the account's own RDS snapshot storage price where the bill has one, else at the RDS
 * list price scaled as the saving is (its effective ÷ on-demand ratio).
 */
function finalSnapshot(input: RuleInput, whole: Violation['saving']) {
  const sizeGiB = num(input.resource.attributes.allocatedStorageGiB) ?? 0;
  const own = input.rdsSnapshotRate ?? null;
  if (own !== null)
    return {
      sizeGiB,
      rate: Number(own.effective.toFixed(4)),
      rateLabel: "Snapshot storage price (USD per GB-month, the account's own ChargedBackupUsage lines)",
      source: "the account's own snapshot storage lines in the bill",
      effective: sizeGiB * own.effective,
      onDemand: sizeGiB * own.onDemand,
    };
  const list = sizeGiB * RDS_SNAPSHOT_GB_MONTH;
  const netted = lessSnapshots(whole, list, input.effectiveRate);
  return {
    sizeGiB,
    rate: RDS_SNAPSHOT_GB_MONTH,
    rateLabel:
      'Snapshot storage price (USD per GB-month, RDS list price: the bill has no snapshot storage line)',
    source: 'the RDS list price',
    effective: whole.effective - netted.effective,
    onDemand: list,
  };
}

export const rdsRightsizing: RuleDefinition = {
  key: 'rds-rightsizing',
  kinds: ['rds-instance'],
  supersededBy: ['rds-idle'],
  description:
    'A database whose p95 and peak CPU fit a smaller, cheaper class with headroom (memory is kept at half at least).',
  anchor: 'AWS Compute Optimizer RDS rightsizing (14-day look-back); Trusted Advisor over-provisioned RDS.',
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
    minHours,
  ],
  check(input, t) {
    if (input.resource.state !== 'available')
      return notApplicable(`The database is ${input.resource.state}.`);
    const c = rdsClass(input);
    const current = c === null ? null : rdsShape(c);
    const price = c === null ? null : rdsPrice(c, input.resource.region);
    if (c === null || current === null || price === null)
      return notApplicable(`${c ?? 'The class'} is not in the catalogue for ${input.resource.region}.`);
    const days = t.lookback_days as number;
    const cpu = input.metrics(days).get('cpu-utilization');
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        metricEvidence('cpu-utilization', 'p95', cpu, null),
        metricEvidence('cpu-utilization', 'max', cpu, null),
      ],
      facts: [fact('instance_class', 'Class', c)],
    };
    if (cpu === undefined || cpu.points < (t.min_hours as number))
      return missingMetrics(
        `CPU has ${cpu?.points ?? 0} hourly values; ${t.min_hours} are needed.`,
        evidence,
      );
    const families = new Set(candidateFamilies(current.family, 'rds'));
    const candidates = rdsClasses()
      .map((k) => rdsShape(k))
      .filter((s): s is InstanceShape => s !== null && families.has(s.family) && s.arch === current.arch);
    const fit = cheapestFit({
      current,
      currentPrice: price,
      candidates,
      priceOf: (k) => rdsPrice(k, input.resource.region),
      cpu,
      memory: null,
      headroomPercent: t.headroom_percent as number,
      allowArm: false,
      memoryFloor: 0.5,
    });
    const share = fit === null ? 0 : 1 - fit.price / price;
    if (fit === null || share * 100 < (t.min_saving_percent as number))
      return passed(
        `No smaller class carries p95 CPU ${cpu.p95.toFixed(1)} % and peak ${cpu.max.toFixed(1)} % with headroom.`,
        evidence,
      );
    const saving = savingOf(input, share, price * HOURS_PER_MONTH);
    if (saving === null) return notApplicable('No cost to compare.');
    return {
      outcome: 'violated',
      title: `Change ${c} to ${fit.shape.type}`,
      evidence,
      saving,
      risk: 'medium',
      action: {
        kind: 'modify',
        description: `Modify the class to ${fit.shape.type}: about ${money(saving.effective)} a month less.`,
        target: { instance_type: fit.shape.type },
        reversible: true,
      },
      mightBeWrong: [
        'Database memory (buffer cache) is not measured: a smaller class may read more from disk.',
        'The change restarts the instance (a Multi-AZ failover).',
        ...coverageCaveat(input),
      ],
      resourceType: c,
    };
  },
};
