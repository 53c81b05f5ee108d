import { DNS_LABEL, DNS_SUBDOMAIN, WORKLOAD_KINDS } from '@finlens/contracts/kubernetes';
import { z } from 'zod';
import { METRIC_NAMES } from '../cloud-metrics';
import { CLOUD_SERVICES } from '../cloud-port';
import { EC2_STATES, RESOURCE_KINDS, S3_STORAGE_CLASSES } from '../cloud-resources';

/** The scenario file of the simulated cloud (documented in docs/cloud-scenario.md). */

const isoDate = z.iso.datetime({ offset: true }).transform((text) => new Date(text));
const ref = z.object({ kind: z.enum(RESOURCE_KINDS), id: z.string().min(1) });

export const METRIC_PROFILES = ['idle', 'steady', 'diurnal', 'bursty', 'growing'] as const;
export type MetricProfile = (typeof METRIC_PROFILES)[number];

const metricsSpec = z.strictObject({
  profile: z.enum(METRIC_PROFILES).default('steady'),
  /** Mean CPU percent the profile centres on (other metrics scale with it); each profile has a default. */
  level: z.number().min(0).max(100).optional(),
  /** Changes the noise; defaults to the scenario's seed. */
  seed: z.number().int().optional(),
  /** Whether the CloudWatch agent publishes memory for this instance. */
  memory: z.boolean().default(false),
  /** Explicit hourly values per metric, [hour start, value]; they replace the profile for that metric. */
  series: z.partialRecord(z.enum(METRIC_NAMES), z.array(z.tuple([isoDate, z.number()]))).default({}),
});
export type MetricsSpec = z.output<typeof metricsSpec>;

const common = {
  id: z.string().min(1),
  accountId: z.string().regex(/^\d{12}$/, 'expected a 12-digit account id'),
  region: z.string().min(1),
  arn: z.string().optional(),
  name: z.string().optional(),
  tags: z.record(z.string(), z.string()).default({}),
  attachments: z.array(ref).default([]),
  createdAt: isoDate.optional(),
  metrics: metricsSpec.optional(),
};

const resource = z.discriminatedUnion('kind', [
  z.strictObject({
    ...common,
    kind: z.literal('ec2-instance'),
    state: z.enum(EC2_STATES).default('running'),
    instanceType: z.string(),
    availabilityZone: z.string().optional(),
    platform: z.string().default('linux'),
    lifecycle: z.enum(['on-demand', 'spot', 'scheduled', 'capacity-block']).default('on-demand'),
    hibernationEnabled: z.boolean().default(false),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('ebs-volume'),
    state: z.string().default('in-use'),
    volumeType: z.string().default('gp3'),
    sizeGiB: z.number().int().positive(),
    iops: z.number().int().optional(),
    throughputMiBps: z.number().int().optional(),
    availabilityZone: z.string().optional(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('ebs-snapshot'),
    state: z.string().default('completed'),
    sizeGiB: z.number().int().positive(),
    volumeId: z.string().optional(),
    storageTier: z.enum(['standard', 'archive']).default('standard'),
  }),
  z.strictObject({ ...common, kind: z.literal('elastic-ip'), publicIp: z.string() }),
  z.strictObject({
    ...common,
    kind: z.literal('load-balancer'),
    state: z.string().default('active'),
    type: z.enum(['application', 'network', 'gateway', 'classic']).default('application'),
    scheme: z.string().default('internet-facing'),
    dnsName: z.string().optional(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('rds-instance'),
    state: z.string().default('available'),
    instanceClass: z.string(),
    engine: z.string(),
    engineVersion: z.string().optional(),
    storageType: z.string().default('gp3'),
    allocatedStorageGiB: z.number().int().nonnegative(),
    iops: z.number().int().optional(),
    multiAz: z.boolean().default(false),
    clusterId: z.string().optional(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('rds-cluster'),
    state: z.string().default('available'),
    engine: z.string(),
    engineVersion: z.string().optional(),
    engineMode: z.string().default('provisioned'),
    allocatedStorageGiB: z.number().int().optional(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('s3-bucket'),
    storage: z.array(
      z.strictObject({ storageClass: z.enum(S3_STORAGE_CLASSES), bytes: z.number().nonnegative() }),
    ),
    objectCount: z.number().int().optional(),
    lifecycleRules: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('autoscaling-group'),
    state: z.string().default('active'),
    minSize: z.number().int().nonnegative(),
    maxSize: z.number().int().nonnegative(),
    desiredCapacity: z.number().int().nonnegative(),
    instanceTypes: z.array(z.string()).default([]),
    launchTemplate: z
      .strictObject({
        name: z.string().min(1),
        version: z.string().nullable().default(null),
        instanceType: z.string().nullable().default(null),
      })
      .nullable()
      .default(null),
    mixedInstancesPolicy: z
      .strictObject({
        onDemandBaseCapacity: z.number().int().nonnegative().default(0),
        onDemandPercentageAboveBaseCapacity: z.number().int().min(0).max(100).default(100),
        spotAllocationStrategy: z.string().default('lowest-price'),
        instanceTypes: z.array(z.string()).min(1),
      })
      .nullable()
      .default(null),
    /** What DescribeScalingActivities answers before the simulation's own scaling (any order). */
    scalingActivities: z
      .array(
        z.strictObject({
          id: z.string().min(1),
          startTime: isoDate,
          endTime: isoDate.nullable().default(null),
          status: z.string().default('Successful'),
          statusMessage: z.string().nullable().default(null),
          cause: z.string(),
          description: z.string(),
          progress: z.number().int().min(0).max(100).nullable().default(100),
        }),
      )
      .default([]),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('eks-cluster'),
    state: z.string().default('active'),
    version: z.string().optional(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('eks-nodegroup'),
    id: z.string().regex(/^[^/]+\/[^/]+$/, 'expected cluster/nodegroup'),
    state: z.string().default('active'),
    instanceTypes: z.array(z.string()).default([]),
    capacityType: z.string().default('ON_DEMAND'),
    minSize: z.number().int().nonnegative(),
    maxSize: z.number().int().nonnegative(),
    desiredSize: z.number().int().nonnegative(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('eks-fargate-profile'),
    id: z.string().regex(/^[^/]+\/[^/]+$/, 'expected cluster/profile'),
    state: z.string().default('active'),
    selectors: z
      .array(
        z.strictObject({
          namespace: z.string().min(1),
          labels: z.record(z.string(), z.string()).default({}),
        }),
      )
      .min(1),
    subnets: z.array(z.string()).default([]),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('lambda-function'),
    state: z.string().default('active'),
    runtime: z.string().optional(),
    memoryMiB: z.number().int().positive().default(128),
    timeoutSeconds: z.number().int().positive().default(3),
    architectures: z.array(z.string()).default(['x86_64']),
    codeSizeBytes: z.number().int().nonnegative().default(0),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('nat-gateway'),
    state: z.string().default('available'),
    connectivityType: z.enum(['public', 'private']).default('public'),
    vpcId: z.string().optional(),
    subnetId: z.string().optional(),
    publicIp: z.string().optional(),
  }),
]);
export type ScenarioResource = z.output<typeof resource>;

const event = z.discriminatedUnion('type', [
  z.strictObject({ at: isoDate, type: z.enum(['start', 'stop', 'delete']), resource: ref }),
  z.strictObject({
    at: isoDate,
    type: z.literal('tag'),
    resource: ref,
    tags: z.record(z.string(), z.string()),
  }),
  z.strictObject({ at: isoDate, type: z.literal('create'), create: resource }),
]);
export type ScenarioEvent = z.output<typeof event>;

/** A term's length as AWS answers it (Duration): 365 or 3 × 365 days. */
export const TERM_SECONDS = { '1yr': 31_536_000, '3yr': 94_608_000 } as const;

const reservationCommon = {
  id: z.string().min(1),
  accountId: common.accountId,
  region: z.string().min(1),
  /** Defaults to the ARN the bill names (`reservationArn`: EC2 …:reserved-instances/<id>, RDS …:ri:<id> …). */
  arn: z.string().optional(),
  instanceType: z.string().min(1),
  count: z.number().int().positive().default(1),
  /** Before it: payment-pending; from it to the end: active; after: retired (the simulated clock decides). */
  start: isoDate,
  term: z.enum(['1yr', '3yr']).default('1yr'),
  /** Defaults to start + the term's Duration; set it where a bill counts the term in calendar years. */
  end: isoDate.optional(),
  offeringType: z.string().default('No Upfront'),
};

/**
 * A reservation the account describes (EC2 DescribeReservedInstances, RDS DescribeReservedDBInstances,
 * ElastiCache DescribeReservedCacheNodes, OpenSearch DescribeReservedInstances, Redshift DescribeReservedNodes).
 */
const reservation = z.discriminatedUnion('service', [
  z.strictObject({
    ...reservationCommon,
    service: z.literal('ec2'),
    offeringClass: z.enum(['standard', 'convertible']).default('standard'),
    scope: z.enum(['Region', 'Availability Zone']).default('Region'),
    availabilityZone: z.string().optional(),
    productDescription: z.string().default('Linux/UNIX'),
  }),
  z.strictObject({
    ...reservationCommon,
    service: z.literal('rds'),
    /** The engine as RDS names it: postgresql, mysql, oracle-se2(li) … */
    productDescription: z.string().default('postgresql'),
    multiAz: z.boolean().default(false),
  }),
  z.strictObject({
    ...reservationCommon,
    service: z.literal('elasticache'),
    /** The engine as ElastiCache names it: redis, memcached, valkey. */
    productDescription: z.string().default('redis'),
  }),
  z.strictObject({ ...reservationCommon, service: z.literal('opensearch') }),
  z.strictObject({
    ...reservationCommon,
    service: z.literal('redshift'),
    /** Redshift's ReservedNodeOfferingType. */
    offeringClass: z.enum(['Regular', 'Upgradable']).default('Regular'),
  }),
]);
export type ScenarioReservation = z.output<typeof reservation>;

/** A savings plan the account describes (Savings Plans DescribeSavingsPlans); plans are global, not regional. */
const savingsPlan = z
  .strictObject({
    id: z.string().min(1),
    accountId: common.accountId,
    /** Defaults to arn:aws:savingsplans::<account>:savingsplan/<id>, the bill's form. */
    arn: z.string().optional(),
    planType: z.enum(['Compute', 'EC2Instance', 'SageMaker', 'Database']).default('Compute'),
    paymentOption: z.enum(['All Upfront', 'Partial Upfront', 'No Upfront']).default('No Upfront'),
    /** $/h committed. */
    commitment: z.number().positive(),
    /** Share of the term's commitment paid upfront (0 for No Upfront). */
    upfrontShare: z.number().min(0).max(1).default(0),
    start: isoDate,
    term: z.enum(['1yr', '3yr']).default('1yr'),
    end: isoDate.optional(),
    /** EC2 Instance plans only. */
    region: z.string().optional(),
    instanceFamily: z.string().optional(),
  })
  .refine((p) => p.planType !== 'EC2Instance' || (p.region !== undefined && p.instanceFamily !== undefined), {
    message: 'an EC2Instance plan names its region and instanceFamily',
  });
export type ScenarioSavingsPlan = z.output<typeof savingsPlan>;

const account = z.strictObject({
  accountId: common.accountId,
  name: z.string().optional(),
  /** Opt-in regions this account has enabled. */
  optedInRegions: z.array(z.string()).default([]),
});

const region = z.strictObject({ name: z.string().min(1), optIn: z.boolean().default(false) });

/** An error the simulated cloud answers instead of data (a role that cannot be assumed, a denied region …). */
const fault = z.strictObject({
  accountId: common.accountId,
  region: z.string().optional(),
  service: z.enum(CLOUD_SERVICES),
  /** Only this operation of the service fails (DescribeReservedInstances …); without it, every operation. */
  operation: z.string().min(1).optional(),
  code: z.string().default('AccessDenied'),
  message: z.string().optional(),
});
export type ScenarioFault = z.output<typeof fault>;

const dnsName = (pattern: RegExp, what: string) => z.string().regex(pattern, `expected a Kubernetes ${what}`);

/** A Deployment or StatefulSet of a simulated cluster at the scenario's start. */
const kubernetesWorkload = z.strictObject({
  namespace: dnsName(DNS_LABEL, 'namespace (an RFC 1123 label)'),
  kind: z.enum(WORKLOAD_KINDS),
  name: dnsName(DNS_SUBDOMAIN, 'name (an RFC 1123 subdomain)'),
  /** spec.replicas at the start; the scale subresource changes it. */
  replicas: z.number().int().nonnegative(),
  labels: z.record(z.string(), z.string()).default({}),
});

/** A simulated Kubernetes cluster (docs/containers.md): its name (an EKS cluster's) and its scalable workloads. */
const kubernetesCluster = z
  .strictObject({
    name: z.string().min(1),
    workloads: z.array(kubernetesWorkload).default([]),
  })
  .superRefine((cluster, ctx) => {
    const seen = new Set<string>();
    cluster.workloads.forEach((w, index) => {
      const key = `${w.namespace}/${w.kind}/${w.name}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['workloads', index, 'name'],
          message: `${key} is listed twice`,
        });
      seen.add(key);
    });
  });
export type ScenarioKubernetesCluster = z.output<typeof kubernetesCluster>;

/** The scenario's `kubernetes` section, also read alone (a simulated cluster's port needs only it). */
export const scenarioKubernetesSchema = z
  .strictObject({ clusters: z.array(kubernetesCluster).default([]) })
  .superRefine((section, ctx) => {
    const seen = new Set<string>();
    section.clusters.forEach((c, index) => {
      if (seen.has(c.name))
        ctx.addIssue({
          code: 'custom',
          path: ['clusters', index, 'name'],
          message: `${c.name} is listed twice`,
        });
      seen.add(c.name);
    });
  });

export const scenarioSchema = z.strictObject({
  version: z.literal(1),
  seed: z.number().int().default(1),
  /** The clock's time when the scenario loads (defaults to the loader's clock). */
  start: isoDate.optional(),
  /** How long pending/stopping states last before they settle. */
  transitionSeconds: z.number().int().nonnegative().default(60),
  regions: z.array(region).min(1),
  accounts: z.array(account).min(1),
  resources: z.array(resource).default([]),
  events: z.array(event).default([]),
  faults: z.array(fault).default([]),
  reservations: z.array(reservation).default([]),
  savingsPlans: z.array(savingsPlan).default([]),
  /** Simulated Kubernetes clusters the container scheduler scales (the demo's EKS clusters). */
  kubernetes: scenarioKubernetesSchema.default({ clusters: [] }),
});
export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
