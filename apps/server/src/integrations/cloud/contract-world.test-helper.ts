import type { ScenarioInput } from './simulated/scenario-schema';

/**
 * The small world the contract suite runs against: the simulated adapter loads it as a scenario, the aws
 * adapter's mocked clients answer the same resources.
 */
export const CONTRACT_NOW = new Date('2026-11-20T12:00:00Z');
export const ACCOUNT_ID = '111111111111';
export const DENIED_ACCOUNT_ID = '999999999999';

export const CONTRACT_IDS = {
  web: 'i-0a1b2c3d4e5f60001',
  batch: 'i-0a1b2c3d4e5f60002',
  euWeb: 'i-0a1b2c3d4e5f60003',
  rootVolume: 'vol-0a1b2c3d4e5f60001',
  spareVolume: 'vol-0a1b2c3d4e5f60002',
  snapshot: 'snap-0a1b2c3d4e5f60001',
  eip: 'eipalloc-0a1b2c3d4e5f60001',
  alb: 'app/web-alb/50dc6c495c0c9188',
  db: 'orders-db',
  dbCluster: 'analytics',
  bucket: 'finlens-contract-logs',
  asg: 'web-asg',
  cluster: 'main',
  nodegroup: 'main/workers',
  fargateProfile: 'main/batch',
  lambda: 'resize-images',
  nat: 'nat-0a1b2c3d4e5f60001',
} as const;

const at = (date: string) => `${date}T09:30:00Z`;

/** The account's reservations (ids as EC2 and RDS name them). */
export const CONTRACT_RESERVATIONS = {
  /** EC2, regional standard m5.large × 2, 1 year from 2026-01-10: active. */
  web: 'e5a2ff3b-7d14-4e4b-9a2c-0a1b2c3d0001',
  /** EC2, zonal convertible t3.micro in us-east-1b, 3 years from 2023-02-01: retired. */
  batch: 'e5a2ff3b-7d14-4e4b-9a2c-0a1b2c3d0002',
  /** EC2 in eu-west-1 (where RDS is denied). */
  euWeb: 'e5a2ff3b-7d14-4e4b-9a2c-0a1b2c3d0003',
  /** RDS, db.m5.large PostgreSQL Multi-AZ, 1 year from 2026-01-15: active (first page). */
  ordersDb: 'orders-db-ri',
  /** RDS, db.t3.medium MySQL, 1 year from 2024-06-01: retired (second page). */
  legacyDb: 'legacy-mysql-ri',
  /** ElastiCache, cache.r6g.large Redis × 2, 1 year from 2026-02-01, Partial Upfront: active. */
  sessionsCache: 'sessions-redis-ri',
  /** ElastiCache, cache.t3.small Memcached, 1 year from 2025-01-01: retired (second page). */
  oldCache: 'old-memcached-ri',
  /** OpenSearch, r6g.large.search × 3, 1 year from 2026-04-01, All Upfront: active. */
  search: '9a8b7c6d-0000-4000-8000-0a1b2c3d0004',
  /** Redshift, ra3.xlplus × 2, 3 years from 2025-05-01, No Upfront, Regular: active. */
  warehouse: '1ccbe0f8-0000-4000-8000-0a1b2c3d0005',
} as const;

/** The account's savings plans (ids as Savings Plans names them; the ARN is the bill's form). */
export const CONTRACT_SAVINGS_PLANS = {
  /** Compute, $2.50/h, 3 years from 2025-06-01, No Upfront: active. */
  compute: '0f1e2d3c-0000-4000-8000-0a1b2c3d0006',
  /** EC2 Instance m5 in us-east-1, $1.20/h, 1 year from 2024-09-01, Partial Upfront: retired. */
  instance: '0f1e2d3c-0000-4000-8000-0a1b2c3d0007',
} as const;
export const savingsPlanArnOf = (id: string) => `arn:aws:savingsplans::${ACCOUNT_ID}:savingsplan/${id}`;

/** The group's scaling activities as AWS answers them (newest first). */
export const CONTRACT_ACTIVITIES = [
  {
    id: 'f9f2d65b-f1f2-43e7-b46d-d86756459699',
    startTime: new Date('2026-11-19T08:00:12Z'),
    endTime: new Date('2026-11-19T08:01:20Z'),
    status: 'Successful',
    statusMessage: null,
    cause:
      'At 2026-11-19T08:00:00Z a user request update of AutoScalingGroup constraints to min: 1, max: 4, desired: 2 changing the desired capacity from 1 to 2.  At 2026-11-19T08:00:10Z an instance was started in response to a difference between desired and actual capacity, increasing the capacity from 1 to 2.',
    description: 'Launching a new EC2 instance: i-0b1c2d3e4f5a6b7c8',
    progress: 100,
  },
  {
    id: '0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d',
    startTime: new Date('2026-11-18T20:00:05Z'),
    endTime: null,
    status: 'Failed',
    statusMessage:
      'We currently do not have sufficient m5.large capacity in the Availability Zone you requested.',
    cause:
      'At 2026-11-18T20:00:00Z an instance was started in response to a difference between desired and actual capacity, increasing the capacity from 0 to 1.',
    description:
      'Launching a new EC2 instance.  Status Reason: We currently do not have sufficient m5.large capacity.',
    progress: 100,
  },
];

export const CONTRACT_SCENARIO = {
  version: 1,
  seed: 7,
  start: CONTRACT_NOW.toISOString(),
  regions: [
    { name: 'us-east-1' },
    { name: 'eu-west-1' },
    { name: 'af-south-1', optIn: true },
    { name: 'ap-east-1', optIn: true },
  ],
  accounts: [{ accountId: ACCOUNT_ID, optedInRegions: ['ap-east-1'] }],
  faults: [
    { accountId: ACCOUNT_ID, region: 'eu-west-1', service: 'rds', code: 'AccessDenied' },
    { accountId: ACCOUNT_ID, region: 'eu-west-1', service: 'cloudwatch', code: 'AccessDenied' },
  ],
  reservations: [
    {
      service: 'ec2',
      id: CONTRACT_RESERVATIONS.web,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 'm5.large',
      count: 2,
      start: at('2026-01-10'),
      term: '1yr',
      offeringType: 'No Upfront',
    },
    {
      service: 'ec2',
      id: CONTRACT_RESERVATIONS.batch,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 't3.micro',
      start: at('2023-02-01'),
      term: '3yr',
      offeringClass: 'convertible',
      offeringType: 'All Upfront',
      scope: 'Availability Zone',
      availabilityZone: 'us-east-1b',
    },
    {
      service: 'ec2',
      id: CONTRACT_RESERVATIONS.euWeb,
      accountId: ACCOUNT_ID,
      region: 'eu-west-1',
      instanceType: 'c6g.xlarge',
      start: at('2026-03-01'),
      term: '1yr',
    },
    {
      service: 'rds',
      id: CONTRACT_RESERVATIONS.ordersDb,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 'db.m5.large',
      start: at('2026-01-15'),
      term: '1yr',
      offeringType: 'Partial Upfront',
      productDescription: 'postgresql',
      multiAz: true,
    },
    {
      service: 'rds',
      id: CONTRACT_RESERVATIONS.legacyDb,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 'db.t3.medium',
      start: at('2024-06-01'),
      term: '1yr',
      productDescription: 'mysql',
    },
    {
      service: 'elasticache',
      id: CONTRACT_RESERVATIONS.sessionsCache,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 'cache.r6g.large',
      count: 2,
      start: at('2026-02-01'),
      offeringType: 'Partial Upfront',
    },
    {
      service: 'elasticache',
      id: CONTRACT_RESERVATIONS.oldCache,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 'cache.t3.small',
      start: at('2025-01-01'),
      productDescription: 'memcached',
    },
    {
      service: 'opensearch',
      id: CONTRACT_RESERVATIONS.search,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 'r6g.large.search',
      count: 3,
      start: at('2026-04-01'),
      offeringType: 'All Upfront',
    },
    {
      service: 'redshift',
      id: CONTRACT_RESERVATIONS.warehouse,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 'ra3.xlplus',
      count: 2,
      start: at('2025-05-01'),
      term: '3yr',
    },
  ],
  savingsPlans: [
    {
      id: CONTRACT_SAVINGS_PLANS.compute,
      accountId: ACCOUNT_ID,
      commitment: 2.5,
      start: at('2025-06-01'),
      term: '3yr',
    },
    {
      id: CONTRACT_SAVINGS_PLANS.instance,
      accountId: ACCOUNT_ID,
      planType: 'EC2Instance',
      paymentOption: 'Partial Upfront',
      upfrontShare: 0.5,
      commitment: 1.2,
      start: at('2024-09-01'),
      region: 'us-east-1',
      instanceFamily: 'm5',
    },
  ],
  resources: [
    {
      kind: 'ec2-instance',
      id: CONTRACT_IDS.web,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 'm5.large',
      availabilityZone: 'us-east-1a',
      tags: { Name: 'web-1', env: 'prod' },
      createdAt: at('2026-01-10'),
      metrics: { profile: 'steady', level: 40 },
    },
    {
      kind: 'ec2-instance',
      id: CONTRACT_IDS.batch,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      state: 'stopped',
      instanceType: 't3.micro',
      availabilityZone: 'us-east-1b',
      tags: { Name: 'batch' },
      createdAt: at('2026-02-01'),
    },
    {
      kind: 'ec2-instance',
      id: CONTRACT_IDS.euWeb,
      accountId: ACCOUNT_ID,
      region: 'eu-west-1',
      instanceType: 'c6g.xlarge',
      availabilityZone: 'eu-west-1a',
      createdAt: at('2026-03-01'),
    },
    {
      kind: 'ebs-volume',
      id: CONTRACT_IDS.rootVolume,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      volumeType: 'gp3',
      sizeGiB: 100,
      iops: 3000,
      availabilityZone: 'us-east-1a',
      attachments: [{ kind: 'ec2-instance', id: CONTRACT_IDS.web }],
      createdAt: at('2026-01-10'),
    },
    {
      kind: 'ebs-volume',
      id: CONTRACT_IDS.spareVolume,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      state: 'available',
      volumeType: 'gp2',
      sizeGiB: 50,
      availabilityZone: 'us-east-1a',
      tags: { owner: 'alice' },
      createdAt: at('2025-06-01'),
    },
    {
      kind: 'ebs-snapshot',
      id: CONTRACT_IDS.snapshot,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      sizeGiB: 100,
      volumeId: CONTRACT_IDS.rootVolume,
      createdAt: at('2026-04-01'),
    },
    {
      kind: 'elastic-ip',
      id: CONTRACT_IDS.eip,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      publicIp: '203.0.113.10',
    },
    {
      kind: 'load-balancer',
      id: CONTRACT_IDS.alb,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      type: 'application',
      scheme: 'internet-facing',
      createdAt: at('2026-01-12'),
    },
    {
      kind: 'rds-instance',
      id: CONTRACT_IDS.db,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceClass: 'db.m5.large',
      engine: 'postgres',
      allocatedStorageGiB: 100,
      tags: { env: 'prod' },
      createdAt: at('2026-01-15'),
    },
    {
      kind: 'rds-cluster',
      id: CONTRACT_IDS.dbCluster,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      engine: 'aurora-postgresql',
      engineVersion: '16.4',
      createdAt: at('2026-02-15'),
    },
    {
      kind: 's3-bucket',
      id: CONTRACT_IDS.bucket,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      storage: [
        { storageClass: 'STANDARD', bytes: 1_000_000_000 },
        { storageClass: 'GLACIER', bytes: 5_000_000_000 },
      ],
      lifecycleRules: 0,
      createdAt: at('2025-11-01'),
    },
    {
      kind: 'autoscaling-group',
      id: CONTRACT_IDS.asg,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      minSize: 1,
      desiredCapacity: 2,
      maxSize: 4,
      instanceTypes: ['m5.large', 'm5a.large'],
      launchTemplate: { name: 'web', version: '$Latest', instanceType: 'm5.large' },
      mixedInstancesPolicy: {
        onDemandBaseCapacity: 1,
        onDemandPercentageAboveBaseCapacity: 0,
        spotAllocationStrategy: 'price-capacity-optimized',
        instanceTypes: ['m5.large', 'm5a.large'],
      },
      scalingActivities: CONTRACT_ACTIVITIES.map((a) => ({
        ...a,
        startTime: a.startTime.toISOString(),
        endTime: a.endTime?.toISOString() ?? null,
      })),
      createdAt: at('2026-01-10'),
    },
    {
      kind: 'eks-cluster',
      id: CONTRACT_IDS.cluster,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      version: '1.31',
    },
    {
      kind: 'eks-nodegroup',
      id: CONTRACT_IDS.nodegroup,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceTypes: ['m5.xlarge'],
      minSize: 2,
      desiredSize: 3,
      maxSize: 6,
      attachments: [{ kind: 'eks-cluster', id: CONTRACT_IDS.cluster }],
    },
    {
      kind: 'eks-fargate-profile',
      id: CONTRACT_IDS.fargateProfile,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      selectors: [{ namespace: 'jobs', labels: {} }],
      subnets: ['subnet-0a1b2c3d'],
      attachments: [{ kind: 'eks-cluster', id: CONTRACT_IDS.cluster }],
    },
    {
      kind: 'lambda-function',
      id: CONTRACT_IDS.lambda,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      runtime: 'nodejs20.x',
      memoryMiB: 512,
      timeoutSeconds: 30,
      codeSizeBytes: 4096,
    },
    {
      kind: 'nat-gateway',
      id: CONTRACT_IDS.nat,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      vpcId: 'vpc-0a1b2c3d4e5f60001',
      subnetId: 'subnet-0a1b2c3d4e5f60001',
      publicIp: '203.0.113.20',
      tags: { Name: 'egress-a' },
      createdAt: at('2026-01-05'),
    },
  ],
} satisfies ScenarioInput;
