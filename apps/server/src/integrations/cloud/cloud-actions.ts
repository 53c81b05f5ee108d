import type { ResourceKind, ResourceRef } from './cloud-resources';

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
  /** Changes the instance type (EC2: the instance must be stopped) or class (RDS). */
  | { type: 'modify'; region: string; resource: RefOf<'ec2-instance' | 'rds-instance'>; instanceType: string }
  | { type: 'snapshot'; region: string; resource: RefOf<'ebs-volume'>; description?: string }
  | { type: 'delete'; region: string; resource: RefOf<'ebs-volume' | 'ebs-snapshot' | 'elastic-ip'> };
export type CloudActionType = CloudAction['type'];

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
