import type { DescribeAutoScalingGroupsCommandOutput } from '@aws-sdk/client-auto-scaling';
import type { GetMetricDataCommandOutput, MetricDataQuery } from '@aws-sdk/client-cloudwatch';
import type {
  DescribeAddressesCommandOutput,
  DescribeInstancesCommandOutput,
  DescribeNatGatewaysCommandOutput,
  DescribeRegionsCommandOutput,
  DescribeReservedInstancesCommandOutput,
  DescribeSnapshotsCommandOutput,
  DescribeVolumesCommandOutput,
  Volume,
} from '@aws-sdk/client-ec2';
import type {
  DescribeClusterCommandOutput,
  DescribeFargateProfileCommandOutput,
  DescribeNodegroupCommandOutput,
} from '@aws-sdk/client-eks';
import type { DescribeLoadBalancersCommandOutput } from '@aws-sdk/client-elastic-load-balancing-v2';
import type { ReservedCacheNode } from '@aws-sdk/client-elasticache';
import type { ListFunctionsCommandOutput } from '@aws-sdk/client-lambda';
import type { ReservedInstance as ReservedSearchInstance } from '@aws-sdk/client-opensearch';
import type {
  DescribeDBClustersCommandOutput,
  DescribeDBInstancesCommandOutput,
  ReservedDBInstance,
} from '@aws-sdk/client-rds';
import type { ReservedNode } from '@aws-sdk/client-redshift';
import type { ListBucketsCommandOutput } from '@aws-sdk/client-s3';
import type { SavingsPlan } from '@aws-sdk/client-savingsplans';
import {
  ACCOUNT_ID as ACCOUNT,
  CONTRACT_IDS as IDS,
  CONTRACT_SAVINGS_PLANS as PLANS,
  CONTRACT_RESERVATIONS as RIS,
  savingsPlanArnOf,
} from '../contract-world.test-helper';

/**
 * The contract world's AWS answers (contract-world.test-helper.ts), shaped like the API reference's examples and
 * typed by the SDK's output types.
 */
type Out<T> = Omit<T, '$metadata'>;
const at = (date: string) => new Date(`${date}T09:30:00Z`);

export const regions: Out<DescribeRegionsCommandOutput> = {
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

export const usInstances: Out<DescribeInstancesCommandOutput> = {
  Reservations: [
    reservation([
      {
        InstanceId: IDS.web,
        InstanceType: 'm5.large',
        LaunchTime: at('2026-01-10'),
        Placement: { AvailabilityZone: 'us-east-1a', Tenancy: 'default' },
        State: { Code: 16, Name: 'running' },
        StateTransitionReason: '',
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
        StateTransitionReason: 'User initiated (2026-02-01 09:30:00 GMT)',
        Tags: [{ Key: 'Name', Value: 'batch' }],
      },
    ]),
  ],
};

export const euInstances: Out<DescribeInstancesCommandOutput> = {
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

export const rootVolume: Volume = {
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
export const spareVolume: Volume = {
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
export const volumes: Out<DescribeVolumesCommandOutput> = { Volumes: [rootVolume, spareVolume] };

export const snapshots: Out<DescribeSnapshotsCommandOutput> = {
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

export const addresses: Out<DescribeAddressesCommandOutput> = {
  Addresses: [{ AllocationId: IDS.eip, PublicIp: '203.0.113.10', Domain: 'vpc' }],
};

/** As the EC2 API reference's DescribeNatGateways example answers (one public gateway, its primary address). */
export const natGateways: Out<DescribeNatGatewaysCommandOutput> = {
  NatGateways: [
    {
      NatGatewayId: IDS.nat,
      State: 'available',
      ConnectivityType: 'public',
      VpcId: 'vpc-0a1b2c3d4e5f60001',
      SubnetId: 'subnet-0a1b2c3d4e5f60001',
      CreateTime: at('2026-01-05'),
      NatGatewayAddresses: [
        {
          AllocationId: 'eipalloc-0a1b2c3d4e5f60009',
          NetworkInterfaceId: 'eni-0a1b2c3d4e5f60001',
          PrivateIp: '10.0.1.10',
          PublicIp: '203.0.113.20',
          IsPrimary: true,
          Status: 'succeeded',
        },
      ],
      Tags: [{ Key: 'Name', Value: 'egress-a' }],
    },
  ],
};

export const albArn = `arn:aws:elasticloadbalancing:us-east-1:${ACCOUNT}:loadbalancer/${IDS.alb}`;
export const loadBalancers: Out<DescribeLoadBalancersCommandOutput> = {
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

export const dbInstances: Out<DescribeDBInstancesCommandOutput> = {
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

export const dbClusters: Out<DescribeDBClustersCommandOutput> = {
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

export const buckets: Out<ListBucketsCommandOutput> = {
  Buckets: [{ Name: IDS.bucket, CreationDate: at('2025-11-01'), BucketRegion: 'us-east-1' }],
  Owner: { ID: 'examplee7a2f25102679df27bb0ae12b3f85be6f290b936c4393484be31' },
};

export const groups: Out<DescribeAutoScalingGroupsCommandOutput> = {
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
      MixedInstancesPolicy: {
        LaunchTemplate: {
          LaunchTemplateSpecification: { LaunchTemplateName: 'web', Version: '$Latest' },
          Overrides: [{ InstanceType: 'm5.large' }, { InstanceType: 'm5a.large' }],
        },
        InstancesDistribution: {
          OnDemandBaseCapacity: 1,
          OnDemandPercentageAboveBaseCapacity: 0,
          SpotAllocationStrategy: 'price-capacity-optimized',
        },
      },
    },
  ],
};

export const cluster: Out<DescribeClusterCommandOutput> = {
  cluster: {
    name: IDS.cluster,
    arn: `arn:aws:eks:us-east-1:${ACCOUNT}:cluster/${IDS.cluster}`,
    version: '1.31',
    status: 'ACTIVE',
    createdAt: at('2026-01-05'),
    tags: {},
  },
};

export const nodegroup: Out<DescribeNodegroupCommandOutput> = {
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

export const fargateProfile: Out<DescribeFargateProfileCommandOutput> = {
  fargateProfile: {
    fargateProfileName: 'batch',
    clusterName: IDS.cluster,
    fargateProfileArn: `arn:aws:eks:us-east-1:${ACCOUNT}:fargateprofile/${IDS.cluster}/batch/4ac9b4d2-1a2b-3c4d-5e6f-0123456789ab`,
    status: 'ACTIVE',
    selectors: [{ namespace: 'jobs' }],
    subnets: ['subnet-0a1b2c3d'],
    createdAt: at('2026-01-05'),
    tags: {},
  },
};

export const functions: Out<ListFunctionsCommandOutput> = {
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

export function metricData(input: {
  MetricDataQueries?: MetricDataQuery[];
  StartTime?: Date;
  EndTime?: Date;
}) {
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

const YEAR_SECONDS = 31_536_000;
const plus = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);
const hourly = (amount: number) => [{ Amount: amount, Frequency: 'Hourly' as const }];

type Ri = NonNullable<DescribeReservedInstancesCommandOutput['ReservedInstances']>[number];
/** An EC2 reservation of `years` from `start`, as DescribeReservedInstances answers it (End = Start + Duration). */
const ec2Ri = (id: string, type: string, start: string, years: number, more: Partial<Ri>): Ri => ({
  ReservedInstancesId: id,
  InstanceType: type as Ri['InstanceType'],
  Start: at(start),
  End: plus(at(start), years * YEAR_SECONDS),
  Duration: years * YEAR_SECONDS,
  InstanceCount: 1,
  ProductDescription: 'Linux/UNIX',
  State: 'active',
  OfferingClass: 'standard',
  OfferingType: 'No Upfront',
  Scope: 'Region',
  ...more,
});

/** DescribeReservedInstances as the EC2 API reference's example answers it (regional ones name no zone). */
export const usReservedInstances: Out<DescribeReservedInstancesCommandOutput> = {
  ReservedInstances: [
    ec2Ri(RIS.web, 'm5.large', '2026-01-10', 1, {
      UsagePrice: 0,
      FixedPrice: 0,
      InstanceCount: 2,
      InstanceTenancy: 'default',
      CurrencyCode: 'USD',
      RecurringCharges: hourly(0.062),
    }),
    ec2Ri(RIS.batch, 't3.micro', '2023-02-01', 3, {
      AvailabilityZone: 'us-east-1b',
      UsagePrice: 0,
      FixedPrice: 160,
      State: 'retired',
      InstanceTenancy: 'default',
      CurrencyCode: 'USD',
      OfferingClass: 'convertible',
      OfferingType: 'All Upfront',
      RecurringCharges: [],
      Scope: 'Availability Zone',
    }),
  ],
};

export const euReservedInstances: Out<DescribeReservedInstancesCommandOutput> = {
  ReservedInstances: [ec2Ri(RIS.euWeb, 'c6g.xlarge', '2026-03-01', 1, {})],
};

/** DescribeReservedDBInstances's reservations (RDS answers the start and the Duration, no end), one a page. */
export const reservedDbInstances: ReservedDBInstance[] = [
  {
    ReservedDBInstanceId: RIS.ordersDb,
    ReservedDBInstancesOfferingId: '438012d3-4052-4cc7-b2e3-8d3372e0e706',
    DBInstanceClass: 'db.m5.large',
    StartTime: at('2026-01-15'),
    Duration: YEAR_SECONDS,
    FixedPrice: 500,
    UsagePrice: 0,
    CurrencyCode: 'USD',
    DBInstanceCount: 1,
    ProductDescription: 'postgresql',
    OfferingType: 'Partial Upfront',
    MultiAZ: true,
    State: 'active',
    RecurringCharges: [{ RecurringChargeAmount: 0.089, RecurringChargeFrequency: 'Hourly' }],
    ReservedDBInstanceArn: `arn:aws:rds:us-east-1:${ACCOUNT}:ri:${RIS.ordersDb}`,
    LeaseId: 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111',
  },
  {
    ReservedDBInstanceId: RIS.legacyDb,
    DBInstanceClass: 'db.t3.medium',
    StartTime: at('2024-06-01'),
    Duration: YEAR_SECONDS,
    DBInstanceCount: 1,
    ProductDescription: 'mysql',
    OfferingType: 'No Upfront',
    MultiAZ: false,
    State: 'retired',
    ReservedDBInstanceArn: `arn:aws:rds:us-east-1:${ACCOUNT}:ri:${RIS.legacyDb}`,
  },
];

/** DescribeReservedCacheNodes's reservations (ElastiCache answers the start, the Duration and its ARN), one a page. */
export const reservedCacheNodes: ReservedCacheNode[] = [
  {
    ReservedCacheNodeId: RIS.sessionsCache,
    ReservedCacheNodesOfferingId: '0fb2b4a1-0000-4000-8000-000000000001',
    CacheNodeType: 'cache.r6g.large',
    StartTime: at('2026-02-01'),
    Duration: YEAR_SECONDS,
    FixedPrice: 657,
    UsagePrice: 0,
    CacheNodeCount: 2,
    ProductDescription: 'redis',
    OfferingType: 'Partial Upfront',
    State: 'active',
    RecurringCharges: [{ RecurringChargeAmount: 0.075, RecurringChargeFrequency: 'Hourly' }],
    ReservationARN: `arn:aws:elasticache:us-east-1:${ACCOUNT}:reserved-instance:${RIS.sessionsCache}`,
  },
  {
    ReservedCacheNodeId: RIS.oldCache,
    CacheNodeType: 'cache.t3.small',
    StartTime: at('2025-01-01'),
    Duration: YEAR_SECONDS,
    CacheNodeCount: 1,
    ProductDescription: 'memcached',
    OfferingType: 'No Upfront',
    State: 'retired',
    ReservationARN: `arn:aws:elasticache:us-east-1:${ACCOUNT}:reserved-instance:${RIS.oldCache}`,
  },
];

/** OpenSearch DescribeReservedInstances (its payment option in capitals, no ARN). */
export const reservedSearchInstances: ReservedSearchInstance[] = [
  {
    ReservationName: 'search-prod',
    ReservedInstanceId: RIS.search,
    BillingSubscriptionId: 1234567890,
    ReservedInstanceOfferingId: '3f4e5d6c-0000-4000-8000-000000000002',
    InstanceType: 'r6g.large.search',
    StartTime: at('2026-04-01'),
    Duration: YEAR_SECONDS,
    FixedPrice: 2_890,
    UsagePrice: 0,
    CurrencyCode: 'USD',
    InstanceCount: 3,
    State: 'active',
    PaymentOption: 'ALL_UPFRONT',
    RecurringCharges: [],
  },
];

/** Redshift DescribeReservedNodes (no ARN; the offering type Regular or Upgradable). */
export const reservedRedshiftNodes: ReservedNode[] = [
  {
    ReservedNodeId: RIS.warehouse,
    ReservedNodeOfferingId: '7a6b5c4d-0000-4000-8000-000000000003',
    NodeType: 'ra3.xlplus',
    StartTime: at('2025-05-01'),
    Duration: 3 * YEAR_SECONDS,
    FixedPrice: 0,
    UsagePrice: 0,
    CurrencyCode: 'USD',
    NodeCount: 2,
    State: 'active',
    OfferingType: 'No Upfront',
    RecurringCharges: [{ RecurringChargeAmount: 0.652, RecurringChargeFrequency: 'Hourly' }],
    ReservedNodeOfferingType: 'Regular',
  },
];

/** DescribeSavingsPlans (amounts as decimal text, dates as ISO text), one a page. */
export const savingsPlans: SavingsPlan[] = [
  {
    offeringId: 'b0a1c2d3-0000-4000-8000-000000000004',
    savingsPlanId: PLANS.compute,
    savingsPlanArn: savingsPlanArnOf(PLANS.compute),
    description: '3 year No Upfront Compute Savings Plan',
    start: at('2025-06-01').toISOString(),
    end: plus(at('2025-06-01'), 3 * YEAR_SECONDS).toISOString(),
    state: 'active',
    region: '',
    ec2InstanceFamily: '',
    savingsPlanType: 'Compute',
    paymentOption: 'No Upfront',
    productTypes: ['EC2', 'Fargate', 'Lambda'],
    currency: 'USD',
    commitment: '2.5',
    upfrontPaymentAmount: '0',
    recurringPaymentAmount: '2.5',
    termDurationInSeconds: 3 * YEAR_SECONDS,
  },
  {
    savingsPlanId: PLANS.instance,
    savingsPlanArn: savingsPlanArnOf(PLANS.instance),
    start: at('2024-09-01').toISOString(),
    end: plus(at('2024-09-01'), YEAR_SECONDS).toISOString(),
    state: 'retired',
    region: 'us-east-1',
    ec2InstanceFamily: 'm5',
    savingsPlanType: 'EC2Instance',
    paymentOption: 'Partial Upfront',
    currency: 'USD',
    commitment: '1.2',
    upfrontPaymentAmount: '5256',
    recurringPaymentAmount: '0.6',
    termDurationInSeconds: YEAR_SECONDS,
  },
];
