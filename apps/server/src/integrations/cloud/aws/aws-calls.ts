import type { CloudService } from '../cloud-port';

/**
 * Every AWS API operation the cloud adapter may send, per SDK client, with the IAM action it needs in the
 * customer's account and whether it only reads or changes something. The clients refuse any other operation
 * (see `guardOperations`), and the IAM templates Settings offers are built from this table, so the adapter can
 * never need a permission the templates do not grant. `also` lists the permissions AWS checks besides the
 * operation's own.
 */
export const AWS_CALLS = {
  EC2Client: {
    DescribeRegions: { iam: 'ec2:DescribeRegions', access: 'read' },
    DescribeInstances: { iam: 'ec2:DescribeInstances', access: 'read' },
    DescribeVolumes: { iam: 'ec2:DescribeVolumes', access: 'read' },
    DescribeSnapshots: { iam: 'ec2:DescribeSnapshots', access: 'read' },
    DescribeAddresses: { iam: 'ec2:DescribeAddresses', access: 'read' },
    DescribeNatGateways: { iam: 'ec2:DescribeNatGateways', access: 'read' },
    DescribeLaunchTemplateVersions: { iam: 'ec2:DescribeLaunchTemplateVersions', access: 'read' },
    DescribeReservedInstances: { iam: 'ec2:DescribeReservedInstances', access: 'read' },
    StartInstances: { iam: 'ec2:StartInstances', access: 'act' },
    StopInstances: { iam: 'ec2:StopInstances', access: 'act' },
    ModifyInstanceAttribute: { iam: 'ec2:ModifyInstanceAttribute', access: 'act' },
    CreateSnapshot: { iam: 'ec2:CreateSnapshot', access: 'act' },
    DeleteVolume: { iam: 'ec2:DeleteVolume', access: 'act' },
    DeleteSnapshot: { iam: 'ec2:DeleteSnapshot', access: 'act' },
    ReleaseAddress: { iam: 'ec2:ReleaseAddress', access: 'act' },
    CreateLaunchTemplateVersion: { iam: 'ec2:CreateLaunchTemplateVersion', access: 'act' },
    DeleteNatGateway: { iam: 'ec2:DeleteNatGateway', access: 'act' },
    ModifyVolume: { iam: 'ec2:ModifyVolume', access: 'act' },
    TerminateInstances: { iam: 'ec2:TerminateInstances', access: 'act' },
  },
  ElasticLoadBalancingV2Client: {
    DescribeLoadBalancers: { iam: 'elasticloadbalancing:DescribeLoadBalancers', access: 'read' },
    DescribeTags: { iam: 'elasticloadbalancing:DescribeTags', access: 'read' },
    DeleteLoadBalancer: { iam: 'elasticloadbalancing:DeleteLoadBalancer', access: 'act' },
  },
  RDSClient: {
    DescribeDBInstances: { iam: 'rds:DescribeDBInstances', access: 'read' },
    DescribeDBClusters: { iam: 'rds:DescribeDBClusters', access: 'read' },
    DescribeReservedDBInstances: { iam: 'rds:DescribeReservedDBInstances', access: 'read' },
    StartDBInstance: { iam: 'rds:StartDBInstance', access: 'act' },
    StopDBInstance: { iam: 'rds:StopDBInstance', access: 'act' },
    StartDBCluster: { iam: 'rds:StartDBCluster', access: 'act' },
    StopDBCluster: { iam: 'rds:StopDBCluster', access: 'act' },
    ModifyDBInstance: { iam: 'rds:ModifyDBInstance', access: 'act' },
    // Granted beside it so that the final snapshot the delete makes is never refused for want of it.
    DeleteDBInstance: { iam: 'rds:DeleteDBInstance', access: 'act', also: ['rds:CreateDBSnapshot'] },
  },
  S3Client: {
    // ListBuckets is authorised by s3:ListAllMyBuckets.
    ListBuckets: { iam: 's3:ListAllMyBuckets', access: 'read' },
    GetBucketTagging: { iam: 's3:GetBucketTagging', access: 'read' },
    // GetBucketLifecycleConfiguration is authorised by s3:GetLifecycleConfiguration.
    GetBucketLifecycleConfiguration: { iam: 's3:GetLifecycleConfiguration', access: 'read' },
    // PutBucketLifecycleConfiguration is authorised by s3:PutLifecycleConfiguration.
    PutBucketLifecycleConfiguration: { iam: 's3:PutLifecycleConfiguration', access: 'act' },
  },
  AutoScalingClient: {
    DescribeAutoScalingGroups: { iam: 'autoscaling:DescribeAutoScalingGroups', access: 'read' },
    DescribeScalingActivities: { iam: 'autoscaling:DescribeScalingActivities', access: 'read' },
    DescribeScheduledActions: { iam: 'autoscaling:DescribeScheduledActions', access: 'read' },
    // AWS checks that the caller may launch from the group's launch template (ec2:RunInstances, and
    // ec2:CreateTags for a template that tags at launch) whenever an update names one.
    UpdateAutoScalingGroup: {
      iam: 'autoscaling:UpdateAutoScalingGroup',
      access: 'act',
      also: ['ec2:RunInstances', 'ec2:CreateTags'],
    },
    // Launching the replacements checks the same launch permissions as an update naming the template.
    StartInstanceRefresh: {
      iam: 'autoscaling:StartInstanceRefresh',
      access: 'act',
      also: ['ec2:RunInstances', 'ec2:CreateTags'],
    },
    // Runs later as the group's service-linked role: no launch permission of the caller is checked.
    PutScheduledUpdateGroupAction: { iam: 'autoscaling:PutScheduledUpdateGroupAction', access: 'act' },
  },
  EKSClient: {
    ListClusters: { iam: 'eks:ListClusters', access: 'read' },
    DescribeCluster: { iam: 'eks:DescribeCluster', access: 'read' },
    ListNodegroups: { iam: 'eks:ListNodegroups', access: 'read' },
    DescribeNodegroup: { iam: 'eks:DescribeNodegroup', access: 'read' },
    ListFargateProfiles: { iam: 'eks:ListFargateProfiles', access: 'read' },
    DescribeFargateProfile: { iam: 'eks:DescribeFargateProfile', access: 'read' },
    UpdateNodegroupConfig: { iam: 'eks:UpdateNodegroupConfig', access: 'act' },
  },
  LambdaClient: {
    ListFunctions: { iam: 'lambda:ListFunctions', access: 'read' },
    ListTags: { iam: 'lambda:ListTags', access: 'read' },
    GetFunctionConfiguration: { iam: 'lambda:GetFunctionConfiguration', access: 'read' },
    UpdateFunctionConfiguration: { iam: 'lambda:UpdateFunctionConfiguration', access: 'act' },
  },
  CloudWatchClient: {
    GetMetricData: { iam: 'cloudwatch:GetMetricData', access: 'read' },
  },
  ElastiCacheClient: {
    DescribeReservedCacheNodes: { iam: 'elasticache:DescribeReservedCacheNodes', access: 'read' },
  },
  // OpenSearch Service keeps the IAM prefix of its former name, Elasticsearch Service.
  OpenSearchClient: {
    DescribeReservedInstances: { iam: 'es:DescribeReservedInstances', access: 'read' },
  },
  RedshiftClient: {
    DescribeReservedNodes: { iam: 'redshift:DescribeReservedNodes', access: 'read' },
  },
  SavingsplansClient: {
    DescribeSavingsPlans: { iam: 'savingsplans:DescribeSavingsPlans', access: 'read' },
  },
} as const satisfies Record<
  string,
  Record<string, { iam: string; access: 'read' | 'act'; also?: readonly string[] }>
>;

export type AwsClientName = keyof typeof AWS_CALLS;

/** The SDK client behind each service of the cloud port (sts signs in with the server's own identity). */
export const SERVICE_CLIENTS = {
  ec2: 'EC2Client',
  elb: 'ElasticLoadBalancingV2Client',
  rds: 'RDSClient',
  s3: 'S3Client',
  autoscaling: 'AutoScalingClient',
  eks: 'EKSClient',
  lambda: 'LambdaClient',
  cloudwatch: 'CloudWatchClient',
  elasticache: 'ElastiCacheClient',
  opensearch: 'OpenSearchClient',
  redshift: 'RedshiftClient',
  savingsplans: 'SavingsplansClient',
} as const satisfies Partial<Record<CloudService, AwsClientName>>;

/** The IAM action a port failure's operation needs (`rds`, `DescribeDBInstances` → `rds:DescribeDBInstances`). */
export function iamActionOf(service: string, operation: string): string | null {
  if (!Object.hasOwn(SERVICE_CLIENTS, service)) return null;
  const client = SERVICE_CLIENTS[service as keyof typeof SERVICE_CLIENTS];
  const operations: Record<string, { iam: string }> = AWS_CALLS[client];
  return Object.hasOwn(operations, operation) ? (operations[operation]?.iam ?? null) : null;
}

/** The IAM actions the adapter needs in a customer account, sorted: `read` to collect, `act` to change. */
export function iamActions(access: 'read' | 'act'): string[] {
  const actions = new Set<string>();
  for (const operations of Object.values(AWS_CALLS)) {
    for (const call of Object.values(operations) as { iam: string; access: string; also?: string[] }[]) {
      if (call.access !== access) continue;
      actions.add(call.iam);
      for (const extra of call.also ?? []) actions.add(extra);
    }
  }
  return [...actions].sort();
}

/** Whether the table lists an operation of a client (`DescribeInstancesCommand` or `DescribeInstances`). */
export function isListedCall(clientName: string, commandName: string): boolean {
  const operations: Record<string, unknown> | undefined = (
    AWS_CALLS as Record<string, Record<string, unknown>>
  )[clientName];
  return operations !== undefined && Object.hasOwn(operations, commandName.replace(/Command$/, ''));
}
