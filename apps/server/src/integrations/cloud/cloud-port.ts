import type { ActionAnswer, ActionResult, CloudAction, ScheduledScaling } from './cloud-actions';
import type { MetricSeries, MetricsRequest } from './cloud-metrics';
import type { CloudResource, ResourceKind } from './cloud-resources';

/**
 * The cloud port: what features know about a cloud account's resources, their utilisation, and the actions
 * they may take. Adapters: aws/ (AWS SDK v3) and simulated/ (a scenario file with a clock). Features never
 * import an SDK; they hold a CloudPort.
 */

/** How the adapter signs in to an account. */
export type AccountCredentials =
  /** A role in the account that trusts Finlens, with the external ID of its trust policy. */
  | { kind: 'role'; roleArn: string; externalId: string | null }
  | { kind: 'keys'; accessKeyId: string; secretAccessKey: string; sessionToken?: string }
  /** The server's own identity: refused unless the adapter was built with `allowServerIdentity`. */
  | { kind: 'server-identity' };

export interface CloudAccount {
  accountId: string;
  credentials: AccountCredentials;
}

export const CLOUD_SERVICES = [
  'sts',
  'ec2',
  'elb',
  'rds',
  's3',
  'autoscaling',
  'eks',
  'lambda',
  'cloudwatch',
] as const;
export type CloudService = (typeof CLOUD_SERVICES)[number];

/** The service that lists each kind (a failure of that service loses only its kinds). */
export const KIND_SERVICE: Record<ResourceKind, CloudService> = {
  'ec2-instance': 'ec2',
  'ebs-volume': 'ec2',
  'ebs-snapshot': 'ec2',
  'elastic-ip': 'ec2',
  'load-balancer': 'elb',
  'rds-instance': 'rds',
  'rds-cluster': 'rds',
  's3-bucket': 's3',
  'autoscaling-group': 'autoscaling',
  'eks-cluster': 'eks',
  'eks-nodegroup': 'eks',
  'eks-fargate-profile': 'eks',
  'lambda-function': 'lambda',
  'nat-gateway': 'ec2',
};

/** A call that failed; what other calls returned is kept. */
export interface CloudFailure {
  accountId: string;
  /** null for account-wide failures (credentials, region list). */
  region: string | null;
  service: CloudService;
  /** The provider's operation, e.g. DescribeInstances. */
  operation: string;
  /** The provider's error code (AccessDenied, Throttling …) or a port code. */
  code: string;
  message: string;
  /** The kinds whose listing is incomplete because of this failure. */
  kinds: ResourceKind[];
}

export interface ListResourcesResult {
  resources: CloudResource[];
  failures: CloudFailure[];
}

export interface RegionInfo {
  name: string;
  /** opt-in-not-required | opted-in | not-opted-in */
  optInStatus: 'opt-in-not-required' | 'opted-in' | 'not-opted-in';
  /** Whether the account can use it (opt-in regions only once opted in). */
  enabled: boolean;
}

export interface ListRegionsResult {
  regions: RegionInfo[];
  failures: CloudFailure[];
}

export interface MetricsResult {
  series: MetricSeries[];
  failures: CloudFailure[];
}

/** One scaling activity of an Auto Scaling group, as AWS DescribeScalingActivities answers it. */
export interface ScalingActivity {
  id: string;
  startTime: Date;
  endTime: Date | null;
  /** AWS's StatusCode: Successful, Failed, Cancelled, InProgress, WaitingForSpotInstanceId … */
  status: string;
  statusMessage: string | null;
  /** Why it happened ("At 2026-11-20T08:00:00Z a user request update of AutoScalingGroup constraints …"). */
  cause: string;
  /** What it did ("Launching a new EC2 instance: i-0abc …"). */
  description: string;
  /** Percent done. */
  progress: number | null;
}

export interface ScalingActivitiesResult {
  /** Newest first. */
  activities: ScalingActivity[];
  failures: CloudFailure[];
}

export interface ScheduledActionsResult {
  /** The group's recurring scheduled actions, by name. */
  actions: ScheduledScaling[];
  failures: CloudFailure[];
}

/**
 * One reservation as its account describes it: EC2 DescribeReservedInstances or RDS DescribeReservedDBInstances.
 * The bill names a reservation by its ARN; these add what the bill does not hold exactly (state, exact start and
 * end, scope, Multi-AZ). Savings plans are not described (DescribeSavingsPlans is not one of the adapter's calls).
 */
export interface AccountReservation {
  service: 'ec2' | 'rds';
  /** EC2 ReservedInstancesId; RDS ReservedDBInstanceId. */
  id: string;
  /** RDS ReservedDBInstanceArn; EC2 arn:aws:ec2:<region>:<account>:reserved-instances/<id> (the bill's form). */
  arn: string;
  /** AWS's State: payment-pending, active, payment-failed, retired, queued … */
  state: string;
  start: Date | null;
  /** EC2 End; RDS StartTime + Duration (RDS answers no end). */
  end: Date | null;
  durationSeconds: number | null;
  count: number;
  /** EC2 InstanceType; RDS DBInstanceClass. */
  instanceType: string;
  /** EC2 standard or convertible; RDS reservations have no class (null). */
  offeringClass: string | null;
  /** All Upfront, Partial Upfront, No Upfront (or the older Heavy/Medium/Light Utilization). */
  offeringType: string | null;
  /** EC2 Region or Availability Zone; RDS reservations are regional (null). */
  scope: string | null;
  availabilityZone: string | null;
  /** EC2 ProductDescription (Linux/UNIX, Windows …); RDS ProductDescription (the engine: postgresql, mysql …). */
  productDescription: string | null;
  /** RDS only; null for EC2. */
  multiAz: boolean | null;
}

export interface ListReservationsResult {
  reservations: AccountReservation[];
  failures: CloudFailure[];
}

export interface CloudPort {
  /** Every region the provider knows, with whether the account has it enabled. */
  listRegions(account: CloudAccount): Promise<ListRegionsResult>;
  /** Resources of the given kinds in one region; per-service failures are reported beside what succeeded. */
  listResources(
    account: CloudAccount,
    region: string,
    kinds: readonly ResourceKind[],
  ): Promise<ListResourcesResult>;
  /** One series per query, in the order asked; a failed query's series is empty and its failure listed. */
  getMetrics(account: CloudAccount, region: string, request: MetricsRequest): Promise<MetricsResult>;
  /** An Auto Scaling group's most recent scaling activities (at most `limit`, newest first). */
  scalingActivities(
    account: CloudAccount,
    region: string,
    groupName: string,
    limit: number,
  ): Promise<ScalingActivitiesResult>;
  /** An Auto Scaling group's recurring scheduled actions (AWS DescribeScheduledActions), by name. */
  scheduledActions(account: CloudAccount, region: string, groupName: string): Promise<ScheduledActionsResult>;
  /**
   * The account's EC2 and RDS reservations in a region, every state (retired ones included). Each call has a
   * time limit of its own: a page that asks never waits long on the provider (a call over it is a failure).
   */
  listReservations(account: CloudAccount, region: string): Promise<ListReservationsResult>;
  /** Performs one action and says what changed; throws CloudActionError when refused. */
  act(account: CloudAccount, action: CloudAction): Promise<ActionResult>;
  /**
   * Performs many actions of one account in as few calls as the provider allows (EC2 starts and stops of a region
   * together, up to EC2_IDS_PER_CALL ids a call; the rest one by one). One answer per action, in order: a refusal
   * is that action's alone, the others' results stand.
   */
  actMany(account: CloudAccount, actions: readonly CloudAction[]): Promise<ActionAnswer[]>;
}
