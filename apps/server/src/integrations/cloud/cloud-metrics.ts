import type { ResourceMetricName } from '@finlens/contracts/resource-metrics';
import type { ResourceKind, ResourceRef, S3StorageClass } from './cloud-resources';

/**
 * The utilisation metrics the port reads (CloudWatch GetMetricData underneath on AWS). Each applies to the
 * kinds listed; `sum` metrics add up over a period (bytes, operations, requests), `gauge` metrics are levels.
 */
export const METRICS = {
  'cpu-utilization': { kinds: ['ec2-instance', 'rds-instance'], unit: 'percent', shape: 'gauge' },
  /** Published only by the CloudWatch agent (namespace CWAgent); absent otherwise. */
  'memory-utilization': { kinds: ['ec2-instance'], unit: 'percent', shape: 'gauge' },
  'network-in': { kinds: ['ec2-instance'], unit: 'bytes', shape: 'sum' },
  'network-out': { kinds: ['ec2-instance'], unit: 'bytes', shape: 'sum' },
  'disk-read-bytes': { kinds: ['ec2-instance'], unit: 'bytes', shape: 'sum' },
  'disk-write-bytes': { kinds: ['ec2-instance'], unit: 'bytes', shape: 'sum' },
  'ebs-read-ops': { kinds: ['ec2-instance', 'ebs-volume'], unit: 'count', shape: 'sum' },
  'ebs-write-ops': { kinds: ['ec2-instance', 'ebs-volume'], unit: 'count', shape: 'sum' },
  'ebs-read-bytes': { kinds: ['ec2-instance', 'ebs-volume'], unit: 'bytes', shape: 'sum' },
  'ebs-write-bytes': { kinds: ['ec2-instance', 'ebs-volume'], unit: 'bytes', shape: 'sum' },
  'rds-connections': { kinds: ['rds-instance'], unit: 'count', shape: 'gauge' },
  'rds-read-iops': { kinds: ['rds-instance'], unit: 'count/second', shape: 'gauge' },
  'rds-write-iops': { kinds: ['rds-instance'], unit: 'count/second', shape: 'gauge' },
  'elb-requests': { kinds: ['load-balancer'], unit: 'count', shape: 'sum' },
  /** Daily storage metric; needs `storageClass`. */
  's3-bytes': { kinds: ['s3-bucket'], unit: 'bytes', shape: 'gauge' },
  /**
   * GET requests to the bucket (AWS/S3 GetRequests): published only when the bucket has a request-metrics
   * configuration; Finlens reads the one named EntireBucket (the console's default for the whole bucket).
   */
  's3-get-requests': { kinds: ['s3-bucket'], unit: 'count', shape: 'sum' },
  /** Bytes the gateway sent out to destinations (AWS/NATGateway BytesOutToDestination). */
  'nat-bytes-out': { kinds: ['nat-gateway'], unit: 'bytes', shape: 'sum' },
  /** Bytes it received back from destinations (BytesInFromDestination). */
  'nat-bytes-in': { kinds: ['nat-gateway'], unit: 'bytes', shape: 'sum' },
  /** Milliseconds an invocation ran (AWS/Lambda Duration). */
  'lambda-duration': { kinds: ['lambda-function'], unit: 'milliseconds', shape: 'gauge' },
  'lambda-invocations': { kinds: ['lambda-function'], unit: 'count', shape: 'sum' },
  /** Peak memory an invocation used, MiB: published only by Lambda Insights (namespace LambdaInsights). */
  'lambda-memory-used': { kinds: ['lambda-function'], unit: 'MiB', shape: 'gauge' },
  // The API's metric names (packages/contracts) are exactly these: one missing or extra fails to compile.
} as const satisfies Record<
  ResourceMetricName,
  { kinds: readonly ResourceKind[]; unit: string; shape: 'gauge' | 'sum' }
>;
export type MetricName = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as MetricName[];

export const METRIC_STATS = ['Average', 'Maximum', 'Minimum', 'Sum', 'p95'] as const;
export type MetricStat = (typeof METRIC_STATS)[number];

export interface MetricQuery {
  /** The caller's key for the answer (unique within one request). */
  id: string;
  metric: MetricName;
  resource: ResourceRef;
  stat: MetricStat;
  /** For s3-bytes: which storage class. */
  storageClass?: S3StorageClass;
}

export interface MetricsRequest {
  queries: MetricQuery[];
  /** Inclusive start, exclusive end (UTC). */
  start: Date;
  end: Date;
  /** Seconds per point: 60 or a multiple of it (3600 hourly, 86400 daily). */
  periodSeconds: number;
}

export interface MetricPoint {
  timestamp: Date;
  value: number;
}

export interface MetricSeries {
  id: string;
  /** Oldest first; a period without data has no point. */
  points: MetricPoint[];
}

/** Whether a metric applies to a kind (the port answers other pairs with an empty series). */
export function metricAppliesTo(metric: MetricName, kind: ResourceKind): boolean {
  return (METRICS[metric].kinds as readonly ResourceKind[]).includes(kind);
}
