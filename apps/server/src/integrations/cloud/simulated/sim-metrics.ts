import { type MetricPoint, type MetricQuery, type MetricStat, metricAppliesTo } from '../cloud-metrics';
import { cpuPercent, DEFAULT_LEVEL, hourOf, lambdaMetric, metricFromLoad } from './metric-profiles';
import type { MetricsSpec } from './scenario-schema';
import { runningFraction, type SimEntry } from './sim-world';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DEFAULT_SPEC: MetricsSpec = { profile: 'steady', memory: false, series: {} };

const explicitCache = new WeakMap<object, Map<number, number>>();

function explicitValues(series: [Date, number][]): Map<number, number> {
  let byHour = explicitCache.get(series);
  if (!byHour) {
    byHour = new Map(series.map(([at, value]) => [hourOf(at), value]));
    explicitCache.set(series, byHour);
  }
  return byHour;
}

/** A resource's hours within one request: its CPU load and the fraction of the hour it ran, by hour. */
type HourLoads = Map<number, { cpu: number; running: number }>;

/** The load every metric of a resource derives from in that hour (computed once per request and resource). */
function loadOf(entry: SimEntry, spec: MetricsSpec, hour: number, seed: number, loads: HourLoads) {
  let load = loads.get(hour);
  if (load === undefined) {
    const from = hour * HOUR_MS;
    const created = entry.resource.createdAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const cpu = cpuPercent({
      profile: spec.profile,
      level: spec.level ?? DEFAULT_LEVEL[spec.profile],
      seed: spec.seed ?? seed,
      key: entry.resource.id,
      hour,
      ageHours: Number.isFinite(created) ? (from - created) / HOUR_MS : 0,
    });
    load = { cpu, running: runningFraction(entry, from, from + HOUR_MS) };
    loads.set(hour, load);
  }
  return load;
}

/** The value of a metric over one hour, or null when the resource did not exist or published nothing. */
function hourly(
  entry: SimEntry,
  query: MetricQuery,
  hour: number,
  seed: number,
  loads: HourLoads,
): number | null {
  const from = hour * HOUR_MS;
  const created = entry.resource.createdAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (from + HOUR_MS <= created || (entry.deletedAt !== null && from >= entry.deletedAt)) return null;
  const spec = entry.metrics ?? DEFAULT_SPEC;
  const explicit = spec.series[query.metric];
  if (explicit) return explicitValues(explicit).get(hour) ?? null;
  if ((query.metric === 'memory-utilization' || query.metric === 'lambda-memory-used') && !spec.memory)
    return null;
  if (query.metric === 's3-bytes') return s3Bytes(entry, query, from);
  const { cpu, running } = loadOf(entry, spec, hour, seed, loads);
  if (entry.resource.kind === 'lambda-function' && query.metric !== 'lambda-invocations') {
    const { memoryMiB } = entry.resource;
    const value = lambdaMetric(query.metric, entry.memoryNeedMiB ?? memoryMiB, cpu);
    return query.metric === 'lambda-memory-used' && value !== null ? Math.min(value, memoryMiB) : value;
  }
  return metricFromLoad(query.metric, cpu, running, spec.profile);
}

/** S3 publishes storage once a day, at midnight UTC. */
function s3Bytes(entry: SimEntry, query: MetricQuery, from: number): number | null {
  if (entry.resource.kind !== 's3-bucket' || from % DAY_MS !== 0) return null;
  const stored = entry.resource.storage.find((s) => s.storageClass === (query.storageClass ?? 'STANDARD'));
  return stored ? stored.bytes : null;
}

function aggregate(values: number[], stat: MetricStat): number {
  switch (stat) {
    case 'Average':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'Sum':
      return values.reduce((a, b) => a + b, 0);
    case 'Maximum':
      return Math.max(...values);
    case 'Minimum':
      return Math.min(...values);
    case 'p95': {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
    }
  }
}

interface SeriesWindow {
  start: Date;
  end: Date;
  periodSeconds: number;
  now: number;
  seed: number;
}

/** A series' periods from `start` (CloudWatch aligns the same way) with the values of the hours each covers. */
type PeriodHours = { timestamp: number; values: number[] }[];

function periodHours(
  entry: SimEntry,
  query: MetricQuery,
  window: SeriesWindow,
  loads: HourLoads,
): PeriodHours {
  const periodMs = window.periodSeconds * 1000;
  const end = Math.min(window.end.getTime(), window.now);
  const periods: PeriodHours = [];
  for (let t = window.start.getTime(); t < end; t += periodMs) {
    const values: number[] = [];
    const last = Math.min(t + periodMs, end);
    for (let hour = hourOf(new Date(t)); hour * HOUR_MS < last; hour++) {
      const value = hourly(entry, query, hour, window.seed, loads);
      if (value !== null) values.push(value);
    }
    if (values.length > 0) periods.push({ timestamp: t, values });
  }
  return periods;
}

/**
 * The series of one request: each period aggregates the hours it covers (a period shorter than an hour repeats
 * its hour's value); nothing after `now`. Every metric of a resource derives from the same hourly load, and a
 * daily read asks three statistics of each series: a resource's hours and a series' hourly values are computed
 * once per request, whatever is asked of them.
 */
export function createSeriesReader(window: SeriesWindow) {
  const loads = new Map<SimEntry, HourLoads>();
  const series = new Map<string, PeriodHours>();
  return (entry: SimEntry | null, query: MetricQuery): MetricPoint[] => {
    if (entry === null || !metricAppliesTo(query.metric, query.resource.kind)) return [];
    const key = `${query.resource.kind}/${query.resource.id}/${query.metric}/${query.storageClass ?? ''}`;
    let periods = series.get(key);
    if (periods === undefined) {
      const entryLoads: HourLoads = loads.get(entry) ?? new Map();
      loads.set(entry, entryLoads);
      periods = periodHours(entry, query, window, entryLoads);
      series.set(key, periods);
    }
    return periods.map(({ timestamp, values }) => ({
      timestamp: new Date(timestamp),
      value: aggregate(values, query.stat),
    }));
  };
}
