import {
  AutoScalingClient,
  DescribeAutoScalingGroupsCommand,
  type DescribeAutoScalingGroupsCommandOutput,
  UpdateAutoScalingGroupCommand,
} from '@aws-sdk/client-auto-scaling';
import {
  CloudWatchClient,
  GetMetricDataCommand,
  type GetMetricDataCommandOutput,
  type MetricDataQuery,
} from '@aws-sdk/client-cloudwatch';
import {
  CreateSnapshotCommand,
  DeleteVolumeCommand,
  DescribeAddressesCommand,
  type DescribeAddressesCommandOutput,
  DescribeInstancesCommand,
  type DescribeInstancesCommandOutput,
  DescribeRegionsCommand,
  type DescribeRegionsCommandOutput,
  DescribeSnapshotsCommand,
  type DescribeSnapshotsCommandOutput,
  DescribeVolumesCommand,
  type DescribeVolumesCommandOutput,
  EC2Client,
  StopInstancesCommand,
  type Volume,
} from '@aws-sdk/client-ec2';
import {
  DescribeClusterCommand,
  type DescribeClusterCommandOutput,
  DescribeNodegroupCommand,
  type DescribeNodegroupCommandOutput,
  EKSClient,
  ListClustersCommand,
  ListNodegroupsCommand,
} from '@aws-sdk/client-eks';
import {
  DescribeLoadBalancersCommand,
  type DescribeLoadBalancersCommandOutput,
  DescribeTagsCommand,
  ElasticLoadBalancingV2Client,
} from '@aws-sdk/client-elastic-load-balancing-v2';
import {
  LambdaClient,
  ListFunctionsCommand,
  type ListFunctionsCommandOutput,
  ListTagsCommand,
} from '@aws-sdk/client-lambda';
import {
  DescribeDBClustersCommand,
  type DescribeDBClustersCommandOutput,
  DescribeDBInstancesCommand,
  type DescribeDBInstancesCommandOutput,
  RDSClient,
} from '@aws-sdk/client-rds';
import {
  GetBucketTaggingCommand,
  ListBucketsCommand,
  type ListBucketsCommandOutput,
  S3Client,
} from '@aws-sdk/client-s3';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { ACCOUNT_ID as ACCOUNT, CONTRACT_IDS as IDS } from '../contract-world.test-helper';

/**
 * Mocked AWS clients answering the contract world (contract-world.test-helper.ts): responses shaped like the
 * API reference's examples and typed by the SDK's output types. us-east-1 holds everything; eu-west-1 one
 * instance and an RDS that denies access; the role of any other account cannot be assumed.
 */
type Out<T> = Omit<T, '$metadata'>;
const at = (date: string) => new Date(`${date}T09:30:00Z`);

export function awsError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name, $fault: 'client', $metadata: { httpStatusCode: 400 } });
}

/** Answers by the calling client's region (mocks replace `send` on every client of a class). */
function byRegion<T>(answers: Record<string, T | Error>, fallback: T) {
  return async (_input: unknown, getClient: () => { config: { region: () => Promise<string> } }) => {
    const answer = answers[await getClient().config.region()] ?? fallback;
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

const regions: Out<DescribeRegionsCommandOutput> = {
  Regions: [
    { RegionName: 'us-east-1', Endpoint: 'ec2.us-east-1.amazonaws.com', OptInStatus: 'opt-in-not-required' },
    { RegionName: 'eu-west-1', Endpoint: 'ec2.eu-west-1.amazonaws.com', OptInStatus: 'opt-in-not-required' },
    { RegionName: 'af-south-1', Endpoint: 'ec2.af-south-1.amazonaws.com', OptInStatus: 'not-opted-in' },
    { RegionName: 'ap-east-1', Endpoint: 'ec2.ap-east-1.amazonaws.com', OptInStatus: 'opted-in' },
  ],
};

const reservation = (
  instances: NonNullable<DescribeInstancesCommandOutput['Reservations']>[number]['Instances'],
) => ({
  ReservationId: 'r-1234567890abcdef0',
  OwnerId: ACCOUNT,
  Instances: instances,
});

const usInstances: Out<DescribeInstancesCommandOutput> = {
  Reservations: [
    reservation([
      {
        InstanceId: IDS.web,
        InstanceType: 'm5.large',
        LaunchTime: at('2026-01-10'),
        Placement: { AvailabilityZone: 'us-east-1a', Tenancy: 'default' },
        State: { Code: 16, Name: 'running' },
        Tags: [
          { Key: 'Name', Value: 'web-1' },
          { Key: 'env', Value: 'prod' },
        ],
        HibernationOptions: { Configured: false },
      },
      {
        InstanceId: IDS.batch,
        InstanceType: 't3.micro',
        LaunchTime: at('2026-02-01'),
        Placement: { AvailabilityZone: 'us-east-1b', Tenancy: 'default' },
        State: { Code: 80, Name: 'stopped' },
        Tags: [{ Key: 'Name', Value: 'batch' }],
      },
    ]),
  ],
};

const euInstances: Out<DescribeInstancesCommandOutput> = {
  Reservations: [
    reservation([
      {
        InstanceId: IDS.euWeb,
        InstanceType: 'c6g.xlarge',
        LaunchTime: at('2026-03-01'),
        Placement: { AvailabilityZone: 'eu-west-1a' },
        State: { Code: 16, Name: 'running' },
      },
    ]),
  ],
};

const rootVolume: Volume = {
  VolumeId: IDS.rootVolume,
  Size: 100,
  VolumeType: 'gp3',
  Iops: 3000,
  Throughput: 125,
  State: 'in-use',
  AvailabilityZone: 'us-east-1a',
  CreateTime: at('2026-01-10'),
  Encrypted: true,
  Attachments: [{ InstanceId: IDS.web, VolumeId: IDS.rootVolume, Device: '/dev/xvda', State: 'attached' }],
};
const spareVolume: Volume = {
  VolumeId: IDS.spareVolume,
  Size: 50,
  VolumeType: 'gp2',
  Iops: 150,
  State: 'available',
  AvailabilityZone: 'us-east-1a',
  CreateTime: at('2025-06-01'),
  Attachments: [],
  Tags: [{ Key: 'owner', Value: 'alice' }],
};
const volumes: Out<DescribeVolumesCommandOutput> = { Volumes: [rootVolume, spareVolume] };

const snapshots: Out<DescribeSnapshotsCommandOutput> = {
  Snapshots: [
    {
      SnapshotId: IDS.snapshot,
      OwnerId: ACCOUNT,
      VolumeId: IDS.rootVolume,
      VolumeSize: 100,
      State: 'completed',
      StartTime: at('2026-04-01'),
      StorageTier: 'standard',
    },
  ],
};

const addresses: Out<DescribeAddressesCommandOutput> = {
  Addresses: [{ AllocationId: IDS.eip, PublicIp: '203.0.113.10', Domain: 'vpc' }],
};

const albArn = `arn:aws:elasticloadbalancing:us-east-1:${ACCOUNT}:loadbalancer/${IDS.alb}`;
const loadBalancers: Out<DescribeLoadBalancersCommandOutput> = {
  LoadBalancers: [
    {
      LoadBalancerArn: albArn,
      LoadBalancerName: 'web-alb',
      DNSName: 'web-alb-1234567890.us-east-1.elb.amazonaws.com',
      CreatedTime: at('2026-01-12'),
      Scheme: 'internet-facing',
      State: { Code: 'active' },
      Type: 'application',
    },
  ],
};

const dbInstances: Out<DescribeDBInstancesCommandOutput> = {
  DBInstances: [
    {
      DBInstanceIdentifier: IDS.db,
      DBInstanceArn: `arn:aws:rds:us-east-1:${ACCOUNT}:db:${IDS.db}`,
      DBInstanceClass: 'db.m5.large',
      Engine: 'postgres',
      EngineVersion: '16.4',
      DBInstanceStatus: 'available',
      AllocatedStorage: 100,
      StorageType: 'gp3',
      MultiAZ: false,
      InstanceCreateTime: at('2026-01-15'),
      TagList: [{ Key: 'env', Value: 'prod' }],
    },
  ],
};

const dbClusters: Out<DescribeDBClustersCommandOutput> = {
  DBClusters: [
    {
      DBClusterIdentifier: IDS.dbCluster,
      DBClusterArn: `arn:aws:rds:us-east-1:${ACCOUNT}:cluster:${IDS.dbCluster}`,
      Engine: 'aurora-postgresql',
      EngineVersion: '16.4',
      EngineMode: 'provisioned',
      Status: 'available',
      AllocatedStorage: 1,
      ClusterCreateTime: at('2026-02-15'),
      DBClusterMembers: [],
    },
  ],
};

const buckets: Out<ListBucketsCommandOutput> = {
  Buckets: [{ Name: IDS.bucket, CreationDate: at('2025-11-01'), BucketRegion: 'us-east-1' }],
  Owner: { ID: 'examplee7a2f25102679df27bb0ae12b3f85be6f290b936c4393484be31' },
};

const groups: Out<DescribeAutoScalingGroupsCommandOutput> = {
  AutoScalingGroups: [
    {
      AutoScalingGroupName: IDS.asg,
      AutoScalingGroupARN: `arn:aws:autoscaling:us-east-1:${ACCOUNT}:autoScalingGroup:12345678-1234-1234-1234-123456789012:autoScalingGroupName/${IDS.asg}`,
      MinSize: 1,
      MaxSize: 4,
      DesiredCapacity: 2,
      DefaultCooldown: 300,
      AvailabilityZones: ['us-east-1a'],
      HealthCheckType: 'EC2',
      CreatedTime: at('2026-01-10'),
      Instances: [],
      MixedInstancesPolicy: { LaunchTemplate: { Overrides: [{ InstanceType: 'm5.large' }] } },
    },
  ],
};

const cluster: Out<DescribeClusterCommandOutput> = {
  cluster: {
    name: IDS.cluster,
    arn: `arn:aws:eks:us-east-1:${ACCOUNT}:cluster/${IDS.cluster}`,
    version: '1.31',
    status: 'ACTIVE',
    createdAt: at('2026-01-05'),
    tags: {},
  },
};

const nodegroup: Out<DescribeNodegroupCommandOutput> = {
  nodegroup: {
    nodegroupName: 'workers',
    clusterName: IDS.cluster,
    nodegroupArn: `arn:aws:eks:us-east-1:${ACCOUNT}:nodegroup/${IDS.cluster}/workers/0ec9b4d2-1a2b-3c4d-5e6f-0123456789ab`,
    status: 'ACTIVE',
    capacityType: 'ON_DEMAND',
    instanceTypes: ['m5.xlarge'],
    scalingConfig: { minSize: 2, maxSize: 6, desiredSize: 3 },
    createdAt: at('2026-01-05'),
    resources: { autoScalingGroups: [{ name: 'eks-workers-0ec9b4d2' }] },
  },
};

const functions: Out<ListFunctionsCommandOutput> = {
  Functions: [
    {
      FunctionName: IDS.lambda,
      FunctionArn: `arn:aws:lambda:us-east-1:${ACCOUNT}:function:${IDS.lambda}`,
      Runtime: 'nodejs20.x',
      MemorySize: 512,
      Timeout: 30,
      CodeSize: 4096,
      Architectures: ['x86_64'],
      LastModified: '2026-03-01T10:00:00.000+0000',
    },
  ],
};

/** Per storage type of the contract bucket; everything else answers no data. */
const BUCKET_BYTES: Record<string, number> = { StandardStorage: 1e9, GlacierStorage: 5e9 };

function metricData(input: { MetricDataQueries?: MetricDataQuery[]; StartTime?: Date; EndTime?: Date }) {
  const start = input.StartTime?.getTime() ?? 0;
  const end = input.EndTime?.getTime() ?? 0;
  const results: Out<GetMetricDataCommandOutput> = { MetricDataResults: [], Messages: [] };
  for (const query of input.MetricDataQueries ?? []) {
    if (query.ReturnData === false || !query.MetricStat) continue;
    const { Metric, Period = 3600 } = query.MetricStat;
    const storageType = Metric?.Dimensions?.find((d) => d.Name === 'StorageType')?.Value;
    const value =
      storageType === undefined
        ? Metric?.MetricName === 'CPUUtilization'
          ? 37.5
          : 1200
        : BUCKET_BYTES[storageType];
    const timestamps: Date[] = [];
    if (value !== undefined) for (let t = start; t < end; t += Period * 1000) timestamps.push(new Date(t));
    results.MetricDataResults?.push({
      Id: query.Id,
      Label: Metric?.MetricName,
      StatusCode: 'Complete',
      Timestamps: timestamps,
      Values: timestamps.map(() => value ?? 0),
    });
  }
  return results;
}

/** Mocks every client class the adapter uses; call again for a fresh world. */
export function mockAwsWorld() {
  const sts = mockClient(STSClient);
  sts.on(AssumeRoleCommand).callsFake((input: { RoleArn?: string }) => {
    if (!input.RoleArn?.includes(`::${ACCOUNT}:`)) {
      throw awsError(
        'AccessDenied',
        `User is not authorized to perform: sts:AssumeRole on resource: ${input.RoleArn}`,
      );
    }
    return {
      Credentials: {
        AccessKeyId: 'ASIAIOSFODNN7EXAMPLE',
        SecretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
        SessionToken: 'session-token',
        Expiration: new Date(Date.now() + 3_600_000),
      },
    };
  });
  const ec2 = mockClient(EC2Client);
  ec2.on(DescribeRegionsCommand).resolves(regions);
  ec2
    .on(DescribeInstancesCommand)
    .callsFake(byRegion({ 'us-east-1': usInstances, 'eu-west-1': euInstances }, {}));
  ec2.on(DescribeVolumesCommand).callsFake(byRegion({ 'us-east-1': volumes }, {}));
  ec2.on(DescribeVolumesCommand, { VolumeIds: [IDS.spareVolume] }).resolves({ Volumes: [spareVolume] });
  ec2.on(DescribeVolumesCommand, { VolumeIds: [IDS.rootVolume] }).resolves({ Volumes: [rootVolume] });
  ec2.on(DescribeSnapshotsCommand).callsFake(byRegion({ 'us-east-1': snapshots }, {}));
  ec2.on(DescribeAddressesCommand).callsFake(byRegion({ 'us-east-1': addresses }, {}));
  ec2.on(StopInstancesCommand).resolves({
    StoppingInstances: [
      {
        InstanceId: IDS.web,
        CurrentState: { Code: 64, Name: 'stopping' },
        PreviousState: { Code: 16, Name: 'running' },
      },
    ],
  });
  ec2.on(DeleteVolumeCommand, { VolumeId: IDS.spareVolume }).resolves({});
  ec2
    .on(DeleteVolumeCommand, { VolumeId: IDS.rootVolume })
    .rejects(awsError('VolumeInUse', `Volume ${IDS.rootVolume} is currently attached to ${IDS.web}`));
  ec2
    .on(CreateSnapshotCommand)
    .resolves({ SnapshotId: 'snap-066877671789bd71b', State: 'pending', VolumeId: IDS.rootVolume });
  const elb = mockClient(ElasticLoadBalancingV2Client);
  elb.on(DescribeLoadBalancersCommand).callsFake(byRegion({ 'us-east-1': loadBalancers }, {}));
  elb.on(DescribeTagsCommand).resolves({ TagDescriptions: [{ ResourceArn: albArn, Tags: [] }] });
  const rds = mockClient(RDSClient);
  const denied = awsError('AccessDenied', 'User is not authorized to perform: rds:DescribeDBInstances');
  rds
    .on(DescribeDBInstancesCommand)
    .callsFake(byRegion({ 'us-east-1': dbInstances, 'eu-west-1': denied }, {}));
  rds.on(DescribeDBClustersCommand).callsFake(byRegion({ 'us-east-1': dbClusters, 'eu-west-1': denied }, {}));
  const s3 = mockClient(S3Client);
  s3.on(ListBucketsCommand).callsFake(byRegion({ 'us-east-1': buckets }, { Buckets: [] }));
  s3.on(GetBucketTaggingCommand).rejects(awsError('NoSuchTagSet', 'The TagSet does not exist'));
  const autoscaling = mockClient(AutoScalingClient);
  autoscaling
    .on(DescribeAutoScalingGroupsCommand)
    .callsFake(byRegion({ 'us-east-1': groups }, { AutoScalingGroups: [] }));
  autoscaling.on(UpdateAutoScalingGroupCommand).resolves({});
  const eks = mockClient(EKSClient);
  eks
    .on(ListClustersCommand)
    .callsFake(byRegion({ 'us-east-1': { clusters: [IDS.cluster] } }, { clusters: [] }));
  eks.on(DescribeClusterCommand).resolves(cluster);
  eks.on(ListNodegroupsCommand).resolves({ nodegroups: ['workers'] });
  eks.on(DescribeNodegroupCommand).resolves(nodegroup);
  const lambda = mockClient(LambdaClient);
  lambda.on(ListFunctionsCommand).callsFake(byRegion({ 'us-east-1': functions }, {}));
  lambda.on(ListTagsCommand).resolves({ Tags: {} });
  const cloudwatch = mockClient(CloudWatchClient);
  cloudwatch.on(GetMetricDataCommand).callsFake(metricData);
  return { sts, ec2, elb, rds, s3, autoscaling, eks, lambda, cloudwatch };
}
