import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAwsCloud } from '../../integrations/cloud/aws/aws-cloud';
import {
  hasData,
  type MetricSource,
  metricValue,
  startCloudWatchDouble,
} from '../../integrations/cloud/aws/cloudwatch-double.test-helper';
import { METRIC_NAMES, metricAppliesTo } from '../../integrations/cloud/cloud-metrics';
import type { CloudResource } from '../../integrations/cloud/cloud-resources';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { retentionCutoffs } from '../../warehouse/metrics-store';
import { collectMetrics } from './collect-metrics';

// Metrics collection as the job runs it, through the aws adapter and the SDK's own CloudWatchClient (signing,
// JSON protocol, retry strategy, paginator) against a loopback CloudWatch that answers GetMetricData as
// documented: pages of at most 500 points with NextToken and PartialData, hours without data, one throttling
// answer first.
const NOW = new Date('2026-11-20T10:30:00Z');
const PROJECT = 'p-aws-metrics';
const account = {
  accountId: '111111111111',
  credentials: { kind: 'keys', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
} as const;
const base = {
  accountId: account.accountId,
  region: 'us-east-1',
  tags: {},
  attachments: [],
  createdAt: null,
};
const INSTANCE: CloudResource = {
  ...base,
  kind: 'ec2-instance',
  id: 'i-0a1b2c3d4e5f60001',
  arn: null,
  name: 'web',
  state: 'running',
  instanceType: 'm5.large',
  availabilityZone: 'us-east-1a',
  platform: 'linux',
  lifecycle: 'on-demand',
  hibernationEnabled: false,
};
const BUCKET: CloudResource = {
  ...base,
  kind: 's3-bucket',
  id: 'finlens-logs',
  arn: 'arn:aws:s3:::finlens-logs',
  name: 'finlens-logs',
  state: 'available',
  storage: [{ storageClass: 'INTELLIGENT_TIERING', bytes: 1e9 }],
  objectCount: 10,
  lifecycleRules: 0,
};
const cpu: MetricSource = {
  namespace: 'AWS/EC2',
  name: 'CPUUtilization',
  dimensions: { InstanceId: INSTANCE.id },
};
/** Intelligent-Tiering is three CloudWatch storage types, summed by metric math. */
const tiering = [
  'IntelligentTieringFAStorage',
  'IntelligentTieringIAStorage',
  'IntelligentTieringAIAStorage',
].map(
  (type): MetricSource => ({
    namespace: 'AWS/S3',
    name: 'BucketSizeBytes',
    dimensions: { BucketName: BUCKET.id, StorageType: type },
  }),
);

describe('metrics collection through the aws adapter against a GetMetricData double', () => {
  let dir: string;
  let store: DuckDbCostStore;
  let double: Awaited<ReturnType<typeof startCloudWatchDouble>>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'finlens-aws-metrics-'));
    store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
    await store.init();
    double = await startCloudWatchDouble({ pageSize: 500, throttle: 1 });
  });
  afterAll(async () => {
    await double?.close();
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('pages through NextToken, retries the throttled call, and stores exactly the points CloudWatch has', async () => {
    const port = createAwsCloud({ clientSettings: { endpoint: double.endpoint }, now: () => NOW });
    const { failures, points } = await collectMetrics({
      port,
      account,
      store: store.metrics,
      projectId: PROJECT,
      region: 'us-east-1',
      resources: [INSTANCE, BUCKET],
      now: NOW,
    });
    expect(failures).toEqual([]);

    // The first call was throttled and the SDK sent the same request again after a pause.
    const [throttled, retried] = double.seen;
    expect(throttled?.status).toBe(400);
    expect(retried?.body).toEqual(throttled?.body);
    expect((retried?.at ?? 0) - (throttled?.at ?? 0)).toBeGreaterThan(0);
    // Signed for CloudWatch (SigV4, service `monitoring`) with the account's keys.
    expect(retried?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/monitoring\/aws4_request/,
    );
    // Every later page asked for by the previous answer's token: more than one page per request.
    const paged = double.seen.filter((s) => s.status === 200 && s.body.NextToken !== undefined);
    expect(paged.length).toBeGreaterThan(2);

    // Hourly: every hour of the 14-day window up to now that has data, with its value; gaps stay gaps.
    const { hourlyBefore, dailyBefore } = retentionCutoffs(NOW);
    const end = new Date('2026-11-20T11:00:00Z').getTime() / 1000;
    const hours: number[] = [];
    for (let t = hourlyBefore.getTime() / 1000; t < end; t += 3600) if (hasData(t)) hours.push(t);
    const read = { projectId: PROJECT, from: hourlyBefore, to: new Date(end * 1000) };
    const stored = await store.metrics.hourlySeries({
      ...read,
      resourceId: INSTANCE.id,
      metrics: ['cpu-utilization'],
    });
    expect(stored.map((p) => [new Date(p.hour).getTime() / 1000, p.value])).toEqual(
      hours.map((t) => [t, metricValue(cpu, 'Average', t)]),
    );
    const bytes = await store.metrics.hourlySeries({ ...read, resourceId: BUCKET.id, metrics: ['s3-bytes'] });
    expect(bytes.map((p) => [p.storageClass, new Date(p.hour).getTime() / 1000, p.value])).toEqual(
      hours.map((t) => [
        'INTELLIGENT_TIERING',
        t,
        tiering.reduce((sum, source) => sum + metricValue(source, 'Average', t), 0),
      ]),
    );
    // Each metric of the instance, the bucket's class and its GET requests, on every hour with data.
    const series = METRIC_NAMES.filter((m) => metricAppliesTo(m, 'ec2-instance')).length + 2;
    expect(points).toBe(series * hours.length);

    // Daily, before the hourly window: CloudWatch's own Average, p95 and Maximum of each day with data.
    const days: number[] = [];
    for (let t = Date.parse(`${dailyBefore}T00:00:00Z`) / 1000; t < hourlyBefore.getTime() / 1000; t += 86400)
      if (hasData(t)) days.push(t);
    const daily = await store.metrics.dailySeries({
      projectId: PROJECT,
      resourceId: INSTANCE.id,
      metrics: ['cpu-utilization'],
      from: new Date(`${dailyBefore}T00:00:00Z`),
      to: hourlyBefore,
    });
    expect(daily.map((d) => [d.day, d.avg, d.p95, d.max, d.hours])).toEqual(
      days.map((t) => [
        new Date(t * 1000).toISOString().slice(0, 10),
        metricValue(cpu, 'Average', t),
        metricValue(cpu, 'p95', t),
        metricValue(cpu, 'Maximum', t),
        0,
      ]),
    );
  });
});
