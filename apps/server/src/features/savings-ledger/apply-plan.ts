import { type CloudAction, LIFECYCLE_TARGET_CLASSES } from '../../integrations/cloud/cloud-actions';
import type { CloudResource } from '../../integrations/cloud/cloud-resources';
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
  safetySnapshotId: string | null;
}

export type NextStep =
  | { kind: 'done' }
  | { kind: 'wait'; reason: string }
  /** `final`: the action completes the apply (its result cannot be told from the listing, e.g. a rule added). */
  | { kind: 'act'; action: CloudAction; description: string; safetySnapshot?: boolean; final?: boolean }
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

function modifyStep(target: ApplyTarget, resource: CloudResource): NextStep {
  if (resource.kind === 'lambda-function') return memoryStep(target, resource);
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

/** A group launches `wanted` once its template has it and no override keeps the replaced type. */
function launchTypeStep(target: ApplyTarget, group: Group, wanted: string): NextStep {
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
  };
}

/** Spot above the kept base over the recommended types: the group's mixed instances policy. */
function spotStep(target: ApplyTarget, resource: CloudResource): NextStep {
  if (resource.kind !== 'autoscaling-group')
    return { kind: 'unsupported', reason: `The cloud port cannot put a ${resource.kind} on spot.` };
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
  };
}

function deleteStep(target: ApplyTarget, resource: CloudResource): NextStep {
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
    // AWS lists a deleted gateway for about an hour, deleting then deleted.
    if (resource.state === 'deleting' || resource.state === 'deleted') return { kind: 'done' };
    const action = { type: 'delete', region, resource: ref('nat-gateway', resource.id) } as const;
    return { kind: 'act', action, description: `Delete NAT gateway ${resource.id}` };
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

/** The next step for the resource as listed now; null `resource`: the cloud no longer lists it. */
export function nextStep(target: ApplyTarget, resource: CloudResource | null): NextStep {
  const kind = target.action.kind;
  const deletes = kind === 'delete' || kind === 'snapshot-and-delete' || kind === 'release';
  if (resource === null) {
    return deletes
      ? { kind: 'done' }
      : { kind: 'unsupported', reason: `${target.resourceId} is not in the cloud.` };
  }
  switch (kind) {
    case 'modify':
      return modifyStep(target, resource);
    case 'delete':
    case 'snapshot-and-delete':
    case 'release':
      return deleteStep(target, resource);
    case 'stop':
      return stopStep(target, resource);
    case 'scale-in':
      return scaleStep(target, resource);
    case 'use-spot':
      return spotStep(target, resource);
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
): { steps: string[]; reason: string | null } {
  const first = nextStep(target, resource);
  if (first.kind === 'unsupported') return { steps: [], reason: first.reason };
  if (first.kind === 'done') return { steps: [], reason: 'The resource already matches the recommendation.' };
  const id = target.resourceId;
  const wanted = targetText(target, 'instance_type', 'instance_class');
  if (target.action.kind === 'modify' && resource?.kind === 'ec2-instance' && resource.state === 'running') {
    return { steps: [`Stop ${id}`, `Change ${id} to ${wanted}`, `Start ${id}`], reason: null };
  }
  if (first.kind === 'act' && first.safetySnapshot) {
    return { steps: [first.description, `Delete ${id} (the snapshot is kept)`], reason: null };
  }
  return { steps: [first.kind === 'act' ? first.description : first.reason], reason: null };
}
