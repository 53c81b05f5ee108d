import {
  type CloudWatchClient,
  type MetricDataQuery,
  paginateGetMetricData,
} from '@aws-sdk/client-cloudwatch';
import type { MetricPoint, MetricSeries, MetricsRequest } from '../cloud-metrics';
import type { ResourceKind } from '../cloud-resources';
import type { FailureLog } from './aws-failures';
import { cloudWatchQueries } from './cloudwatch-catalog';

/** GetMetricData takes at most 500 queries per request. */
const MAX_QUERIES = 500;

/**
 * One series per port query, in order. CloudWatch ids must look like identifiers, so the port's ids are
 * mapped to q0, q1 …; a batch that fails leaves its series empty and records the failure.
 */
export async function getAwsMetrics(
  cloudwatch: CloudWatchClient,
  request: MetricsRequest,
  log: FailureLog,
  /** The kinds left incomplete when a batch fails (S3 sizes in a listing). */
  kinds: ResourceKind[] = [],
) {
  const points = new Map<string, MetricPoint[]>();
  const batches: MetricDataQuery[][] = [[]];
  request.queries.forEach((query, index) => {
    const parts = cloudWatchQueries(query, `q${index}`, request.periodSeconds);
    if (parts === null) return;
    let batch = batches[batches.length - 1] ?? [];
    if (batch.length + parts.length > MAX_QUERIES) {
      batch = [];
      batches.push(batch);
    }
    batch.push(...parts);
  });
  for (const batch of batches) {
    if (batch.length === 0) continue;
    const pages = paginateGetMetricData(
      { client: cloudwatch },
      {
        MetricDataQueries: batch,
        StartTime: request.start,
        EndTime: request.end,
        ScanBy: 'TimestampAscending',
      },
    );
    await log.attempt('cloudwatch', 'GetMetricData', kinds, undefined, async () => {
      for await (const page of pages) {
        for (const result of page.MetricDataResults ?? []) {
          const id = result.Id ?? '';
          const list = points.get(id) ?? [];
          (result.Timestamps ?? []).forEach((timestamp, i) => {
            const value = result.Values?.[i];
            if (value !== undefined) list.push({ timestamp, value });
          });
          points.set(id, list);
        }
      }
    });
  }
  return request.queries.map(
    (query, index): MetricSeries => ({
      id: query.id,
      points: (points.get(`q${index}`) ?? []).sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime()),
    }),
  );
}
