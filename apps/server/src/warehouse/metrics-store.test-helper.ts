import type { DailyAggregate, HourlyPoint, MetricKey, MetricsStore } from './metrics-store';

/** A fixed set of series the DuckDB test checks value by value and the parity suite runs on both engines. */
export const NOW = new Date('2026-11-20T10:30:00Z');
const HOUR = 3_600_000;

export const cpuKey = (projectId: string, resourceId: string): MetricKey => ({
  projectId,
  accountId: '111111111111',
  region: 'us-east-1',
  resourceId,
  metric: 'cpu-utilization',
  storageClass: '',
});

/** Hour h (0 = 2026-11-18 00:00) of a series: value = h % 24 (0 … 23 each day). */
export function sawtooth(key: MetricKey, hours: number, start = Date.parse('2026-11-18T00:00:00Z')) {
  return Array.from(
    { length: hours },
    (_, h): HourlyPoint => ({ ...key, hour: new Date(start + h * HOUR), value: h % 24 }),
  );
}

/**
 * Writes, rewrites and prunes series in `store` (project ids prefixed with `prefix`) and returns every read's
 * answer: hourly and daily series, summaries of many ids in one call, the newest hours, after a prune.
 */
export async function runMetricsScenario(store: MetricsStore, prefix: string) {
  const project = `${prefix}p1`;
  const other = `${prefix}p2`;
  const web = cpuKey(project, 'i-web');
  const idle = cpuKey(project, 'i-idle');
  // Two days and a half of sawtooth for web; idle at 0.5 + a tenth of the hour; a bucket's two storage classes.
  await store.writeHourly(sawtooth(web, 58));
  await store.writeHourly(sawtooth(idle, 58).map((p, h) => ({ ...p, value: 0.5 + (h % 10) / 10 })));
  const bucket = { ...cpuKey(project, 'logs-bucket'), metric: 's3-bytes' };
  await store.writeHourly([
    { ...bucket, storageClass: 'STANDARD', hour: new Date('2026-11-19T00:00:00Z'), value: 5e9 },
    { ...bucket, storageClass: 'GLACIER', hour: new Date('2026-11-19T00:00:00Z'), value: 7.5e10 },
  ]);
  // Another project holds the same resource id: never part of the first project's answers.
  await store.writeHourly(sawtooth(cpuKey(other, 'i-web'), 24).map((p) => ({ ...p, value: 99 })));
  // Re-collecting hours replaces them: the last day's first hours again with new values, twice over.
  const again = sawtooth(web, 6, Date.parse('2026-11-20T00:00:00Z')).map((p) => ({ ...p, value: 50 }));
  await store.writeHourly(again);
  await store.writeHourly([...again, { ...(again[0] as HourlyPoint), value: 60 }]);
  const old: DailyAggregate[] = ['2026-09-29', '2026-09-30', '2026-10-01'].map((day, i) => ({
    ...web,
    day,
    avg: i + 1,
    p95: (i + 1) * 2,
    max: (i + 1) * 3,
    hours: 0,
  }));
  await store.writeDaily(old);
  await store.writeDaily([{ ...(old[0] as DailyAggregate), avg: 1.5 }]);

  const range = { from: new Date('2026-09-01T00:00:00Z'), to: NOW };
  const answers = {
    hourly: await store.hourlySeries({ projectId: project, resourceId: 'i-web', metrics: [], ...range }),
    daily: await store.dailySeries({ projectId: project, resourceId: 'i-web', metrics: [], ...range }),
    bucketDaily: await store.dailySeries({
      projectId: project,
      resourceId: 'logs-bucket',
      metrics: ['s3-bytes'],
      ...range,
    }),
    summaries: await store.summaries({
      projectIds: [project],
      resourceIds: ['i-web', 'i-idle', 'logs-bucket', 'i-unknown'],
      metrics: ['cpu-utilization'],
      from: new Date('2026-11-18T00:00:00Z'),
      to: NOW,
    }),
    latest: await store.latestHours({ projectId: project, accountId: web.accountId, region: web.region }),
  };
  await store.prune({ hourlyBefore: new Date('2026-11-19T00:00:00Z'), dailyBefore: '2026-10-01' });
  const pruned = {
    hourly: await store.hourlySeries({ projectId: project, resourceId: 'i-web', metrics: [], ...range }),
    daily: await store.dailySeries({ projectId: project, resourceId: 'i-web', metrics: [], ...range }),
  };
  return { ...answers, pruned };
}
