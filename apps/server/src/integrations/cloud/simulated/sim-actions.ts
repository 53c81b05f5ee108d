import {
  type ActionResult,
  type AttributeChange,
  type CloudAction,
  CloudActionError,
  scheduledScalingChanges,
} from '../cloud-actions';
import { noise } from './metric-profiles';
import { deleteDatabase, freeGatewayAddresses, modifyVolume, terminate } from './sim-cleanup-actions';
import { knownTimeZone, parseCron } from './sim-schedule';
import type { SimEntry, SimWorld } from './sim-world';

interface ActContext {
  world: SimWorld;
  accountId: string;
  now: number;
  transitionMs: number;
}

const SETTLED = {
  'ec2-instance': { up: 'running', down: 'stopped', starting: 'pending' },
  'rds-instance': { up: 'available', down: 'stopped', starting: 'starting' },
  'rds-cluster': { up: 'available', down: 'stopped', starting: 'starting' },
} as const;

function stateOf(entry: SimEntry): string {
  return (entry.resource as { state: string }).state;
}

function setState(entry: SimEntry, state: string): AttributeChange {
  const before = stateOf(entry);
  (entry.resource as { state: string }).state = state;
  return { field: 'state', before, after: state };
}

/** Start, stop or hibernate: the transitional state now, the settled one a transition later. */
function power(
  entry: SimEntry,
  action: CloudAction & { type: 'start' | 'stop' | 'hibernate' },
  ctx: ActContext,
) {
  const states = SETTLED[action.resource.kind];
  const starting = action.type === 'start';
  if (
    action.type === 'hibernate' &&
    !(entry.resource.kind === 'ec2-instance' && entry.resource.hibernationEnabled)
  ) {
    throw new CloudActionError(
      'unsupported',
      `${action.resource.id} was not launched with hibernation enabled`,
    );
  }
  const from = starting ? states.down : states.up;
  if (stateOf(entry) !== from) {
    throw new CloudActionError('invalid-state', `${action.resource.id} is ${stateOf(entry)}, not ${from}`);
  }
  const settleAt = ctx.now + ctx.transitionMs;
  const change = setState(entry, starting ? states.starting : 'stopping');
  // Compute (and CPU) stops at once; it starts counting when the instance is up.
  if (!starting) entry.runs.push({ at: ctx.now, running: false });
  ctx.world.schedule(entry, {
    at: settleAt,
    state: starting ? states.up : states.down,
    settle: (settled) => {
      setState(settled, starting ? states.up : states.down);
      if (starting) settled.runs.push({ at: settleAt, running: true });
    },
  });
  return [change];
}

function diff(field: string, before: number | string, after: number | string): AttributeChange[] {
  return before === after ? [] : [{ field, before, after }];
}

function scale(entry: SimEntry, action: CloudAction & { type: 'scale' }): AttributeChange[] {
  const { minSize, desiredSize, maxSize } = action;
  if (!(minSize <= desiredSize && desiredSize <= maxSize)) {
    throw new CloudActionError('failed', 'sizes must satisfy min <= desired <= max');
  }
  const r = entry.resource;
  if (r.kind === 'autoscaling-group') {
    const changes = [
      ...diff('minSize', r.minSize, minSize),
      ...diff('desiredCapacity', r.desiredCapacity, desiredSize),
      ...diff('maxSize', r.maxSize, maxSize),
    ];
    Object.assign(r, { minSize, desiredCapacity: desiredSize, maxSize });
    return changes;
  }
  if (r.kind !== 'eks-nodegroup') throw new CloudActionError('unsupported', `cannot scale ${r.kind}`);
  const changes = [
    ...diff('minSize', r.minSize, minSize),
    ...diff('desiredSize', r.desiredSize, desiredSize),
    ...diff('maxSize', r.maxSize, maxSize),
  ];
  Object.assign(r, { minSize, desiredSize, maxSize });
  return changes;
}

function groupOf(entry: SimEntry) {
  const r = entry.resource;
  if (r.kind !== 'autoscaling-group') throw new CloudActionError('unsupported', `${r.id} is not a group`);
  if (r.launchTemplate === null) {
    throw new CloudActionError(
      'unsupported',
      `${r.id} launches from a launch configuration; move it to a launch template first`,
    );
  }
  return { group: r, template: r.launchTemplate };
}

const typesOf = (group: { instanceTypes: string[] }, policyTypes: string[]) =>
  [...new Set([...group.instanceTypes, ...policyTypes])].sort();

/** As AWS: the group keeps its template; the policy's distribution and types replace the old ones. */
function mixedInstances(entry: SimEntry, action: CloudAction & { type: 'mixed-instances' }) {
  const { group } = groupOf(entry);
  const before = group.mixedInstancesPolicy;
  const after = {
    onDemandBaseCapacity: action.onDemandBaseCapacity,
    onDemandPercentageAboveBaseCapacity: action.onDemandPercentageAboveBaseCapacity,
    spotAllocationStrategy: action.spotAllocationStrategy,
    instanceTypes: [...action.instanceTypes],
  };
  group.mixedInstancesPolicy = after;
  group.instanceTypes = typesOf(group, after.instanceTypes);
  const was = <K extends keyof typeof after>(key: K) => (before === null ? null : before[key]);
  return [
    ...diffNullable('onDemandBaseCapacity', was('onDemandBaseCapacity'), after.onDemandBaseCapacity),
    ...diffNullable(
      'onDemandPercentageAboveBaseCapacity',
      was('onDemandPercentageAboveBaseCapacity'),
      after.onDemandPercentageAboveBaseCapacity,
    ),
    ...diffNullable('spotAllocationStrategy', was('spotAllocationStrategy'), after.spotAllocationStrategy),
    ...diffNullable('instanceTypes', before?.instanceTypes.join(',') ?? null, after.instanceTypes.join(',')),
  ];
}

/** A new template version with the type; a group pinned to a number moves to it; overrides are swapped. */
function launchTemplateType(entry: SimEntry, action: CloudAction & { type: 'launch-template-type' }) {
  const { group, template } = groupOf(entry);
  const pinned =
    template.version !== null && /^\d+$/.test(template.version) ? Number(template.version) : null;
  // The sim numbers a group's template versions from 1; $Latest and $Default read the newest.
  const newest = entry.templateVersion ?? pinned ?? 1;
  const previous = pinned ?? newest;
  const created = Math.max(newest, previous) + 1;
  entry.templateVersion = created;
  const changes = [
    ...diffNullable('launchTemplateVersion', String(previous), String(created)),
    ...diffNullable('instanceType', template.instanceType, action.instanceType),
  ];
  group.launchTemplate = {
    ...template,
    version: template.version === '$Latest' ? template.version : String(created),
    instanceType: action.instanceType,
  };
  const policy = group.mixedInstancesPolicy;
  if (policy !== null) {
    const swapped = [
      ...new Set(policy.instanceTypes.map((t) => (t === action.replaces ? action.instanceType : t))),
    ];
    changes.push(...diffNullable('instanceTypes', policy.instanceTypes.join(','), swapped.join(',')));
    group.mixedInstancesPolicy = { ...policy, instanceTypes: swapped };
  }
  // As AWS lists it: the running instances' types (unchanged until replaced) and the policy's.
  group.instanceTypes = typesOf(group, group.mixedInstancesPolicy?.instanceTypes ?? []);
  return changes;
}

/** How long a simulated instance refresh runs (it replaces the instances at its start). */
const REFRESH_MS = 15 * 60_000;

/**
 * The group's instances replaced at once by ones matching its template and policy: the types it lists are then
 * only those it launches now. One refresh at a time, as AWS.
 */
function instanceRefresh(entry: SimEntry, ctx: ActContext): AttributeChange[] {
  const { group, template } = groupOf(entry);
  if (entry.refreshing !== undefined && entry.refreshing > ctx.now)
    throw new CloudActionError('invalid-state', `${group.id} is already refreshing its instances`);
  entry.refreshing = ctx.now + REFRESH_MS;
  const launched = group.mixedInstancesPolicy?.instanceTypes ?? [];
  const wanted =
    launched.length > 0 ? launched : template.instanceType === null ? [] : [template.instanceType];
  if (wanted.length > 0) group.instanceTypes = [...wanted].sort();
  return [{ field: 'instanceRefresh', before: null, after: `sim-refresh-${group.id}-${ctx.now}` }];
}

/**
 * Stores the group's recurring scheduled actions by name, as AWS PutScheduledUpdateGroupAction; the world runs
 * them on its clock from now on (sim-schedule.ts).
 */
function scheduledScaling(
  entry: SimEntry,
  action: CloudAction & { type: 'scheduled-scaling' },
  ctx: ActContext,
) {
  const group = entry.resource;
  if (group.kind !== 'autoscaling-group')
    throw new CloudActionError('unsupported', `${group.id} is not a group`);
  for (const a of action.actions) {
    if (parseCron(a.recurrence) === null)
      throw new CloudActionError('failed', `Invalid recurrence ${a.recurrence}: five cron fields are needed`);
    if (!knownTimeZone(a.timeZone)) throw new CloudActionError('failed', `Unknown time zone ${a.timeZone}`);
  }
  ctx.world.watchSchedules(entry, ctx.now);
  const existing = entry.scheduledActions ?? [];
  const changes = scheduledScalingChanges(existing, action.actions);
  const kept = existing.filter((e) => !action.actions.some((a) => a.name === e.name));
  entry.scheduledActions = [...kept, ...action.actions.map((a) => ({ ...a }))].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  return changes;
}

function diffNullable(field: string, before: number | string | null, after: number | string) {
  return before === after ? [] : [{ field, before, after }];
}

function modify(entry: SimEntry, instanceType: string): AttributeChange[] {
  const r = entry.resource;
  if (r.kind === 'ec2-instance') {
    if (r.state !== 'stopped')
      throw new CloudActionError('invalid-state', `${r.id} must be stopped to change its type`);
    const changes = diff('instanceType', r.instanceType, instanceType);
    r.instanceType = instanceType;
    return changes;
  }
  if (r.kind !== 'rds-instance') throw new CloudActionError('unsupported', `cannot modify ${r.kind}`);
  const changes = diff('instanceClass', r.instanceClass, instanceType);
  r.instanceClass = instanceType;
  return changes;
}

/**
 * The id the simulated cloud gives a snapshot of `volumeId` taken at `at` (ms): the same for the same volume and
 * time, so the demo bill can name the snapshot an action took (a delete's safety snapshot) without keeping it.
 */
export function simSnapshotId(volumeId: string, at: number): string {
  const hex = (part: number) =>
    Math.floor(noise(at, volumeId, part) * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return `snap-0${hex(1)}${hex(2)}`;
}

function snapshot(
  entry: SimEntry,
  action: CloudAction & { type: 'snapshot' },
  ctx: ActContext,
): ActionResult {
  const volume = entry.resource;
  if (volume.kind !== 'ebs-volume')
    throw new CloudActionError('unsupported', `cannot snapshot ${volume.kind}`);
  const id = simSnapshotId(volume.id, ctx.now);
  const created = ctx.world.add(
    {
      kind: 'ebs-snapshot',
      id,
      accountId: volume.accountId,
      region: volume.region,
      state: 'pending',
      sizeGiB: volume.sizeGiB,
      volumeId: volume.id,
      storageTier: 'standard',
      tags: action.description ? { Description: action.description } : {},
      attachments: [{ kind: 'ebs-volume', id: volume.id }],
      createdAt: new Date(ctx.now),
    },
    ctx.now,
  );
  ctx.world.schedule(created, {
    at: ctx.now + ctx.transitionMs,
    state: 'completed',
    settle: (e) => setState(e, 'completed'),
  });
  return {
    action: 'snapshot',
    resource: action.resource,
    changes: [],
    created: { kind: 'ebs-snapshot', id },
    deleted: false,
  };
}

/** Lambda's memory range (MB). */
const LAMBDA_MEMORY = { min: 128, max: 10_240 };

function setMemory(entry: SimEntry, memoryMiB: number): AttributeChange[] {
  const r = entry.resource;
  if (r.kind !== 'lambda-function')
    throw new CloudActionError('unsupported', `cannot set memory of ${r.kind}`);
  if (!Number.isInteger(memoryMiB) || memoryMiB < LAMBDA_MEMORY.min || memoryMiB > LAMBDA_MEMORY.max) {
    throw new CloudActionError(
      'failed',
      `MemorySize must be a whole number from ${LAMBDA_MEMORY.min} to ${LAMBDA_MEMORY.max} MB`,
    );
  }
  // The work the function does keeps needing the memory it used (its metrics read `memoryNeedMiB`).
  entry.memoryNeedMiB ??= r.memoryMiB;
  const changes = diff('memoryMiB', r.memoryMiB, memoryMiB);
  r.memoryMiB = memoryMiB;
  return changes;
}

/**
 * Adds (or replaces by id) one lifecycle rule; a transition out of Standard moves the bucket's Standard bytes
 * to the rule's class a transition later (AWS runs lifecycle asynchronously).
 */
function addLifecycleRule(
  entry: SimEntry,
  action: CloudAction & { type: 'add-lifecycle-rule' },
  ctx: ActContext,
): AttributeChange[] {
  const r = entry.resource;
  if (r.kind !== 's3-bucket')
    throw new CloudActionError('unsupported', `cannot add a lifecycle rule to ${r.kind}`);
  const ids = new Set(entry.lifecycleRuleIds ?? []);
  const before = r.lifecycleRules ?? 0;
  const after = ids.has(action.rule.id) ? before : before + 1;
  ids.add(action.rule.id);
  entry.lifecycleRuleIds = [...ids];
  r.lifecycleRules = after;
  const { storageClass } = action.rule;
  ctx.world.schedule(entry, {
    at: ctx.now + ctx.transitionMs + action.rule.transitionDays * 86_400_000,
    state: 'available',
    settle: (settled) => {
      if (settled.resource.kind !== 's3-bucket') return;
      const storage = settled.resource.storage;
      const moved = storage.find((s) => s.storageClass === 'STANDARD')?.bytes ?? 0;
      if (moved === 0) return;
      const into = storage.find((s) => s.storageClass === storageClass);
      settled.resource.storage = [
        ...storage.filter((s) => s.storageClass !== 'STANDARD' && s.storageClass !== storageClass),
        { storageClass, bytes: moved + (into?.bytes ?? 0) },
      ];
    },
  });
  return diff('lifecycleRules', before, after);
}

function remove(entry: SimEntry, ctx: ActContext): AttributeChange[] {
  const r = entry.resource;
  if (r.kind === 'ebs-volume' && r.state !== 'available') {
    throw new CloudActionError('invalid-state', `${r.id} is ${r.state}; detach it first`);
  }
  if (r.kind === 'elastic-ip' && r.state === 'associated') {
    throw new CloudActionError('invalid-state', `${r.id} is associated with ${r.associatedWith}`);
  }
  entry.deletedAt = ctx.now;
  if (r.kind === 'nat-gateway') freeGatewayAddresses(entry, ctx.world);
  return [{ field: 'state', before: stateOf(entry), after: 'deleted' }];
}

const show = (v: string | number | null) => (v === null ? 'none' : String(v));

/** An action that changed a group is one of its scaling activities, worded as AWS words a user's update. */
function recordActivity(entry: SimEntry, changes: AttributeChange[], now: number): void {
  if (entry.resource.kind !== 'autoscaling-group' || changes.length === 0) return;
  const at = new Date(now);
  const what = changes.map((c) => `${c.field} from ${show(c.before)} to ${show(c.after)}`).join(', ');
  const activities = entry.activities ?? [];
  activities.push({
    id: `sim-${entry.resource.id}-${now}-${activities.length}`,
    startTime: at,
    endTime: at,
    status: 'Successful',
    statusMessage: null,
    cause: `At ${at.toISOString()} a user request update of AutoScalingGroup changed ${what}.`,
    description: `Updating the group: ${what}`,
    progress: 100,
  });
  entry.activities = activities;
}

export function simAct(entry: SimEntry, action: CloudAction, ctx: ActContext): ActionResult {
  const done = simActOnce(entry, action, ctx);
  // Putting a scheduled action is no scaling activity (its occurrences would be).
  if (action.type !== 'scheduled-scaling') recordActivity(entry, done.changes, ctx.now);
  return done;
}

function simActOnce(entry: SimEntry, action: CloudAction, ctx: ActContext): ActionResult {
  const result = (changes: AttributeChange[], deleted = false): ActionResult => ({
    action: action.type,
    resource: action.resource,
    changes,
    created: null,
    deleted,
  });
  switch (action.type) {
    case 'start':
    case 'stop':
    case 'hibernate':
      return result(power(entry, action, ctx));
    case 'scale':
      return result(scale(entry, action));
    case 'mixed-instances':
      return result(mixedInstances(entry, action));
    case 'launch-template-type':
      return result(launchTemplateType(entry, action));
    case 'instance-refresh':
      return result(instanceRefresh(entry, ctx));
    case 'scheduled-scaling':
      return result(scheduledScaling(entry, action, ctx));
    case 'modify':
      return result(modify(entry, action.instanceType));
    case 'snapshot':
      return snapshot(entry, action, ctx);
    case 'delete':
      return result(remove(entry, ctx), true);
    case 'set-memory':
      return result(setMemory(entry, action.memoryMiB));
    case 'add-lifecycle-rule':
      return result(addLifecycleRule(entry, action, ctx));
    case 'modify-volume':
      return result(modifyVolume(entry, action));
    case 'delete-database':
      return result(deleteDatabase(entry, action, ctx), true);
    case 'terminate':
      return result(terminate(entry, ctx), true);
  }
}
