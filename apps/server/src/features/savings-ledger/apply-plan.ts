import {
  type CloudAction,
  LIFECYCLE_TARGET_CLASSES,
  type ScheduledScaling,
  scheduledScalingText,
} from '../../integrations/cloud/cloud-actions';
import type { CloudResource, ResourceKind } from '../../integrations/cloud/cloud-resources';
import type { StoredAction } from './savings-ledger.tables';

/**
 * How a recommendation's action becomes cloud port actions, one step at a time. Each call looks at the
 * resource as the cloud lists it now and says the next step, so an apply that waits (an instance stopping
 * before its type changes) or is interrupted resumes where the cloud is, and a second run does nothing twice.
 */

export interface ApplyTarget {
  action: StoredAction;
  region: string;
  resourceId: string;
  resourceKind: string | null;
  /** The state the resource had when applying began (a resized instance is started again only if it ran). */
  initialState: string | null;
  /** Snapshots taken before deleting: one id, or several comma-separated (an instance's volumes). */
  safetySnapshotId: string | null;
  /** The ledger entry (names a database's final snapshot). */
  entryId: string;
  /** Kept from the dry run: a NAT gateway's public address (its Elastic IP is released after it). */
  address: string | null;
  /** Kept from the dry run: the volumes attached to an instance to terminate (snapshotted, then deleted). */
  volumes: string[];
}

export type NextStep =
  | { kind: 'done' }
  | { kind: 'wait'; reason: string }
  /**
   * `final`: the action completes the apply (its result cannot be told from the listing, e.g. a rule added).
   * `followUp`: an action run right after this one succeeds (a group's instance refresh after its change).
   */
  | {
      kind: 'act';
      action: CloudAction;
      description: string;
      safetySnapshot?: boolean;
      final?: boolean;
      followUp?: { action: CloudAction; description: string };
    }
  | { kind: 'unsupported'; reason: string };

const stateOf = (resource: CloudResource) => resource.state;
const ref = <K extends CloudResource['kind']>(kind: K, id: string) => ({ kind, id });

function targetText(target: ApplyTarget, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = target.action.target[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** A function's memory (Lambda: UpdateFunctionConfiguration), done once the listing shows it. */
function memoryStep(target: ApplyTarget, resource: CloudResource): NextStep {
  const wanted = Number(target.action.target.memory_mib);
  if (resource.kind !== 'lambda-function' || !Number.isInteger(wanted) || wanted <= 0) {
    return { kind: 'unsupported', reason: 'The recommendation names no memory size.' };
  }
  if (resource.memoryMiB === wanted) return { kind: 'done' };
  const action = {
    type: 'set-memory',
    region: target.region,
    resource: ref('lambda-function', resource.id),
    memoryMiB: wanted,
  } as const;
  return {
    kind: 'act',
    action,
    description: `Set ${resource.id} memory from ${resource.memoryMiB} MB to ${wanted} MB`,
  };
}

/** The rule Finlens adds: its id lets a second apply replace it instead of adding another. */
const LIFECYCLE_RULE_ID = 'finlens-intelligent-tiering';

function lifecycleStep(target: ApplyTarget, resource: CloudResource): NextStep {
  if (resource.kind !== 's3-bucket') {
    return {
      kind: 'unsupported',
      reason: `The cloud port cannot add a lifecycle policy to a ${resource.kind}.`,
    };
  }
  const storageClass = LIFECYCLE_TARGET_CLASSES.find((c) => c === target.action.target.storage_class);
  if (storageClass === undefined) {
    return { kind: 'unsupported', reason: 'The recommendation names no storage class to move data to.' };
  }
  const abort = Number(target.action.target.abort_incomplete_multipart_days);
  const abortDays = Number.isInteger(abort) && abort > 0 ? abort : null;
  const action = {
    type: 'add-lifecycle-rule',
    region: target.region,
    resource: ref('s3-bucket', resource.id),
    rule: { id: LIFECYCLE_RULE_ID, transitionDays: 0, storageClass, abortIncompleteMultipartDays: abortDays },
  } as const;
  const uploads = abortDays === null ? '' : `, abort incomplete uploads after ${abortDays} days`;
  return {
    kind: 'act',
    action,
    description: `Add lifecycle rule ${LIFECYCLE_RULE_ID} to ${resource.id}: move objects to ${storageClass}${uploads}`,
    final: true,
  };
}

/** A positive whole number the recommendation's target names under `key`, else null. */
function targetCount(target: ApplyTarget, key: string): number | null {
  const raw = target.action.target[key];
  const value = raw === undefined ? null : Number(raw);
  return value !== null && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * A volume's type, IOPS and/or gp3 throughput (EC2 ModifyVolume): one call, which AWS carries out in the
 * background.
 */
function volumeStep(target: ApplyTarget, resource: CloudResource & { kind: 'ebs-volume' }): NextStep {
  const volumeType = targetText(target, 'volume_type');
  const wantedIops = targetCount(target, 'iops');
  const throughput = targetCount(target, 'throughput_mibps');
  if (volumeType === null && wantedIops === null && throughput === null) {
    return { kind: 'unsupported', reason: 'The recommendation names no volume type, IOPS or throughput.' };
  }
  const typeDone = volumeType === null || resource.volumeType === volumeType;
  const throughputDone = throughput === null || resource.throughputMiBps === throughput;
  if (typeDone && throughputDone && (wantedIops === null || resource.iops === wantedIops))
    return { kind: 'done' };
  const action = {
    type: 'modify-volume',
    region: target.region,
    resource: ref('ebs-volume', resource.id),
    volumeType,
    iops: wantedIops,
    ...(throughput === null ? {} : { throughputMiBps: throughput }),
  } as const;
  const what = [
    volumeType === null ? null : `from ${resource.volumeType} to ${volumeType}`,
    wantedIops === null ? null : `${resource.iops ?? 'no'} → ${wantedIops} IOPS`,
    throughput === null ? null : `${resource.throughputMiBps ?? 'no'} → ${throughput} MiB/s`,
  ].filter((x) => x !== null);
  return { kind: 'act', action, description: `Modify ${resource.id}: ${what.join(', ')}`, final: true };
}

function modifyStep(target: ApplyTarget, resource: CloudResource): NextStep {
  if (resource.kind === 'lambda-function') return memoryStep(target, resource);
  if (resource.kind === 'ebs-volume') return volumeStep(target, resource);
  const wanted = targetText(target, 'instance_type', 'instance_class');
  if (wanted === null) return { kind: 'unsupported', reason: 'The recommendation names no instance type.' };
  const { region } = target;
  if (resource.kind === 'rds-instance') {
    if (resource.instanceClass === wanted) return { kind: 'done' };
    const action = {
      type: 'modify',
      region,
      resource: ref('rds-instance', resource.id),
      instanceType: wanted,
    } as const;
    return { kind: 'act', action, description: `Change ${resource.id} to ${wanted}` };
  }
  if (resource.kind === 'autoscaling-group') return launchTypeStep(target, resource, wanted);
  if (resource.kind !== 'ec2-instance') {
    return { kind: 'unsupported', reason: `The cloud port cannot change the type of a ${resource.kind}.` };
  }
  const instance = ref('ec2-instance', resource.id);
  const state = stateOf(resource);
  const waiting = { kind: 'wait', reason: `${resource.id} is ${state}` } as const;
  if (resource.instanceType === wanted) {
    if (state === 'stopping') return waiting;
    if (state === 'stopped' && target.initialState === 'running') {
      const action = { type: 'start', region, resource: instance } as const;
      return { kind: 'act', action, description: `Start ${resource.id}` };
    }
    return { kind: 'done' };
  }
  if (state === 'stopping' || state === 'pending') return waiting;
  if (state === 'running') {
    return {
      kind: 'act',
      action: { type: 'stop', region, resource: instance },
      description: `Stop ${resource.id}`,
    };
  }
  if (state !== 'stopped') return { kind: 'unsupported', reason: `${resource.id} is ${state}.` };
  const action = { type: 'modify', region, resource: instance, instanceType: wanted } as const;
  return { kind: 'act', action, description: `Change ${resource.id} to ${wanted}` };
}

type Group = CloudResource & { kind: 'autoscaling-group' };

/** After a group's launch settings change: replace the instances launched before it (the saving shows sooner). */
const refreshAfter = (target: ApplyTarget, group: Group) => ({
  action: {
    type: 'instance-refresh',
    region: target.region,
    resource: ref('autoscaling-group', group.id),
  } as const,
  description: `Refresh ${group.id}'s instances so the running ones launch as the group now says`,
});

/**
 * EKS owns a managed node group's Auto Scaling group: advice naming the node group changes its instance types or
 * capacity type there (a new node group), never the group's launch template or instance mix.
 */
function nodeGroupStep(target: ApplyTarget, group: Group): NextStep | null {
  const nodeGroup = targetText(target, 'node_group');
  if (nodeGroup === null) return null;
  return {
    kind: 'unsupported',
    reason: `EKS manages ${group.id} for node group ${nodeGroup}: change the node group's instance types or capacity type in EKS (a new node group); Finlens does not change node groups.`,
  };
}

/** A group launches `wanted` once its template has it and no override keeps the replaced type. */
function launchTypeStep(target: ApplyTarget, group: Group, wanted: string): NextStep {
  const onNodeGroup = nodeGroupStep(target, group);
  if (onNodeGroup !== null) return onNodeGroup;
  const replaces = targetText(target, 'replaces') ?? '';
  const template = group.launchTemplate;
  if (template === null)
    return {
      kind: 'unsupported',
      reason: `${group.id} launches from a launch configuration, not a template.`,
    };
  const overrides = group.mixedInstancesPolicy?.instanceTypes ?? [];
  if (template.instanceType === null && overrides.length === 0) {
    return {
      kind: 'unsupported',
      reason: `The type of ${group.id}'s launch template is not known: allow ec2:DescribeLaunchTemplateVersions (IAM policy 2026-11-26.5).`,
    };
  }
  // A mixed policy's overrides decide what launches; otherwise the template's type does.
  const done =
    overrides.length > 0
      ? overrides.includes(wanted) && !overrides.includes(replaces)
      : template.instanceType === wanted;
  if (done) return { kind: 'done' };
  const action = {
    type: 'launch-template-type',
    region: target.region,
    resource: ref('autoscaling-group', group.id),
    instanceType: wanted,
    replaces,
  } as const;
  return {
    kind: 'act',
    action,
    description: `Launch ${wanted} instead of ${replaces} in ${group.id} (a new launch template version)`,
    followUp: refreshAfter(target, group),
  };
}

/** Spot above the kept base over the recommended types: the group's mixed instances policy. */
function spotStep(target: ApplyTarget, resource: CloudResource): NextStep {
  if (resource.kind !== 'autoscaling-group')
    return { kind: 'unsupported', reason: `The cloud port cannot put a ${resource.kind} on spot.` };
  const onNodeGroup = nodeGroupStep(target, resource);
  if (onNodeGroup !== null) return onNodeGroup;
  const t = target.action.target;
  const base = Number(t.on_demand_base_capacity);
  const percentage = Number(t.on_demand_percentage_above_base ?? 0);
  const types = String(t.instance_types ?? '')
    .split(',')
    .filter((x) => x !== '');
  if (!Number.isInteger(base) || base < 0 || types.length === 0)
    return { kind: 'unsupported', reason: 'The recommendation names no on-demand base or instance types.' };
  if (resource.launchTemplate === null)
    return {
      kind: 'unsupported',
      reason: `${resource.id} launches from a launch configuration, not a template.`,
    };
  const policy = resource.mixedInstancesPolicy;
  const same =
    policy !== null &&
    policy.onDemandBaseCapacity === base &&
    policy.onDemandPercentageAboveBaseCapacity === percentage &&
    [...policy.instanceTypes].sort().join() === [...types].sort().join();
  if (same) return { kind: 'done' };
  const strategy = String(t.spot_allocation_strategy ?? 'price-capacity-optimized');
  const action = {
    type: 'mixed-instances',
    region: target.region,
    resource: ref('autoscaling-group', resource.id),
    onDemandBaseCapacity: base,
    onDemandPercentageAboveBaseCapacity: percentage,
    spotAllocationStrategy: strategy,
    instanceTypes: types,
  } as const;
  return {
    kind: 'act',
    action,
    description: `Keep ${base} on demand in ${resource.id} and run the rest on spot over ${types.join(', ')}`,
    followUp: refreshAfter(target, resource),
  };
}

/**
 * After a NAT gateway is deleted: release the Elastic IP that had its address, if nothing took it meanwhile
 * (an address associated again is someone's and is left alone).
 */
function addressStep(target: ApplyTarget, related: CloudResource[]): NextStep {
  const address = related.find((r) => r.kind === 'elastic-ip' && r.publicIp === target.address);
  if (address === undefined || address.kind !== 'elastic-ip' || address.state === 'associated')
    return { kind: 'done' };
  const action = { type: 'delete', region: target.region, resource: ref('elastic-ip', address.id) } as const;
  return { kind: 'act', action, description: `Release Elastic IP ${address.id} (${address.publicIp})` };
}

/** The final snapshot's name: RDS wants a letter first, letters, digits and single hyphens. */
export function finalSnapshotName(target: Pick<ApplyTarget, 'resourceId' | 'entryId'>): string {
  const entry = target.entryId.replaceAll('-', '').slice(0, 8);
  return `finlens-final-${target.resourceId}-${entry}`.replace(/-+/g, '-');
}

/** RDS DeleteDBInstance after a final snapshot; done once the database is deleting or gone. */
function databaseStep(target: ApplyTarget, db: CloudResource & { kind: 'rds-instance' }): NextStep {
  if (db.state === 'deleting' || db.state === 'deleted') return { kind: 'done' };
  if (db.clusterId !== null)
    return {
      kind: 'unsupported',
      reason: `${db.id} belongs to cluster ${db.clusterId}: delete the cluster's instance yourself.`,
    };
  if (db.state !== 'available' && db.state !== 'stopped')
    return { kind: 'wait', reason: `${db.id} is ${db.state}` };
  const name = finalSnapshotName(target);
  const action = {
    type: 'delete-database',
    region: target.region,
    resource: ref('rds-instance', db.id),
    finalSnapshotId: name,
  } as const;
  return { kind: 'act', action, description: `Delete ${db.id} after its final snapshot ${name}` };
}

const snapshotIds = (target: ApplyTarget) =>
  (target.safetySnapshotId ?? '').split(',').filter((id) => id !== '');

/**
 * A long-stopped instance: a safety snapshot of each volume it had (in the dry run's order), terminate it, then
 * delete the volumes its termination left (AWS deletes those marked DeleteOnTermination itself).
 */
function terminateStep(
  target: ApplyTarget,
  instance: CloudResource | null,
  related: CloudResource[],
): NextStep {
  const { region } = target;
  const live = instance !== null && instance.kind === 'ec2-instance' && instance.state !== 'terminated';
  if (live) {
    const taken = snapshotIds(target).length;
    const next = target.volumes[taken];
    if (instance.state !== 'stopped' && instance.state !== 'shutting-down')
      return { kind: 'unsupported', reason: `${instance.id} is ${instance.state}, no longer stopped.` };
    if (next !== undefined && instance.state === 'stopped') {
      const action = {
        type: 'snapshot',
        region,
        resource: ref('ebs-volume', next),
        description: `Safety snapshot before terminating ${instance.id}`,
      } as const;
      return { kind: 'act', action, description: `Take a safety snapshot of ${next}`, safetySnapshot: true };
    }
    if (instance.state === 'shutting-down')
      return { kind: 'wait', reason: `${instance.id} is shutting down` };
    const action = { type: 'terminate', region, resource: ref('ec2-instance', instance.id) } as const;
    return { kind: 'act', action, description: `Terminate ${instance.id}` };
  }
  for (const id of target.volumes) {
    const volume = related.find((r) => r.kind === 'ebs-volume' && r.id === id);
    if (volume === undefined || volume.state === 'deleting' || volume.state === 'deleted') continue;
    if (volume.state !== 'available') return { kind: 'wait', reason: `${id} is ${volume.state}` };
    const action = { type: 'delete', region, resource: ref('ebs-volume', id) } as const;
    return { kind: 'act', action, description: `Delete ${id} (its snapshot is kept)` };
  }
  return { kind: 'done' };
}

/** What else an apply must see besides the resource: a NAT gateway's addresses, an instance's volumes. */
export function relatedKinds(target: Pick<ApplyTarget, 'action' | 'resourceKind'>): ResourceKind[] {
  const deletes = target.action.kind === 'delete' || target.action.kind === 'snapshot-and-delete';
  if (deletes && target.resourceKind === 'nat-gateway') return ['elastic-ip'];
  if (deletes && target.resourceKind === 'ec2-instance') return ['ebs-volume'];
  return [];
}

function deleteStep(target: ApplyTarget, resource: CloudResource, related: CloudResource[]): NextStep {
  const { region } = target;
  if (resource.kind === 'ebs-volume') {
    if (target.safetySnapshotId === null) {
      const action = {
        type: 'snapshot',
        region,
        resource: ref('ebs-volume', resource.id),
        description: `Safety snapshot before deleting ${resource.id}`,
      } as const;
      return {
        kind: 'act',
        action,
        description: `Take a safety snapshot of ${resource.id}`,
        safetySnapshot: true,
      };
    }
    const action = { type: 'delete', region, resource: ref('ebs-volume', resource.id) } as const;
    return {
      kind: 'act',
      action,
      description: `Delete ${resource.id} (snapshot ${target.safetySnapshotId} kept)`,
    };
  }
  if (resource.kind === 'nat-gateway') {
    // AWS lists a deleted gateway for about an hour, deleting then deleted; its address is let go when deleted.
    if (resource.state === 'deleted') return addressStep(target, related);
    if (resource.state === 'deleting')
      return target.address === null
        ? { kind: 'done' }
        : {
            kind: 'wait',
            reason: `${resource.id} is deleting; its Elastic IP is released once it is deleted`,
          };
    const action = { type: 'delete', region, resource: ref('nat-gateway', resource.id) } as const;
    return { kind: 'act', action, description: `Delete NAT gateway ${resource.id}` };
  }
  if (resource.kind === 'rds-instance') return databaseStep(target, resource);
  if (resource.kind === 'ec2-instance') return terminateStep(target, resource, related);
  if (resource.kind === 'load-balancer') {
    const action = { type: 'delete', region, resource: ref('load-balancer', resource.id) } as const;
    return { kind: 'act', action, description: `Delete load balancer ${resource.name ?? resource.id}` };
  }
  if (resource.kind === 'ebs-snapshot' || resource.kind === 'elastic-ip') {
    const action = { type: 'delete', region, resource: ref(resource.kind, resource.id) } as const;
    const verb = resource.kind === 'elastic-ip' ? 'Release' : 'Delete';
    return { kind: 'act', action, description: `${verb} ${resource.id}` };
  }
  return { kind: 'unsupported', reason: `The cloud port cannot delete a ${resource.kind}.` };
}

function stopStep(target: ApplyTarget, resource: CloudResource): NextStep {
  if (
    resource.kind !== 'ec2-instance' &&
    resource.kind !== 'rds-instance' &&
    resource.kind !== 'rds-cluster'
  ) {
    return { kind: 'unsupported', reason: `The cloud port cannot stop a ${resource.kind}.` };
  }
  const state = stateOf(resource);
  if (state === 'stopped' || state === 'stopping') return { kind: 'done' };
  const action = { type: 'stop', region: target.region, resource: ref(resource.kind, resource.id) } as const;
  return { kind: 'act', action, description: `Stop ${resource.id}` };
}

function scaleStep(target: ApplyTarget, resource: CloudResource): NextStep {
  const desired = Number(target.action.target.desired_capacity ?? target.action.target.desired_size);
  if (!Number.isInteger(desired) || desired < 0) {
    return { kind: 'unsupported', reason: 'The recommendation names no desired capacity.' };
  }
  if (resource.kind !== 'autoscaling-group' && resource.kind !== 'eks-nodegroup') {
    return { kind: 'unsupported', reason: `The cloud port cannot scale a ${resource.kind}.` };
  }
  const current = resource.kind === 'autoscaling-group' ? resource.desiredCapacity : resource.desiredSize;
  if (current === desired) return { kind: 'done' };
  const action = {
    type: 'scale',
    region: target.region,
    resource: ref(resource.kind, resource.id),
    minSize: Math.min(resource.minSize, desired),
    desiredSize: desired,
    maxSize: resource.maxSize,
  } as const;
  return { kind: 'act', action, description: `Scale ${resource.id} to ${desired}` };
}

/** The scheduled actions Finlens puts on a group (by these names: a second apply replaces, never adds). */
const SCALE_DOWN_ACTION = 'finlens-scale-down';
const SCALE_UP_ACTION = 'finlens-scale-up';

const putText = (group: string, a: ScheduledScaling) =>
  `Put scheduled action ${a.name} on ${group}: ${scheduledScalingText(a)}`;

/**
 * Scaling in outside office hours: two recurring scheduled actions (AWS PutScheduledUpdateGroupAction), the low
 * period's sizes at the end of the day and the group's own back at its start. The put completes the apply (the
 * group's listing does not show scheduled actions; putting equal ones again changes nothing).
 */
function scheduleStep(target: ApplyTarget, resource: CloudResource): NextStep {
  if (resource.kind !== 'autoscaling-group')
    return { kind: 'unsupported', reason: `The cloud port cannot schedule a ${resource.kind}.` };
  const t = target.action.target;
  const size = (key: string) => {
    const n = Number(t[key]);
    return Number.isInteger(n) && n >= 0 ? n : null;
  };
  const sizes = (period: 'low' | 'high') => ({
    minSize: size(`${period}_min_size`),
    desiredCapacity: size(`${period}_desired_capacity`),
    maxSize: size(`${period}_max_size`),
  });
  const down = targetText(target, 'scale_down_recurrence');
  const up = targetText(target, 'scale_up_recurrence');
  const timeZone = targetText(target, 'time_zone') ?? 'Etc/UTC';
  const low = sizes('low');
  const high = sizes('high');
  if (down === null || up === null || Object.values({ ...low, ...high }).some((v) => v === null))
    return {
      kind: 'unsupported',
      reason: 'The recommendation names no recurrence or sizes for the scheduled actions.',
    };
  const actions: ScheduledScaling[] = [
    { name: SCALE_DOWN_ACTION, recurrence: down, timeZone, ...low },
    { name: SCALE_UP_ACTION, recurrence: up, timeZone, ...high },
  ];
  const action = {
    type: 'scheduled-scaling',
    region: target.region,
    resource: ref('autoscaling-group', resource.id),
    actions,
  } as const;
  return {
    kind: 'act',
    action,
    description: actions.map((a) => putText(resource.id, a)).join('; '),
    final: true,
  };
}

/** The next step for the resource as listed now; null `resource`: the cloud no longer lists it. */
export function nextStep(
  target: ApplyTarget,
  resource: CloudResource | null,
  related: CloudResource[] = [],
): NextStep {
  const kind = target.action.kind;
  const deletes = kind === 'delete' || kind === 'snapshot-and-delete' || kind === 'release';
  if (target.resourceKind === null && !deletes)
    return {
      kind: 'unsupported',
      reason:
        'Finlens does not change Kubernetes workloads: set the requests in the workload’s manifest (or Helm values), roll it out, and mark it done.',
    };
  if (resource === null) {
    if (!deletes) return { kind: 'unsupported', reason: `${target.resourceId} is not in the cloud.` };
    // A gone gateway may leave its address, a gone instance its volumes.
    if (target.resourceKind === 'nat-gateway') return addressStep(target, related);
    if (target.resourceKind === 'ec2-instance') return terminateStep(target, null, related);
    return { kind: 'done' };
  }
  switch (kind) {
    case 'modify':
      return modifyStep(target, resource);
    case 'delete':
    case 'snapshot-and-delete':
    case 'release':
      return deleteStep(target, resource, related);
    case 'stop':
      return stopStep(target, resource);
    case 'scale-in':
      return scaleStep(target, resource);
    case 'use-spot':
      return spotStep(target, resource);
    case 'schedule-scaling':
      return scheduleStep(target, resource);
    case 'add-lifecycle-policy':
      return lifecycleStep(target, resource);
    default:
      return {
        kind: 'unsupported',
        reason: `Finlens cannot ${kind.replaceAll('-', ' ')} through the cloud port; make the change yourself and mark it done.`,
      };
  }
}

/** The whole plan from the resource as it is now (the dry run shows it; applying re-plans at each step). */
export function planSteps(
  target: ApplyTarget,
  resource: CloudResource | null,
  related: CloudResource[] = [],
): { steps: string[]; reason: string | null } {
  const first = nextStep(target, resource, related);
  if (first.kind === 'unsupported') return { steps: [], reason: first.reason };
  if (first.kind === 'done') return { steps: [], reason: 'The resource already matches the recommendation.' };
  const id = target.resourceId;
  const wanted = targetText(target, 'instance_type', 'instance_class');
  if (target.action.kind === 'modify' && resource?.kind === 'ec2-instance' && resource.state === 'running') {
    return { steps: [`Stop ${id}`, `Change ${id} to ${wanted}`, `Start ${id}`], reason: null };
  }
  if (first.kind === 'act' && first.action.type === 'terminate' && target.volumes.length === 0) {
    return { steps: [], reason: `No volume is attached to ${id} any more: nothing bills.` };
  }
  if (first.kind === 'act' && first.safetySnapshot && resource?.kind === 'ec2-instance') {
    const volumes = target.volumes;
    const snapshots = volumes.map((v) => `Take a safety snapshot of ${v}`);
    const deletes = volumes.map((v) => `Delete ${v} unless its termination did (the snapshot is kept)`);
    return { steps: [...snapshots, `Terminate ${id}`, ...deletes], reason: null };
  }
  if (first.kind === 'act' && first.safetySnapshot) {
    return { steps: [first.description, `Delete ${id} (the snapshot is kept)`], reason: null };
  }
  if (first.kind === 'act' && resource?.kind === 'nat-gateway' && target.address !== null) {
    const release = `Release the Elastic IP of ${target.address} once the gateway is deleted (if still unassociated)`;
    return { steps: [first.description, release], reason: null };
  }
  if (first.kind === 'act' && first.action.type === 'scheduled-scaling') {
    const group = first.action.resource.id;
    return { steps: first.action.actions.map((a) => putText(group, a)), reason: null };
  }
  if (first.kind === 'act') {
    return {
      steps: [first.description, ...(first.followUp ? [first.followUp.description] : [])],
      reason: null,
    };
  }
  return { steps: [first.reason], reason: null };
}
