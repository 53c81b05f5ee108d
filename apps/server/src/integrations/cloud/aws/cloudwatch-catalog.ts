import type { Dimension, MetricDataQuery } from '@aws-sdk/client-cloudwatch';
import type { MetricName, MetricQuery } from '../cloud-metrics';
import type { ResourceKind, S3StorageClass } from '../cloud-resources';

/** CloudWatch's BucketSizeBytes StorageType values that make up each storage class. */
export const S3_STORAGE_TYPES: Record<S3StorageClass, string[]> = {
  STANDARD: ['StandardStorage'],
  STANDARD_IA: ['StandardIAStorage'],
  ONEZONE_IA: ['OneZoneIAStorage'],
  INTELLIGENT_TIERING: [
    'IntelligentTieringFAStorage',
    'IntelligentTieringIAStorage',
    'IntelligentTieringAIAStorage',
  ],
  GLACIER_IR: ['GlacierInstantRetrievalStorage'],
  GLACIER: ['GlacierStorage'],
  DEEP_ARCHIVE: ['DeepArchiveStorage'],
  REDUCED_REDUNDANCY: ['ReducedRedundancyStorage'],
};

type Source = { namespace: string; name: string };

/** Namespace and metric name per port metric and kind (CWAgent publishes memory as mem_used_percent). */
const SOURCES: Record<MetricName, Partial<Record<ResourceKind, Source>>> = {
  'cpu-utilization': {
    'ec2-instance': { namespace: 'AWS/EC2', name: 'CPUUtilization' },
    'rds-instance': { namespace: 'AWS/RDS', name: 'CPUUtilization' },
  },
  'memory-utilization': { 'ec2-instance': { namespace: 'CWAgent', name: 'mem_used_percent' } },
  'network-in': { 'ec2-instance': { namespace: 'AWS/EC2', name: 'NetworkIn' } },
  'network-out': { 'ec2-instance': { namespace: 'AWS/EC2', name: 'NetworkOut' } },
  'disk-read-bytes': { 'ec2-instance': { namespace: 'AWS/EC2', name: 'DiskReadBytes' } },
  'disk-write-bytes': { 'ec2-instance': { namespace: 'AWS/EC2', name: 'DiskWriteBytes' } },
  'ebs-read-ops': {
    'ec2-instance': { namespace: 'AWS/EC2', name: 'EBSReadOps' },
    'ebs-volume': { namespace: 'AWS/EBS', name: 'VolumeReadOps' },
  },
  'ebs-write-ops': {
    'ec2-instance': { namespace: 'AWS/EC2', name: 'EBSWriteOps' },
    'ebs-volume': { namespace: 'AWS/EBS', name: 'VolumeWriteOps' },
  },
  'ebs-read-bytes': {
    'ec2-instance': { namespace: 'AWS/EC2', name: 'EBSReadBytes' },
    'ebs-volume': { namespace: 'AWS/EBS', name: 'VolumeReadBytes' },
  },
  'ebs-write-bytes': {
    'ec2-instance': { namespace: 'AWS/EC2', name: 'EBSWriteBytes' },
    'ebs-volume': { namespace: 'AWS/EBS', name: 'VolumeWriteBytes' },
  },
  'rds-connections': { 'rds-instance': { namespace: 'AWS/RDS', name: 'DatabaseConnections' } },
  'rds-read-iops': { 'rds-instance': { namespace: 'AWS/RDS', name: 'ReadIOPS' } },
  'rds-write-iops': { 'rds-instance': { namespace: 'AWS/RDS', name: 'WriteIOPS' } },
  // NLBs count flows, not requests; NewFlowCount is their closest measure of use.
  'elb-requests': { 'load-balancer': { namespace: 'AWS/ApplicationELB', name: 'RequestCount' } },
  's3-bytes': { 's3-bucket': { namespace: 'AWS/S3', name: 'BucketSizeBytes' } },
  's3-get-requests': { 's3-bucket': { namespace: 'AWS/S3', name: 'GetRequests' } },
  'nat-bytes-out': { 'nat-gateway': { namespace: 'AWS/NATGateway', name: 'BytesOutToDestination' } },
  'nat-bytes-in': { 'nat-gateway': { namespace: 'AWS/NATGateway', name: 'BytesInFromDestination' } },
  'lambda-duration': { 'lambda-function': { namespace: 'AWS/Lambda', name: 'Duration' } },
  'lambda-invocations': { 'lambda-function': { namespace: 'AWS/Lambda', name: 'Invocations' } },
  'lambda-memory-used': { 'lambda-function': { namespace: 'LambdaInsights', name: 'used_memory_max' } },
};

function dimensions(query: MetricQuery): Dimension[] {
  const { kind, id } = query.resource;
  switch (kind) {
    case 'ec2-instance':
      return [{ Name: 'InstanceId', Value: id }];
    case 'ebs-volume':
      return [{ Name: 'VolumeId', Value: id }];
    case 'rds-instance':
      return [{ Name: 'DBInstanceIdentifier', Value: id }];
    case 'load-balancer':
      return [{ Name: 'LoadBalancer', Value: id }];
    case 's3-bucket':
      return query.metric === 's3-get-requests'
        ? [
            { Name: 'BucketName', Value: id },
            { Name: 'FilterId', Value: 'EntireBucket' },
          ]
        : [{ Name: 'BucketName', Value: id }];
    case 'nat-gateway':
      return [{ Name: 'NatGatewayId', Value: id }];
    case 'lambda-function':
      // Lambda Insights spells the dimension function_name.
      return [{ Name: query.metric === 'lambda-memory-used' ? 'function_name' : 'FunctionName', Value: id }];
    default:
      return [];
  }
}

function source(query: MetricQuery): Source | null {
  const found = SOURCES[query.metric][query.resource.kind] ?? null;
  if (found && query.metric === 'elb-requests' && query.resource.id.startsWith('net/')) {
    return { namespace: 'AWS/NetworkELB', name: 'NewFlowCount' };
  }
  return found;
}

/**
 * The GetMetricData queries for one port query: one metric, or for an S3 class made of several storage
 * types, their parts summed by a metric-math SUM. The port query's answer is the entry with Id `id`.
 */
export function cloudWatchQueries(
  query: MetricQuery,
  id: string,
  periodSeconds: number,
): MetricDataQuery[] | null {
  const found = source(query);
  if (found === null) return null;
  const stat = query.stat;
  const metric = (extra: Dimension[], partId: string, returnData: boolean): MetricDataQuery => ({
    Id: partId,
    MetricStat: {
      Metric: {
        Namespace: found.namespace,
        MetricName: found.name,
        Dimensions: [...dimensions(query), ...extra],
      },
      Period: periodSeconds,
      Stat: stat,
    },
    ReturnData: returnData,
  });
  if (query.metric !== 's3-bytes') return [metric([], id, true)];
  const types = S3_STORAGE_TYPES[query.storageClass ?? 'STANDARD'];
  if (types.length === 1) return [metric([{ Name: 'StorageType', Value: types[0] }], id, true)];
  const parts = types.map((type, i) => metric([{ Name: 'StorageType', Value: type }], `${id}_${i}`, false));
  return [...parts, { Id: id, Expression: `SUM([${parts.map((p) => p.Id).join(', ')}])`, ReturnData: true }];
}
