import type { MetricEvidence } from '@finlens/contracts/recommendations';
import type { ResourceMetrics } from '@finlens/contracts/resource-metrics';
import type { ChartData } from '../../components/Chart';

type Series = ResourceMetrics['series'][number];

/**
 * One evidence chart: the statistic the rule compared (daily avg, p95 or max of the hourly values) per day,
 * with the threshold as a flat line, so a reader sees how far under (or over) it the resource ran.
 */
export function evidenceChartData(evidence: MetricEvidence, series: Series | undefined): ChartData | null {
  if (series === undefined || series.points.length === 0) return null;
  const value = (p: Series['points'][number]) =>
    evidence.statistic === 'p95'
      ? (p.p95 ?? p.value)
      : evidence.statistic === 'max'
        ? (p.max ?? p.value)
        : p.value;
  const lines = [{ name: `Daily ${evidence.statistic}`, values: series.points.map(value) }];
  if (evidence.threshold !== null) {
    lines.push({ name: 'Threshold', values: series.points.map(() => evidence.threshold ?? 0) });
  }
  return { categories: series.points.map((p) => p.timestamp.slice(0, 10)), series: lines };
}

/** The series a metric's evidence is drawn from (S3 bytes per storage class). */
export function seriesFor(
  evidence: MetricEvidence,
  metrics: ResourceMetrics | undefined,
): Series | undefined {
  return metrics?.series.find(
    (s) =>
      s.metric === evidence.metric &&
      (evidence.storage_class === null || s.storage_class === evidence.storage_class),
  );
}
