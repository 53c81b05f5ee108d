import {
  EBS_GB_MONTH,
  GP3_BASELINE_IOPS,
  GP3_BASELINE_THROUGHPUT,
  GP3_IOPS_MONTH,
  IO1_IOPS_MONTH,
  io2IopsMonthly,
  lessSnapshots,
  SNAPSHOT_GB_MONTH,
  safetySnapshotsMonthly,
  throughputMonthly,
  volumeListMonthly,
} from './prices';
import {
  coverageCaveat,
  daysSince,
  fact,
  lookback,
  lookbackDays,
  metricEvidence,
  minHours,
  missingMetrics,
  notApplicable,
  num,
  passed,
  type RuleDefinition,
  type RuleInput,
  type RuleOutcome,
  savingOf,
  str,
} from './rule-kit';

const round2 = (value: number) => Math.round(value * 100) / 100;

const volume = (input: RuleInput) => {
  const a = input.resource.attributes;
  return {
    type: str(a.volumeType) ?? '',
    size: num(a.sizeGiB) ?? 0,
    iops: num(a.iops),
    throughput: num(a.throughputMiBps),
  };
};
const volumeFacts = (input: RuleInput) => {
  const v = volume(input);
  return [
    fact('volume_type', 'Volume type', v.type),
    fact('size_gib', 'Size (GiB)', v.size),
    fact('iops', 'Provisioned IOPS', v.iops),
    ...(v.throughput === null ? [] : [fact('throughput_mibps', 'Throughput (MiB/s)', v.throughput)]),
  ];
};

/** A volume change that costs `after` instead of `before` at list price: the bill's cost × the same share. */
function cheaperVolume(
  input: RuleInput,
  args: {
    before: number;
    after: number;
    title: string;
    target: Record<string, string | number>;
    description: string;
    evidence: RuleOutcome['evidence'];
    mightBeWrong?: string[];
  },
): RuleOutcome {
  const share = args.before <= 0 ? 0 : 1 - args.after / args.before;
  const saving = share <= 0 ? null : savingOf(input, share, args.before);
  if (saving === null || args.evidence === null)
    return passed('The change would not cost less.', args.evidence);
  return {
    outcome: 'violated',
    title: args.title,
    evidence: args.evidence,
    saving,
    risk: 'low',
    action: { kind: 'modify', description: args.description, target: args.target, reversible: true },
    mightBeWrong: [
      'A volume can be modified once every 6 hours; performance adjusts while it optimises.',
      ...(args.mightBeWrong ?? []),
      ...coverageCaveat(input),
    ],
    resourceType: volume(input).type,
  };
}

export const ebsUnattached: RuleDefinition = {
  key: 'ebs-unattached',
  kinds: ['ebs-volume'],
  description: 'A volume attached to nothing for the threshold days, or with no I/O at all over them.',
  anchor: 'AWS Trusted Advisor underutilised EBS volumes (unattached, or under 1 IOPS a day, over 7 days).',
  thresholds: [
    { key: 'unattached_days', label: 'Unattached for at least', unit: 'days', default: 7, min: 1, max: 14 },
  ],
  check(input, t) {
    const { resource } = input;
    const days = t.unattached_days as number;
    const unattachedFor = daysSince(resource.stateSince, input.now);
    const m = input.metrics(days);
    const reads = m.get('ebs-read-ops');
    const writes = m.get('ebs-write-ops');
    const silent =
      reads !== undefined &&
      writes !== undefined &&
      reads.points >= days * 24 * 0.9 &&
      reads.max + writes.max === 0;
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        metricEvidence('ebs-read-ops', 'max', reads, null),
        metricEvidence('ebs-write-ops', 'max', writes, null),
      ],
      facts: [
        fact('state', 'State', resource.state),
        fact('unattached_days', 'Unattached for (days, as collected)', unattachedFor, {
          key: 'unattached_days',
          value: days,
        }),
        ...volumeFacts(input),
      ],
    };
    if (resource.state !== 'available') return passed(`The volume is ${resource.state}.`, evidence);
    if ((unattachedFor ?? 0) < days && !silent)
      return passed(
        `Unattached for ${unattachedFor ?? 0} days and I/O seen (or not collected) in the last ${days}.`,
        evidence,
      );
    const v = volume(input);
    const whole = savingOf(input, 1, volumeListMonthly(v.type, v.size, v.iops, v.throughput));
    if (whole === null) return notApplicable(`No cost in the bill and no list price for ${v.type}.`);
    // The safety snapshot taken before the delete keeps billing: the saving is the volume's cost less it.
    const snapshotList = safetySnapshotsMonthly([v.size]);
    const saving = lessSnapshots(whole, snapshotList, input.effectiveRate);
    evidence.facts.push(
      fact('safety_snapshot_monthly', 'Safety snapshot kept (USD a month at list)', round2(snapshotList)),
    );
    if (saving.effective <= 0)
      return passed(
        `Its safety snapshot (${v.size} GiB at the snapshot price) would cost as much as the volume.`,
        evidence,
      );
    return {
      outcome: 'violated',
      title: `Delete unattached volume ${resource.name ?? resource.id}`,
      evidence,
      saving,
      risk: 'low',
      action: {
        kind: 'snapshot-and-delete',
        description: 'Take a safety snapshot, then delete the volume.',
        target: {},
        reversible: false,
      },
      mightBeWrong: [
        'It may wait to be attached again (a stopped workflow); the safety snapshot keeps its data at snapshot prices.',
        'The saving counts the safety snapshot at the whole volume size; a snapshot bills only the blocks written, so deleting it later (or a sparse volume) saves more.',
      ],
      resourceType: v.type,
    };
  },
};

export const ebsGp2ToGp3: RuleDefinition = {
  key: 'ebs-gp2-to-gp3',
  kinds: ['ebs-volume'],
  supersededBy: ['ebs-unattached'],
  description:
    'A gp2 volume: gp3 costs 20 % less per GB with a 3,000 IOPS baseline (extra IOPS bought where gp2 had more).',
  anchor: 'AWS Compute Optimizer EBS recommendations (gp2 → gp3); EBS list prices.',
  thresholds: [],
  check(input) {
    const v = volume(input);
    const evidence = { ...lookback(input.now, 1), metrics: [], facts: volumeFacts(input) };
    if (v.type !== 'gp2') return notApplicable(`The volume is ${v.type}.`);
    const gp2Iops = Math.min(16_000, Math.max(100, 3 * v.size));
    const extraIops = Math.max(0, gp2Iops - GP3_BASELINE_IOPS);
    return cheaperVolume(input, {
      before: v.size * (EBS_GB_MONTH.gp2 as number),
      after: v.size * (EBS_GB_MONTH.gp3 as number) + extraIops * GP3_IOPS_MONTH,
      title: `Change ${input.resource.name ?? input.resource.id} from gp2 to gp3`,
      target: {
        volume_type: 'gp3',
        iops: Math.max(GP3_BASELINE_IOPS, gp2Iops),
        throughput_mibps: GP3_BASELINE_THROUGHPUT,
      },
      description: `Modify the volume to gp3 with ${Math.max(GP3_BASELINE_IOPS, gp2Iops)} IOPS and ${GP3_BASELINE_THROUGHPUT} MiB/s, both included in its price (no downtime).`,
      evidence,
      mightBeWrong: [
        `A gp2 volume over 170 GiB bursts to 250 MiB/s; gp3 gives ${GP3_BASELINE_THROUGHPUT} MiB/s unless more is bought ($0.04 per MiB/s-month), which the saving does not include.`,
      ],
    });
  },
};

export const ebsIo1ToIo2: RuleDefinition = {
  key: 'ebs-io1-to-io2',
  kinds: ['ebs-volume'],
  supersededBy: ['ebs-unattached'],
  description:
    'An io1 volume whose provisioned IOPS cost less on io2 (tiered above 32,000 IOPS), with 100× the durability.',
  anchor: 'AWS Compute Optimizer EBS recommendations (io1 → io2); EBS list prices.',
  thresholds: [],
  check(input) {
    const v = volume(input);
    const evidence = { ...lookback(input.now, 1), metrics: [], facts: volumeFacts(input) };
    if (v.type !== 'io1') return notApplicable(`The volume is ${v.type}.`);
    const iops = v.iops ?? 0;
    if (iops <= 32_000)
      return passed(`io2 costs the same as io1 at ${iops} IOPS (32,000 or fewer).`, evidence);
    return cheaperVolume(input, {
      before: v.size * (EBS_GB_MONTH.io1 as number) + iops * IO1_IOPS_MONTH,
      after: v.size * (EBS_GB_MONTH.io2 as number) + io2IopsMonthly(iops),
      title: `Change ${input.resource.name ?? input.resource.id} from io1 to io2`,
      target: { volume_type: 'io2', iops },
      description: 'Modify the volume to io2 with the same IOPS (no downtime).',
      evidence,
    });
  },
};

export const ebsIopsOverprovisioned: RuleDefinition = {
  key: 'ebs-iops-overprovisioned',
  kinds: ['ebs-volume'],
  supersededBy: ['ebs-unattached', 'ebs-io1-to-io2'],
  description:
    "Provisioned IOPS well above the volume's peak hourly I/O rate plus headroom over the look-back.",
  anchor: 'AWS Compute Optimizer EBS over-provisioned IOPS (14-day look-back).',
  thresholds: [
    lookbackDays(14),
    { key: 'headroom_percent', label: 'Headroom', unit: 'percent', default: 30, min: 0, max: 300 },
    minHours,
  ],
  check(input, t) {
    const v = volume(input);
    if (!['io1', 'io2', 'gp3'].includes(v.type) || v.iops === null)
      return notApplicable(`${v.type} has no provisioned IOPS to lower.`);
    const days = t.lookback_days as number;
    const m = input.metrics(days);
    const reads = m.get('ebs-read-ops');
    const writes = m.get('ebs-write-ops');
    const peak = reads === undefined || writes === undefined ? null : (reads.max + writes.max) / 3600;
    // gp3 carries at most 0.25 MiB/s of throughput per IOPS: its provisioned throughput needs 4 IOPS a MiB/s.
    const floor = v.type === 'gp3' ? Math.max(GP3_BASELINE_IOPS, Math.ceil((v.throughput ?? 0) * 4)) : 100;
    const needed =
      peak === null ? null : Math.max(floor, Math.ceil(peak * (1 + (t.headroom_percent as number) / 100)));
    const evidence = {
      ...lookback(input.now, days),
      metrics: [
        {
          ...metricEvidence(
            'ebs-read-ops',
            'max',
            reads,
            { key: 'iops', value: v.iops, comparison: '<' },
            peak ?? undefined,
          ),
          unit: 'count/second',
        },
      ],
      facts: volumeFacts(input),
    };
    if (reads === undefined || writes === undefined || reads.points < (t.min_hours as number))
      return missingMetrics(
        `Volume I/O has ${reads?.points ?? 0} hourly values; ${t.min_hours} are needed.`,
        evidence,
      );
    if (needed === null || needed >= v.iops || v.iops - needed < 100)
      return passed(
        `Peak ${(peak ?? 0).toFixed(0)} IOPS plus ${t.headroom_percent} % headroom needs the ${v.iops} provisioned.`,
        evidence,
      );
    const price = (iops: number) =>
      v.type === 'io1'
        ? iops * IO1_IOPS_MONTH
        : v.type === 'io2'
          ? io2IopsMonthly(iops)
          : Math.max(0, iops - GP3_BASELINE_IOPS) * GP3_IOPS_MONTH;
    // The storage and (gp3) throughput bill on unchanged: the cut is the IOPS share of the whole price.
    const base = v.size * (EBS_GB_MONTH[v.type] ?? 0) + throughputMonthly(v.type, v.throughput);
    return cheaperVolume(input, {
      before: base + price(v.iops),
      after: base + price(needed),
      title: `Lower ${input.resource.name ?? input.resource.id} from ${v.iops} to ${needed} IOPS`,
      target: { iops: needed },
      description: `Modify the volume's provisioned IOPS to ${needed}.`,
      evidence,
    });
  },
};

const snapshotList = (input: RuleInput) => {
  const size = num(input.resource.attributes.sizeGiB) ?? 0;
  return (
    size *
    (input.resource.attributes.storageTier === 'archive'
      ? SNAPSHOT_GB_MONTH.archive
      : SNAPSHOT_GB_MONTH.standard)
  );
};

/**
 * Deleting a snapshot saves what its own lines bill (EBS bills a snapshot the blocks it alone stores: its
 * SnapshotUsage lines); without a line of it in the bill, the list price of its source volume's whole size, an upper
 * bound. The evidence says which, with the figures behind it.
 */
function deleteSnapshot(
  input: RuleInput,
  title: string,
  evidence: NonNullable<RuleOutcome['evidence']>,
  why: string,
): RuleOutcome {
  const saving = savingOf(input, 1, snapshotList(input));
  if (saving === null) return notApplicable('No cost to compare.');
  const size = num(input.resource.attributes.sizeGiB);
  const billedGb = input.cost?.storageGb;
  if (saving.basis === 'bill') {
    if (billedGb !== undefined)
      evidence.facts.push(
        fact('billed_gb', 'Stored (GB, its own SnapshotUsage lines in the bill)', round2(billedGb)),
      );
    evidence.facts.push(
      fact(
        'billed_monthly',
        'Billed a month (USD effective, its own snapshot lines)',
        round2(saving.effective),
      ),
    );
  } else
    evidence.facts.push(
      fact(
        'upper_bound_monthly',
        `At most a month (USD at list: the bill has no line of it; ${size ?? 0} GiB, its volume's whole size)`,
        round2(saving.onDemand),
      ),
    );
  return {
    outcome: 'violated',
    title,
    evidence,
    saving,
    risk: 'medium',
    action: { kind: 'delete', description: 'Delete the snapshot.', target: {}, reversible: false },
    mightBeWrong: [
      why,
      saving.basis === 'bill'
        ? 'The saving is what its own snapshot lines billed; blocks it shares with a newer snapshot of the same volume move to that one when it is deleted, so it may save less.'
        : "The bill has no line of this snapshot: the saving is an upper bound (its volume's whole size at the snapshot list price); EBS bills only the blocks a snapshot stores, so it may save far less.",
    ],
    resourceType: 'snapshot',
  };
}

export const ebsSnapshotOld: RuleDefinition = {
  key: 'ebs-snapshot-old',
  kinds: ['ebs-snapshot'],
  description: 'A snapshot older than the threshold.',
  anchor: "OptScale 'obsolete snapshots'; AWS Data Lifecycle Manager retention practice (a year).",
  thresholds: [
    { key: 'snapshot_age_days', label: 'Older than', unit: 'days', default: 365, min: 1, max: 3650 },
  ],
  check(input, t) {
    const age = daysSince(str(input.resource.attributes.createdAt), input.now);
    const limit = t.snapshot_age_days as number;
    const evidence = {
      ...lookback(input.now, 1),
      metrics: [],
      facts: [
        fact('age_days', 'Age (days)', age, { key: 'snapshot_age_days', value: limit }),
        fact('size_gib', 'Size (GiB)', num(input.resource.attributes.sizeGiB)),
      ],
    };
    if (age === null) return notApplicable('The snapshot has no creation time.');
    if (age < limit) return passed(`${age} days old, under ${limit}.`, evidence);
    return deleteSnapshot(
      input,
      `Delete snapshot ${input.resource.id}, ${age} days old`,
      evidence,
      'A retention rule (backups, audits) may require keeping it.',
    );
  },
};

export const ebsSnapshotOrphaned: RuleDefinition = {
  key: 'ebs-snapshot-orphaned',
  kinds: ['ebs-snapshot'],
  supersededBy: ['ebs-snapshot-old'],
  description: 'A snapshot whose source volume no longer exists, older than the threshold.',
  anchor: "AWS Trusted Advisor / OptScale 'orphaned snapshots'.",
  thresholds: [{ key: 'orphan_age_days', label: 'Older than', unit: 'days', default: 30, min: 0, max: 3650 }],
  check(input, t) {
    const volumeId = str(input.resource.attributes.volumeId);
    const age = daysSince(str(input.resource.attributes.createdAt), input.now);
    const evidence = {
      ...lookback(input.now, 1),
      metrics: [],
      facts: [
        fact('volume_id', 'Source volume', volumeId),
        fact('size_gib', 'Size (GiB)', num(input.resource.attributes.sizeGiB)),
        fact('age_days', 'Age (days)', age, { key: 'orphan_age_days', value: t.orphan_age_days as number }),
      ],
    };
    if (volumeId === null) return notApplicable('The snapshot names no source volume.');
    if (input.related.exists('ebs-volume', volumeId))
      return passed(`Its volume ${volumeId} still exists.`, evidence);
    if (age !== null && age < (t.orphan_age_days as number))
      return passed(`${age} days old, under ${t.orphan_age_days}.`, evidence);
    return deleteSnapshot(
      input,
      `Delete orphaned snapshot ${input.resource.id}`,
      evidence,
      'It may be the only copy of a deleted volume someone needs.',
    );
  },
};
