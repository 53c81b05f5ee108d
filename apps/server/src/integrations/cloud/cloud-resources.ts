import { RESOURCE_KIND_NAMES } from '@finlens/contracts/inventory';

/**
 * The resources behind the bill, as the cloud port returns them: one discriminated union on `kind`, with the
 * attributes that rightsizing, idle detection, the scheduler and compliance rules read. Providers' own
 * spellings are normalised here (states lower-case, sizes in GiB or bytes, times as Date).
 */

/** The kinds the port lists; the contracts hold the one list, so the API's kind filter follows it. */
export const RESOURCE_KINDS = RESOURCE_KIND_NAMES;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** Points at one resource of an account and region; `id` is the provider's short id (see each kind). */
export interface ResourceRef {
  kind: ResourceKind;
  id: string;
}

export type Tags = Record<string, string>;

interface ResourceBase {
  id: string;
  arn: string | null;
  accountId: string;
  region: string;
  /** The Name tag, or the provider's name where it has one (bucket, function, cluster …). */
  name: string | null;
  tags: Tags;
  /** Other resources this one is attached to or made of (volume → instance, cluster → members …). */
  attachments: ResourceRef[];
  /** Launch or creation time; null when the provider does not say. */
  createdAt: Date | null;
}

export const EC2_STATES = [
  'pending',
  'running',
  'stopping',
  'stopped',
  'shutting-down',
  'terminated',
] as const;
export type Ec2State = (typeof EC2_STATES)[number];

export interface Ec2Instance extends ResourceBase {
  kind: 'ec2-instance';
  state: Ec2State;
  instanceType: string;
  availabilityZone: string | null;
  /** 'linux' unless the provider says otherwise ('windows', …). */
  platform: string;
  lifecycle: 'on-demand' | 'spot' | 'scheduled' | 'capacity-block';
  hibernationEnabled: boolean;
  /**
   * When the instance entered its state, as the provider says (ISO; EC2's StateTransitionReason time, given for a
   * stopped instance); absent when it does not say. A first collection knows from it how long an instance has
   * been stopped.
   */
  stateTransitionAt?: string;
}

export interface EbsVolume extends ResourceBase {
  kind: 'ebs-volume';
  /** creating | available (unattached) | in-use | deleting | deleted | error */
  state: string;
  volumeType: string;
  sizeGiB: number;
  iops: number | null;
  throughputMiBps: number | null;
  availabilityZone: string | null;
}

export interface EbsSnapshot extends ResourceBase {
  kind: 'ebs-snapshot';
  /** pending | completed | error | recoverable | recovering */
  state: string;
  /** Size of the source volume (snapshots bill by changed blocks, which the API does not tell). */
  sizeGiB: number;
  volumeId: string | null;
  storageTier: 'standard' | 'archive';
}

export interface ElasticIp extends ResourceBase {
  kind: 'elastic-ip';
  state: 'associated' | 'unassociated';
  publicIp: string;
  /** The instance or network interface it is associated with, if any (also in attachments). */
  associatedWith: string | null;
}

export interface LoadBalancer extends ResourceBase {
  kind: 'load-balancer';
  /** active | provisioning | active_impaired | failed (classic load balancers: active) */
  state: string;
  type: 'application' | 'network' | 'gateway' | 'classic';
  scheme: string | null;
  dnsName: string | null;
}

export interface RdsInstance extends ResourceBase {
  kind: 'rds-instance';
  /** available | stopped | stopping | starting | creating | modifying | backing-up | deleting … */
  state: string;
  instanceClass: string;
  engine: string;
  engineVersion: string | null;
  storageType: string | null;
  allocatedStorageGiB: number;
  iops: number | null;
  multiAz: boolean;
  clusterId: string | null;
}

export interface RdsCluster extends ResourceBase {
  kind: 'rds-cluster';
  state: string;
  engine: string;
  engineVersion: string | null;
  engineMode: string | null;
  allocatedStorageGiB: number | null;
}

/** S3 storage classes, as the bill and CloudWatch's BucketSizeBytes StorageType name them. */
export const S3_STORAGE_CLASSES = [
  'STANDARD',
  'STANDARD_IA',
  'ONEZONE_IA',
  'INTELLIGENT_TIERING',
  'GLACIER_IR',
  'GLACIER',
  'DEEP_ARCHIVE',
  'REDUCED_REDUNDANCY',
] as const;
export type S3StorageClass = (typeof S3_STORAGE_CLASSES)[number];

export interface S3Bucket extends ResourceBase {
  kind: 's3-bucket';
  state: 'available';
  /** Bytes stored per class (latest daily figure); classes without bytes are left out. */
  storage: { storageClass: S3StorageClass; bytes: number }[];
  objectCount: number | null;
  /**
   * Enabled rules of the bucket's lifecycle configuration (AWS GetBucketLifecycleConfiguration): 0 when it has
   * none (NoSuchLifecycleConfiguration) or all are disabled; null when it could not be read.
   */
  lifecycleRules: number | null;
}

/** The launch template a group launches from (AWS: LaunchTemplate, or the mixed policy's specification). */
export interface AsgLaunchTemplate {
  name: string;
  version: string | null;
  /** The template's own instance type where the provider says it (AWS needs DescribeLaunchTemplateVersions). */
  instanceType: string | null;
}

/** AWS MixedInstancesPolicy: the on-demand/spot split (InstancesDistribution) and the types (Overrides). */
export interface MixedInstancesPolicy {
  onDemandBaseCapacity: number;
  /** 0–100: the share of capacity above the base that is on-demand; the rest is spot. */
  onDemandPercentageAboveBaseCapacity: number;
  /** lowest-price | capacity-optimized | capacity-optimized-prioritized | price-capacity-optimized */
  spotAllocationStrategy: string;
  instanceTypes: string[];
}

export interface AutoScalingGroup extends ResourceBase {
  kind: 'autoscaling-group';
  /** active | deleting */
  state: string;
  minSize: number;
  maxSize: number;
  desiredCapacity: number;
  instanceTypes: string[];
  launchTemplate: AsgLaunchTemplate | null;
  /** null: every instance launches on demand from the launch template. */
  mixedInstancesPolicy: MixedInstancesPolicy | null;
}

export interface EksCluster extends ResourceBase {
  kind: 'eks-cluster';
  /** creating | active | deleting | failed | updating | pending */
  state: string;
  version: string | null;
}

export interface EksNodegroup extends ResourceBase {
  kind: 'eks-nodegroup';
  /** `${clusterName}/${nodegroupName}` */
  id: string;
  state: string;
  clusterName: string;
  instanceTypes: string[];
  capacityType: string | null;
  minSize: number;
  maxSize: number;
  desiredSize: number;
}

/** A Fargate profile (EKS DescribeFargateProfile): the pods its selectors match run on Fargate, billed per pod. */
export interface EksFargateProfile extends ResourceBase {
  kind: 'eks-fargate-profile';
  /** `${clusterName}/${profileName}` */
  id: string;
  /** creating | active | deleting | create_failed | delete_failed */
  state: string;
  clusterName: string;
  /** The namespaces (and labels) whose pods the profile takes. */
  selectors: { namespace: string; labels: Record<string, string> }[];
  subnets: string[];
}

export interface LambdaFunction extends ResourceBase {
  kind: 'lambda-function';
  /** active | pending | inactive | failed */
  state: string;
  runtime: string | null;
  memoryMiB: number;
  timeoutSeconds: number;
  architectures: string[];
  codeSizeBytes: number;
}

/** A NAT gateway (EC2 DescribeNatGateways); it bills by the hour and by the GB it processes. */
export interface NatGateway extends ResourceBase {
  kind: 'nat-gateway';
  /** pending | failed | available | deleting | deleted */
  state: string;
  connectivityType: 'public' | 'private';
  vpcId: string | null;
  subnetId: string | null;
  /** The public address of its primary Elastic IP (public gateways). */
  publicIp: string | null;
}

export type CloudResource =
  | Ec2Instance
  | EbsVolume
  | EbsSnapshot
  | ElasticIp
  | LoadBalancer
  | RdsInstance
  | RdsCluster
  | S3Bucket
  | AutoScalingGroup
  | EksCluster
  | EksNodegroup
  | EksFargateProfile
  | LambdaFunction
  | NatGateway;

/** The resource of one kind, e.g. `ResourceOf<'ec2-instance'>` is `Ec2Instance`. */
export type ResourceOf<K extends ResourceKind> = Extract<CloudResource, { kind: K }>;
