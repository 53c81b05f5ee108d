import { type AttributeChange, type CloudAction, CloudActionError } from '../cloud-actions';
import type { SimEntry, SimWorld } from './sim-world';

/*
 * The simulated cloud's remediation actions that remove or reshape a resource for good, as AWS does them: a
 * volume's type or IOPS changed in place, a database deleted after its final snapshot, an instance terminated
 * (its volumes detached), and a NAT gateway's Elastic IP freed when the gateway goes.
 */

interface CleanupContext {
  world: SimWorld;
  now: number;
  transitionMs: number;
}

const change = (field: string, before: string | number | null, after: string | number | null) =>
  before === after ? [] : [{ field, before, after }];

/** EBS's volume types and the IOPS each accepts (null: IOPS cannot be set). */
const VOLUME_IOPS: Record<string, { min: number; max: number } | null> = {
  gp2: null,
  gp3: { min: 3000, max: 16_000 },
  io1: { min: 100, max: 64_000 },
  io2: { min: 100, max: 256_000 },
  st1: null,
  sc1: null,
  standard: null,
};

export function modifyVolume(
  entry: SimEntry,
  action: CloudAction & { type: 'modify-volume' },
): AttributeChange[] {
  const r = entry.resource;
  if (r.kind !== 'ebs-volume')
    throw new CloudActionError('unsupported', `cannot modify ${r.kind} as a volume`);
  const type = action.volumeType ?? r.volumeType;
  const range = VOLUME_IOPS[type];
  if (range === undefined) throw new CloudActionError('failed', `InvalidParameterValue: volume type ${type}`);
  const iops = range === null ? null : (action.iops ?? r.iops);
  if (range === null && action.iops !== null)
    throw new CloudActionError('failed', `InvalidParameterCombination: ${type} volumes take no IOPS`);
  if (range !== null && (iops === null || iops < range.min || iops > range.max)) {
    throw new CloudActionError(
      'failed',
      `InvalidParameterValue: ${type} IOPS must be ${range.min}–${range.max}`,
    );
  }
  // gp3 throughput, 125–1,000 MiB/s and at most 0.25 MiB/s per IOPS: a gp3 volume keeps its own, one made gp3
  // gets ModifyVolume's default 125; other types have none to set.
  const wanted = action.throughputMiBps ?? null;
  if (type !== 'gp3' && wanted !== null)
    throw new CloudActionError('failed', `InvalidParameterCombination: ${type} volumes take no throughput`);
  const throughput =
    type !== 'gp3' ? null : (wanted ?? (r.volumeType === 'gp3' ? (r.throughputMiBps ?? 125) : 125));
  if (throughput !== null && (throughput < 125 || throughput > Math.min(1000, (iops ?? 3000) / 4)))
    throw new CloudActionError(
      'failed',
      'InvalidParameterValue: gp3 throughput must be 125–1,000 MiB/s and at most 0.25 MiB/s per IOPS',
    );
  const changes = [
    ...change('volumeType', r.volumeType, type),
    ...change('iops', r.iops, iops),
    ...change('throughputMiBps', r.throughputMiBps, throughput),
  ];
  r.volumeType = type;
  r.iops = iops;
  r.throughputMiBps = throughput;
  return changes;
}

/** RDS: deleting (the final snapshot first), then gone a transition later. */
export function deleteDatabase(
  entry: SimEntry,
  action: CloudAction & { type: 'delete-database' },
  ctx: CleanupContext,
): AttributeChange[] {
  const r = entry.resource;
  if (r.kind !== 'rds-instance')
    throw new CloudActionError('unsupported', `cannot delete ${r.kind} as a database`);
  if (r.clusterId !== null) {
    throw new CloudActionError(
      'unsupported',
      `InvalidParameterCombination: ${r.id} belongs to cluster ${r.clusterId}; its final snapshot is the cluster's`,
    );
  }
  if (r.state !== 'available' && r.state !== 'stopped')
    throw new CloudActionError('invalid-state', `InvalidDBInstanceState: ${r.id} is ${r.state}`);
  const before = r.state;
  r.state = 'deleting';
  entry.runs.push({ at: ctx.now, running: false });
  ctx.world.schedule(entry, {
    at: ctx.now + ctx.transitionMs,
    state: 'deleted',
    settle: (settled) => {
      settled.deletedAt = ctx.now + ctx.transitionMs;
    },
  });
  return [
    ...change('state', before, 'deleting'),
    { field: 'finalSnapshot', before: null, after: action.finalSnapshotId },
  ];
}

const attachedTo = (entry: SimEntry, kind: string, id: string) =>
  entry.resource.attachments.some((a) => a.kind === kind && a.id === id);

const sameRegion = (a: SimEntry, b: SimEntry) =>
  a.resource.accountId === b.resource.accountId && a.resource.region === b.resource.region;

/**
 * EC2: shutting-down, then terminated and gone a transition later; its volumes are detached then (the
 * simulation keeps them, as with DeleteOnTermination off, so their snapshots and deletion are the caller's).
 */
export function terminate(entry: SimEntry, ctx: CleanupContext): AttributeChange[] {
  const r = entry.resource;
  if (r.kind !== 'ec2-instance') throw new CloudActionError('unsupported', `cannot terminate ${r.kind}`);
  if (r.state === 'shutting-down' || r.state === 'terminated') return [];
  const before = r.state;
  r.state = 'shutting-down';
  entry.runs.push({ at: ctx.now, running: false });
  const at = ctx.now + ctx.transitionMs;
  ctx.world.schedule(entry, {
    at,
    state: 'terminated',
    settle: (settled) => {
      (settled.resource as { state: string }).state = 'terminated';
      settled.deletedAt = at;
      for (const volume of ctx.world.live()) {
        if (volume.resource.kind !== 'ebs-volume' || !sameRegion(volume, settled)) continue;
        if (!attachedTo(volume, 'ec2-instance', r.id)) continue;
        volume.resource.attachments = volume.resource.attachments.filter((a) => a.id !== r.id);
        volume.resource.state = 'available';
      }
    },
  });
  return change('state', before, 'shutting-down');
}

/** A deleted NAT gateway lets go of its Elastic IPs: they stay allocated, unassociated (and billed). */
export function freeGatewayAddresses(gateway: SimEntry, world: SimWorld): void {
  for (const address of world.live()) {
    const r = address.resource;
    if (r.kind !== 'elastic-ip' || !sameRegion(address, gateway)) continue;
    if (!attachedTo(address, 'nat-gateway', gateway.resource.id)) continue;
    r.attachments = r.attachments.filter((a) => a.id !== gateway.resource.id);
    r.state = 'unassociated';
    r.associatedWith = null;
  }
}
