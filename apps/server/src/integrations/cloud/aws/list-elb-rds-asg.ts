import {
  type AutoScalingClient,
  type AutoScalingGroup,
  DescribeScalingActivitiesCommand,
  paginateDescribeAutoScalingGroups,
} from '@aws-sdk/client-auto-scaling';
import { DescribeLaunchTemplateVersionsCommand, type EC2Client } from '@aws-sdk/client-ec2';
import {
  DescribeTagsCommand,
  type ElasticLoadBalancingV2Client,
  type LoadBalancer,
  paginateDescribeLoadBalancers,
} from '@aws-sdk/client-elastic-load-balancing-v2';
import {
  type DBCluster,
  type DBInstance,
  paginateDescribeDBClusters,
  paginateDescribeDBInstances,
  type RDSClient,
} from '@aws-sdk/client-rds';
import type { ScalingActivity } from '../cloud-port';
import type {
  AsgLaunchTemplate,
  CloudResource,
  MixedInstancesPolicy,
  LoadBalancer as PortLoadBalancer,
  ResourceRef,
  Tags,
} from '../cloud-resources';
import { collect, type FailureLog, listPages, tagMap } from './aws-failures';
import type { Scope } from './list-ec2';

/** ELBv2 ids are the ARN's tail (`app/name/hash`), the form CloudWatch's LoadBalancer dimension uses. */
export const loadBalancerId = (arn: string) =>
  arn.slice(arn.indexOf(':loadbalancer/') + ':loadbalancer/'.length);
const TAG_BATCH = 20;

/** What every resource of the scope carries: its account, region, tags, and the name it goes by. */
const tagsOf = (scope: Scope, tags: Tags, name: string | undefined) => ({
  accountId: scope.accountId,
  region: scope.region,
  name: name ?? null,
  tags,
});

function loadBalancer(scope: Scope, lb: LoadBalancer, tags: Tags): CloudResource {
  const arn = lb.LoadBalancerArn ?? '';
  return {
    kind: 'load-balancer',
    id: loadBalancerId(arn),
    arn,
    ...tagsOf(scope, tags, lb.LoadBalancerName),
    attachments: [],
    createdAt: lb.CreatedTime ?? null,
    state: lb.State?.Code ?? 'active',
    type: (lb.Type ?? 'application') as PortLoadBalancer['type'],
    scheme: lb.Scheme ?? null,
    dnsName: lb.DNSName ?? null,
  };
}

export async function listLoadBalancers(elb: ElasticLoadBalancingV2Client, scope: Scope, log: FailureLog) {
  const pages = paginateDescribeLoadBalancers({ client: elb }, { PageSize: 400 });
  const found = await log.attempt('elb', 'DescribeLoadBalancers', ['load-balancer'], null, () =>
    collect(pages, (page) => page.LoadBalancers),
  );
  if (found === null) return [];
  const tags = new Map<string, Tags>();
  for (let i = 0; i < found.length; i += TAG_BATCH) {
    const arns = found
      .slice(i, i + TAG_BATCH)
      .flatMap((lb) => (lb.LoadBalancerArn ? [lb.LoadBalancerArn] : []));
    // Without tags the load balancers are still worth keeping: the failure says their tags are missing.
    await log.attempt('elb', 'DescribeTags', ['load-balancer'], undefined, async () => {
      const answer = await elb.send(new DescribeTagsCommand({ ResourceArns: arns }));
      for (const d of answer.TagDescriptions ?? [])
        if (d.ResourceArn) tags.set(d.ResourceArn, tagMap(d.Tags));
    });
  }
  return found.map((lb) => loadBalancer(scope, lb, tags.get(lb.LoadBalancerArn ?? '') ?? {}));
}

function dbInstance(scope: Scope, db: DBInstance): CloudResource {
  const tags = tagMap(db.TagList);
  const clusterId = db.DBClusterIdentifier ?? null;
  return {
    kind: 'rds-instance',
    id: db.DBInstanceIdentifier ?? '',
    arn: db.DBInstanceArn ?? null,
    ...tagsOf(scope, tags, tags.Name ?? db.DBInstanceIdentifier),
    attachments: clusterId ? [{ kind: 'rds-cluster', id: clusterId }] : [],
    createdAt: db.InstanceCreateTime ?? null,
    state: db.DBInstanceStatus ?? 'available',
    instanceClass: db.DBInstanceClass ?? 'unknown',
    engine: db.Engine ?? 'unknown',
    engineVersion: db.EngineVersion ?? null,
    storageType: db.StorageType ?? null,
    allocatedStorageGiB: db.AllocatedStorage ?? 0,
    iops: db.Iops ?? null,
    multiAz: db.MultiAZ ?? false,
    clusterId,
  };
}

function dbCluster(scope: Scope, c: DBCluster): CloudResource {
  const tags = tagMap(c.TagList);
  const members: ResourceRef[] = (c.DBClusterMembers ?? []).flatMap((m) =>
    m.DBInstanceIdentifier ? [{ kind: 'rds-instance' as const, id: m.DBInstanceIdentifier }] : [],
  );
  return {
    kind: 'rds-cluster',
    id: c.DBClusterIdentifier ?? '',
    arn: c.DBClusterArn ?? null,
    ...tagsOf(scope, tags, tags.Name ?? c.DBClusterIdentifier),
    attachments: members,
    createdAt: c.ClusterCreateTime ?? null,
    state: c.Status ?? 'available',
    engine: c.Engine ?? 'unknown',
    engineVersion: c.EngineVersion ?? null,
    engineMode: c.EngineMode ?? null,
    allocatedStorageGiB: c.AllocatedStorage ?? null,
  };
}

export async function listRds(rds: RDSClient, scope: Scope, kinds: ReadonlySet<string>, log: FailureLog) {
  const out: CloudResource[] = [];
  if (kinds.has('rds-instance')) {
    const pages = paginateDescribeDBInstances({ client: rds }, { MaxRecords: 100 });
    const call = { service: 'rds', operation: 'DescribeDBInstances', kind: 'rds-instance' } as const;
    out.push(
      ...(await listPages(log, call, pages, (page) => page.DBInstances?.map((db) => dbInstance(scope, db)))),
    );
  }
  if (kinds.has('rds-cluster')) {
    const pages = paginateDescribeDBClusters({ client: rds }, { MaxRecords: 100 });
    const call = { service: 'rds', operation: 'DescribeDBClusters', kind: 'rds-cluster' } as const;
    out.push(
      ...(await listPages(log, call, pages, (page) => page.DBClusters?.map((c) => dbCluster(scope, c)))),
    );
  }
  return out;
}

function autoScalingGroup(scope: Scope, g: AutoScalingGroup): CloudResource {
  const tags = tagMap(g.Tags);
  const fromInstances = (g.Instances ?? []).flatMap((i) => (i.InstanceType ? [i.InstanceType] : []));
  const overrides = (g.MixedInstancesPolicy?.LaunchTemplate?.Overrides ?? []).flatMap((o) =>
    o.InstanceType ? [o.InstanceType] : [],
  );
  return {
    kind: 'autoscaling-group',
    id: g.AutoScalingGroupName ?? '',
    arn: g.AutoScalingGroupARN ?? null,
    ...tagsOf(scope, tags, g.AutoScalingGroupName),
    attachments: (g.Instances ?? []).flatMap((i) =>
      i.InstanceId ? [{ kind: 'ec2-instance' as const, id: i.InstanceId }] : [],
    ),
    createdAt: g.CreatedTime ?? null,
    state: g.Status === undefined ? 'active' : 'deleting',
    minSize: g.MinSize ?? 0,
    maxSize: g.MaxSize ?? 0,
    desiredCapacity: g.DesiredCapacity ?? 0,
    instanceTypes: [...new Set([...fromInstances, ...overrides])].sort(),
    launchTemplate: launchTemplateOf(g),
    mixedInstancesPolicy: mixedPolicyOf(g, overrides),
  };
}

function launchTemplateOf(g: AutoScalingGroup): AsgLaunchTemplate | null {
  const spec = g.LaunchTemplate ?? g.MixedInstancesPolicy?.LaunchTemplate?.LaunchTemplateSpecification;
  const name = spec?.LaunchTemplateName ?? spec?.LaunchTemplateId;
  return name === undefined ? null : { name, version: spec?.Version ?? null, instanceType: null };
}

/** AWS's defaults where the distribution leaves a field out (on-demand base 0, 100 % on demand, lowest-price). */
function mixedPolicyOf(g: AutoScalingGroup, overrides: string[]): MixedInstancesPolicy | null {
  const policy = g.MixedInstancesPolicy;
  if (policy === undefined) return null;
  const d = policy.InstancesDistribution;
  return {
    onDemandBaseCapacity: d?.OnDemandBaseCapacity ?? 0,
    onDemandPercentageAboveBaseCapacity: d?.OnDemandPercentageAboveBaseCapacity ?? 100,
    spotAllocationStrategy: d?.SpotAllocationStrategy ?? 'lowest-price',
    instanceTypes: overrides,
  };
}

export async function listAutoScalingGroups(
  clients: { autoscaling: AutoScalingClient; ec2: EC2Client },
  scope: Scope,
  log: FailureLog,
) {
  const pages = paginateDescribeAutoScalingGroups({ client: clients.autoscaling }, { MaxRecords: 100 });
  const call = {
    service: 'autoscaling',
    operation: 'DescribeAutoScalingGroups',
    kind: 'autoscaling-group',
  } as const;
  const listed = await listPages(log, call, pages, (page) => page.AutoScalingGroups ?? []);
  const types = await templateTypes(clients.ec2, listed, log);
  return listed.map((g) => {
    const resource = autoScalingGroup(scope, g);
    const spec = templateSpecOf(g);
    if (resource.kind === 'autoscaling-group' && resource.launchTemplate !== null && spec !== null)
      resource.launchTemplate.instanceType = types.get(templateKey(spec)) ?? null;
    return resource;
  });
}

type TemplateSpec = { LaunchTemplateId?: string; LaunchTemplateName?: string; Version?: string };
const templateSpecOf = (g: AutoScalingGroup): TemplateSpec | null =>
  g.LaunchTemplate ?? g.MixedInstancesPolicy?.LaunchTemplate?.LaunchTemplateSpecification ?? null;
const templateKey = (spec: TemplateSpec) =>
  `${spec.LaunchTemplateId ?? ''}|${spec.LaunchTemplateName ?? ''}|${spec.Version ?? '$Default'}`;

/**
 * The instance type of each launch template version the groups launch (DescribeLaunchTemplateVersions, one call
 * per template). A refusal loses only the types: the groups stay listed, so it names no incomplete kind.
 */
async function templateTypes(ec2: EC2Client, groups: AutoScalingGroup[], log: FailureLog) {
  const wanted = new Map<string, TemplateSpec>();
  for (const g of groups) {
    const spec = templateSpecOf(g);
    if (spec?.LaunchTemplateId || spec?.LaunchTemplateName) wanted.set(templateKey(spec), spec);
  }
  const out = new Map<string, string>();
  for (const [key, spec] of wanted) {
    const ref = spec.LaunchTemplateId
      ? { LaunchTemplateId: spec.LaunchTemplateId }
      : { LaunchTemplateName: spec.LaunchTemplateName };
    const answer = await log.attempt('ec2', 'DescribeLaunchTemplateVersions', [], null, () =>
      ec2.send(new DescribeLaunchTemplateVersionsCommand({ ...ref, Versions: [spec.Version ?? '$Default'] })),
    );
    const type = answer?.LaunchTemplateVersions?.[0]?.LaunchTemplateData?.InstanceType;
    if (type !== undefined) out.set(key, type);
  }
  return out;
}

/** DescribeScalingActivities, one page of the newest (AWS answers newest first, at most 100 a page). */
export async function listScalingActivities(
  autoscaling: AutoScalingClient,
  groupName: string,
  limit: number,
  log: FailureLog,
): Promise<ScalingActivity[]> {
  const answer = await log.attempt('autoscaling', 'DescribeScalingActivities', [], null, () =>
    autoscaling.send(
      new DescribeScalingActivitiesCommand({
        AutoScalingGroupName: groupName,
        MaxRecords: Math.min(100, Math.max(1, limit)),
      }),
    ),
  );
  return (answer?.Activities ?? []).slice(0, limit).map((a) => ({
    id: a.ActivityId ?? '',
    startTime: a.StartTime ?? new Date(0),
    endTime: a.EndTime ?? null,
    status: a.StatusCode ?? 'Unknown',
    statusMessage: a.StatusMessage ?? null,
    cause: a.Cause ?? '',
    description: a.Description ?? '',
    progress: a.Progress ?? null,
  }));
}
