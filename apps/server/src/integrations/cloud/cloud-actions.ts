import {
  type ResourceKind,
  type ResourceRef,
  S3_STORAGE_CLASSES,
  type S3StorageClass,
} from './cloud-resources';

/** A ref narrowed to the kinds an action accepts. */
type RefOf<K extends ResourceKind> = { kind: K; id: string };

/**
 * What the scheduler, rightsizing and remediation may ask the cloud to do. Every action names its region and
 * resource; the kinds each accepts are the ones the provider supports.
 */
export type CloudAction =
  | { type: 'start'; region: string; resource: RefOf<'ec2-instance' | 'rds-instance' | 'rds-cluster'> }
  | { type: 'stop'; region: string; resource: RefOf<'ec2-instance' | 'rds-instance' | 'rds-cluster'> }
  | { type: 'hibernate'; region: string; resource: RefOf<'ec2-instance'> }
  | {
      type: 'scale';
      region: string;
      resource: RefOf<'autoscaling-group' | 'eks-nodegroup'>;
      minSize: number;
      desiredSize: number;
      maxSize: number;
    }
  /**
   * Sets an Auto Scaling group's mixed instances policy over its launch template: the on-demand base, the
   * on-demand share above it (the rest runs on spot), the spot allocation strategy and the instance types.
   */
  | {
      type: 'mixed-instances';
      region: string;
      resource: RefOf<'autoscaling-group'>;
      onDemandBaseCapacity: number;
      onDemandPercentageAboveBaseCapacity: number;
      spotAllocationStrategy: string;
      instanceTypes: string[];
    }
  /**
   * Launches a group's new instances as `instanceType`: a new version of its launch template with that type (the
   * group moved to it unless it follows $Latest), and the mixed policy's `replaces` type swapped for it. Running
   * instances keep their type until the group replaces them.
   */
  | {
      type: 'launch-template-type';
      region: string;
      resource: RefOf<'autoscaling-group'>;
      instanceType: string;
      replaces: string;
    }
  /**
   * Replaces, a few at a time, the group's instances that do not match its launch template and mixed instances
   * policy (AWS StartInstanceRefresh: rolling, 90 % kept healthy, matching instances skipped), so a changed
   * policy or type reaches the running instances. The change reported is the refresh's id.
   */
  | { type: 'instance-refresh'; region: string; resource: RefOf<'autoscaling-group'> }
  /**
   * Creates or replaces (by name) recurring scheduled actions of an Auto Scaling group (AWS
   * PutScheduledUpdateGroupAction): at each cron occurrence, in the action's time zone, the group's minimum,
   * desired capacity and maximum become the action's. The change reported per action is its settings before
   * (null: it did not exist) and after, as `scheduledAction:<name>`.
   */
  | {
      type: 'scheduled-scaling';
      region: string;
      resource: RefOf<'autoscaling-group'>;
      actions: readonly ScheduledScaling[];
    }
  /** Changes the instance type (EC2: the instance must be stopped) or class (RDS). */
  | { type: 'modify'; region: string; resource: RefOf<'ec2-instance' | 'rds-instance'>; instanceType: string }
  | { type: 'snapshot'; region: string; resource: RefOf<'ebs-volume'>; description?: string }
  | {
      type: 'delete';
      region: string;
      resource: RefOf<'ebs-volume' | 'ebs-snapshot' | 'elastic-ip' | 'nat-gateway' | 'load-balancer'>;
    }
  /**
   * Changes a volume's type, provisioned IOPS and/or gp3 throughput (MiB/s) in place (EC2 ModifyVolume); null or
   * absent: left as it is (a volume made gp3 gets AWS's default, 125 MiB/s).
   */
  | {
      type: 'modify-volume';
      region: string;
      resource: RefOf<'ebs-volume'>;
      volumeType: string | null;
      iops: number | null;
      throughputMiBps?: number | null;
    }
  /** Deletes a database instance after a final snapshot named `finalSnapshotId` (RDS DeleteDBInstance). */
  | { type: 'delete-database'; region: string; resource: RefOf<'rds-instance'>; finalSnapshotId: string }
  /** Terminates an instance (EC2 TerminateInstances); volumes not deleted on termination are detached. */
  | { type: 'terminate'; region: string; resource: RefOf<'ec2-instance'> }
  /** Sets a function's configured memory (AWS UpdateFunctionConfiguration MemorySize). */
  | { type: 'set-memory'; region: string; resource: RefOf<'lambda-function'>; memoryMiB: number }
  /**
   * Adds one lifecycle rule to a bucket, or replaces the bucket's rule of the same id; the bucket's other rules
   * are kept as they are.
   */
  | { type: 'add-lifecycle-rule'; region: string; resource: RefOf<'s3-bucket'>; rule: LifecycleRule };
export type CloudActionType = CloudAction['type'];

type LifecycleTargetClass = Exclude<S3StorageClass, 'STANDARD' | 'REDUCED_REDUNDANCY'>;

/** The classes a lifecycle rule may move objects into (never back to Standard). */
export const LIFECYCLE_TARGET_CLASSES = S3_STORAGE_CLASSES.filter(
  (c): c is LifecycleTargetClass => c !== 'STANDARD' && c !== 'REDUCED_REDUNDANCY',
);

/** A bucket lifecycle rule over the whole bucket: move current objects to a class, abort stale uploads. */
export interface LifecycleRule {
  /** The rule's id in the bucket's configuration (a second apply replaces it instead of adding another). */
  id: string;
  transitionDays: number;
  storageClass: LifecycleTargetClass;
  /** Days after which incomplete multipart uploads are aborted; null: not set. */
  abortIncompleteMultipartDays: number | null;
}

/** One recurring scheduled action of an Auto Scaling group, as AWS DescribeScheduledActions lists it. */
export interface ScheduledScaling {
  name: string;
  /** Unix cron: minute hour day-of-month month day-of-week ("0 20 * * 1-5"). */
  recurrence: string;
  /** IANA time zone the recurrence is read in ("Etc/UTC", "Europe/Berlin"). */
  timeZone: string;
  /** The sizes the group takes at each occurrence; null: left as it is. */
  minSize: number | null;
  desiredCapacity: number | null;
  maxSize: number | null;
}

/** How the trail shows a scheduled action: "0 20 * * 1-5 Etc/UTC: min 1, desired 1, max 6". */
export const scheduledScalingText = (a: ScheduledScaling) =>
  `${a.recurrence} ${a.timeZone}: min ${a.minSize ?? '—'}, desired ${a.desiredCapacity ?? '—'}, max ${a.maxSize ?? '—'}`;

/** The `scheduledAction:<name>` changes that putting `wanted` over `existing` makes (none for an equal one). */
export function scheduledScalingChanges(
  existing: readonly ScheduledScaling[],
  wanted: readonly ScheduledScaling[],
): AttributeChange[] {
  return wanted.flatMap((w) => {
    const was = existing.find((e) => e.name === w.name);
    const before = was === undefined ? null : scheduledScalingText(was);
    const after = scheduledScalingText(w);
    return before === after ? [] : [{ field: `scheduledAction:${w.name}`, before, after }];
  });
}

/** One attribute an action changed, as the provider reported it before and right after. */
export interface AttributeChange {
  field: string;
  before: string | number | null;
  after: string | number | null;
}

export interface ActionResult {
  action: CloudActionType;
  resource: ResourceRef;
  changes: AttributeChange[];
  /** A resource the action made (the snapshot), or null. */
  created: ResourceRef | null;
  deleted: boolean;
}

export const ACTION_ERROR_CODES = ['not-found', 'invalid-state', 'unsupported', 'denied', 'failed'] as const;
export type ActionErrorCode = (typeof ACTION_ERROR_CODES)[number];

/** An action the cloud refused or could not do; nothing changed unless the provider says otherwise. */
export class CloudActionError extends Error {
  constructor(
    readonly code: ActionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CloudActionError';
  }
}

/** One action's answer within `actMany`: what changed, or why the cloud refused that action alone. */
export type ActionAnswer = { ok: true; result: ActionResult } | { ok: false; error: CloudActionError };

/** Instance ids per EC2 StartInstances/StopInstances call (the API takes a list; AWS bounds its length). */
export const EC2_IDS_PER_CALL = 1_000;

type PowerType = 'start' | 'stop' | 'hibernate';
type Ec2Power = CloudAction & { type: PowerType; resource: RefOf<'ec2-instance'> };

function isEc2Power(action: CloudAction): action is Ec2Power {
  return (
    (action.type === 'start' || action.type === 'stop' || action.type === 'hibernate') &&
    action.resource.kind === 'ec2-instance'
  );
}

/**
 * How an adapter splits a list of actions into calls: EC2 starts, stops and hibernations of one region and type
 * together, at most EC2_IDS_PER_CALL ids each; every other action alone. Each call keeps its actions' positions.
 */
export function actionCalls(
  actions: readonly CloudAction[],
): (
  | { batch: true; region: string; type: PowerType; at: number[]; ids: string[] }
  | { batch: false; at: number }
)[] {
  const groups = new Map<string, { region: string; type: PowerType; at: number[] }>();
  const single: { batch: false; at: number }[] = [];
  actions.forEach((action, i) => {
    if (!isEc2Power(action)) {
      single.push({ batch: false, at: i });
      return;
    }
    const key = `${action.region}|${action.type}`;
    const group = groups.get(key) ?? { region: action.region, type: action.type, at: [] };
    group.at.push(i);
    groups.set(key, group);
  });
  const batches = [...groups.values()].flatMap((g) => {
    const calls = [];
    for (let i = 0; i < g.at.length; i += EC2_IDS_PER_CALL) {
      const at = g.at.slice(i, i + EC2_IDS_PER_CALL);
      calls.push({
        batch: true as const,
        region: g.region,
        type: g.type,
        at,
        ids: at.map((j) => (actions[j] as CloudAction).resource.id),
      });
    }
    return calls;
  });
  return [...batches, ...single];
}
