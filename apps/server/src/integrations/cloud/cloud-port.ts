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
  'elasticache',
  'opensearch',
  'redshift',
  'savingsplans',
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

/** The services whose reservations `listReservations` describes (each with its own call). */
export const RESERVATION_SERVICES = ['ec2', 'rds', 'elasticache', 'opensearch', 'redshift'] as const;
export type ReservationService = (typeof RESERVATION_SERVICES)[number];
/** The call that describes each service's reservations (a failure of one loses only that service's). */
export const RESERVATION_CALLS: Record<ReservationService, string> = {
  ec2: 'DescribeReservedInstances',
  rds: 'DescribeReservedDBInstances',
  elasticache: 'DescribeReservedCacheNodes',
  opensearch: 'DescribeReservedInstances',
  redshift: 'DescribeReservedNodes',
};
/** The call that describes an account's savings plans. */
export const SAVINGS_PLANS_CALL = 'DescribeSavingsPlans';

/**
 * One reservation as its account describes it: EC2 DescribeReservedInstances, RDS DescribeReservedDBInstances,
 * ElastiCache DescribeReservedCacheNodes, OpenSearch DescribeReservedInstances or Redshift DescribeReservedNodes.
 * The bill names a reservation by its ARN; these add what the bill does not hold exactly (state, exact start and
 * end, scope, Multi-AZ, platform or engine).
 */
/** A commitment's state and term as its account describes it. */
interface DescribedTerm {
  /** AWS's state: payment-pending, active, payment-failed, retired, queued … */
  state: string;
  start: Date | null;
  /** EC2 and Savings Plans answer the end; the others start + the term's Duration. */
  end: Date | null;
  durationSeconds: number | null;
}

export interface AccountReservation extends DescribedTerm {
  service: ReservationService;
  /** EC2 ReservedInstancesId; RDS ReservedDBInstanceId; ElastiCache ReservedCacheNodeId; OpenSearch
   * ReservedInstanceId; Redshift ReservedNodeId. */
  id: string;
  /** The ARN the account answers (RDS, ElastiCache), else the bill's form (`reservationArn`). */
  arn: string;
  count: number;
  /** EC2 InstanceType; RDS DBInstanceClass; ElastiCache CacheNodeType; OpenSearch InstanceType; Redshift NodeType. */
  instanceType: string;
  /** EC2 standard or convertible; Redshift Regular or Upgradable; null for the others. */
  offeringClass: string | null;
  /** All Upfront, Partial Upfront, No Upfront (or the older Heavy/Medium/Light Utilization). */
  offeringType: string | null;
  /** EC2 Region or Availability Zone; the others are regional (null). */
  scope: string | null;
  availabilityZone: string | null;
  /** EC2 platform (Linux/UNIX, Windows …); RDS and ElastiCache engine (postgresql, redis …); null otherwise. */
  productDescription: string | null;
  /** RDS only; null for the others. */
  multiAz: boolean | null;
}

export interface ListReservationsResult {
  reservations: AccountReservation[];
  failures: CloudFailure[];
}

/** The ARN the bill names a reservation by, for the services whose answer carries none. */
export function reservationArn(service: ReservationService, region: string, accountId: string, id: string) {
  const resource = {
    ec2: `reserved-instances/${id}`,
    rds: `ri:${id}`,
    elasticache: `reserved-instance:${id}`,
    opensearch: `reserved-instances/${id}`,
    redshift: `reserved-node:${id}`,
  }[service];
  return `arn:aws:${service === 'opensearch' ? 'es' : service}:${region}:${accountId}:${resource}`;
}

/** A reservation with the fields only some services answer left null (each adapter sets what its call says). */
export function accountReservation(
  fields: Pick<
    AccountReservation,
    'service' | 'id' | 'arn' | 'state' | 'start' | 'end' | 'durationSeconds' | 'count' | 'instanceType'
  > &
    Partial<AccountReservation>,
): AccountReservation {
  return {
    offeringClass: null,
    offeringType: null,
    scope: null,
    availabilityZone: null,
    productDescription: null,
    multiAz: null,
    ...fields,
  };
}

/** A term the provider answers as a start and a Duration in seconds: its end is start + Duration. */
export function termFrom(start: Date | undefined, seconds: number | undefined) {
  return {
    start: start ?? null,
    end: start === undefined || seconds === undefined ? null : new Date(start.getTime() + seconds * 1000),
    durationSeconds: seconds ?? null,
  };
}

/**
 * One savings plan as its account describes it (Savings Plans DescribeSavingsPlans; plans are global, answered
 * once per account). The bill names it by its ARN; this adds the state, exact start and end, and the terms.
 */
export interface AccountSavingsPlan extends DescribedTerm {
  id: string;
  arn: string;
  /** Compute, EC2Instance, SageMaker, Database … */
  planType: string | null;
  /** All Upfront, Partial Upfront, No Upfront. */
  paymentOption: string | null;
  /** $/h committed. */
  commitment: number | null;
  upfrontPaymentAmount: number | null;
  recurringPaymentAmount: number | null;
  currency: string | null;
  /** EC2 Instance plans only: the region and family they are bound to. */
  region: string | null;
  instanceFamily: string | null;
}

export interface ListSavingsPlansResult {
  savingsPlans: AccountSavingsPlan[];
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
   * The account's reservations in a region (RESERVATION_SERVICES), every state (retired ones included). A listing
   * has a time limit, sign-in and every page included: a page that asks never waits long on the provider (a call
   * over it is a failure, and is aborted).
   */
  listReservations(account: CloudAccount, region: string): Promise<ListReservationsResult>;
  /** The account's savings plans (they are global), every state, under the same time limit. */
  listSavingsPlans(account: CloudAccount): Promise<ListSavingsPlansResult>;
  /** Performs one action and says what changed; throws CloudActionError when refused. */
  act(account: CloudAccount, action: CloudAction): Promise<ActionResult>;
  /**
   * Performs many actions of one account in as few calls as the provider allows (EC2 starts and stops of a region
   * together, up to EC2_IDS_PER_CALL ids a call; the rest one by one). One answer per action, in order: a refusal
   * is that action's alone, the others' results stand.
   */
  actMany(account: CloudAccount, actions: readonly CloudAction[]): Promise<ActionAnswer[]>;
}
