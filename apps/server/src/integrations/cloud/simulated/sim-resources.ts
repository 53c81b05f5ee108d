import type { CloudResource } from '../cloud-resources';
import type { ScenarioResource } from './scenario-schema';

/** The ARN AWS would give the resource (null where it holds an id the scenario cannot know). */
function defaultArn(r: ScenarioResource): string | null {
  const at = (service: string) => `arn:aws:${service}:${r.region}:${r.accountId}`;
  switch (r.kind) {
    case 'ec2-instance':
      return `${at('ec2')}:instance/${r.id}`;
    case 'ebs-volume':
      return `${at('ec2')}:volume/${r.id}`;
    case 'ebs-snapshot':
      return `${at('ec2')}:snapshot/${r.id}`;
    case 'elastic-ip':
      return `${at('ec2')}:elastic-ip/${r.id}`;
    case 'load-balancer':
      return r.type === 'classic' ? null : `${at('elasticloadbalancing')}:loadbalancer/${r.id}`;
    case 'rds-instance':
      return `${at('rds')}:db:${r.id}`;
    case 'rds-cluster':
      return `${at('rds')}:cluster:${r.id}`;
    case 's3-bucket':
      return `arn:aws:s3:::${r.id}`;
    case 'eks-cluster':
      return `${at('eks')}:cluster/${r.id}`;
    case 'eks-fargate-profile':
      return `${at('eks')}:fargateprofile/${r.id}/${r.id.replace('/', '-')}`;
    case 'lambda-function':
      return `${at('lambda')}:function:${r.id}`;
    case 'nat-gateway':
      return `${at('ec2')}:natgateway/${r.id}`;
    case 'autoscaling-group':
    case 'eks-nodegroup':
      return null;
  }
}

const NAMED_BY_ID = new Set([
  'load-balancer',
  'rds-instance',
  'rds-cluster',
  's3-bucket',
  'autoscaling-group',
  'eks-cluster',
  'lambda-function',
]);

/** A scenario resource as the port returns it: defaults filled, absent values null. */
export function toCloudResource(r: ScenarioResource): CloudResource {
  const { metrics: _metrics, ...fields } = r;
  const base = {
    ...fields,
    arn: r.arn ?? defaultArn(r),
    name: r.name ?? r.tags.Name ?? (NAMED_BY_ID.has(r.kind) ? r.id : null),
    tags: { ...r.tags },
    attachments: r.attachments.map((a) => ({ ...a })),
    createdAt: r.createdAt ?? null,
  };
  switch (base.kind) {
    case 'ec2-instance':
      return { ...base, availabilityZone: base.availabilityZone ?? null };
    case 'ebs-volume':
      return {
        ...base,
        iops: base.iops ?? null,
        throughputMiBps: base.throughputMiBps ?? null,
        availabilityZone: base.availabilityZone ?? null,
      };
    case 'ebs-snapshot':
      return { ...base, volumeId: base.volumeId ?? null };
    case 'elastic-ip': {
      const associatedWith = base.attachments[0]?.id ?? null;
      return { ...base, state: associatedWith === null ? 'unassociated' : 'associated', associatedWith };
    }
    case 'load-balancer':
      return { ...base, dnsName: base.dnsName ?? null };
    case 'rds-instance':
      return {
        ...base,
        engineVersion: base.engineVersion ?? null,
        iops: base.iops ?? null,
        clusterId: base.clusterId ?? null,
      };
    case 'rds-cluster':
      return {
        ...base,
        engineVersion: base.engineVersion ?? null,
        allocatedStorageGiB: base.allocatedStorageGiB ?? null,
      };
    case 's3-bucket':
      return {
        ...base,
        state: 'available',
        objectCount: base.objectCount ?? null,
        lifecycleRules: base.lifecycleRules ?? null,
      };
    case 'eks-cluster':
      return { ...base, version: base.version ?? null };
    case 'eks-nodegroup':
      return { ...base, clusterName: base.id.split('/')[0] ?? base.id };
    case 'eks-fargate-profile':
      return {
        ...base,
        name: r.name ?? base.id.split('/')[1] ?? base.id,
        clusterName: base.id.split('/')[0] ?? base.id,
      };
    case 'lambda-function':
      return { ...base, runtime: base.runtime ?? null };
    case 'autoscaling-group': {
      const { scalingActivities: _activities, ...group } = base;
      return group;
    }
    case 'nat-gateway':
      return {
        ...base,
        vpcId: base.vpcId ?? null,
        subnetId: base.subnetId ?? null,
        publicIp: base.connectivityType === 'public' ? (base.publicIp ?? null) : null,
      };
  }
}

/** States in which a resource's compute runs (and its CPU and usage count). */
export function isRunningState(resource: CloudResource): boolean {
  switch (resource.kind) {
    case 'ec2-instance':
      return (
        resource.state === 'running' || resource.state === 'stopping' || resource.state === 'shutting-down'
      );
    case 'rds-instance':
    case 'rds-cluster':
      return resource.state !== 'stopped' && resource.state !== 'starting' && resource.state !== 'deleting';
    default:
      return true;
  }
}
