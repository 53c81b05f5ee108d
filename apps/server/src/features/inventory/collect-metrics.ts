import {
  METRIC_NAMES,
  METRICS,
  type MetricQuery,
  type MetricStat,
  metricAppliesTo,
} from '../../integrations/cloud/cloud-metrics';
import type { CloudAccount, CloudFailure, CloudPort } from '../../integrations/cloud/cloud-port';
import type { CloudResource } from '../../integrations/cloud/cloud-resources';
import {
  chunks,
  type DailyAggregate,
  type HourlyPoint,
  type MetricKey,
  type MetricsStore,
  retentionCutoffs,
} from '../../warehouse/metrics-store';

const HOUR_MS = 3_600_000;
/** Queries per getMetrics call (GetMetricData takes 500; an S3 class of several storage types takes more). */
const QUERIES_PER_CALL = 400;
/** The cloud's daily statistics that make a day's aggregates when its hours are no longer kept. */
const DAILY_STATS = ['Average', 'p95', 'Maximum'] as const satisfies readonly MetricStat[];

interface Wanted {
  key: MetricKey;
  query: Omit<MetricQuery, 'id' | 'stat'>;
}

/** Every metric that applies to each resource (S3 storage bytes per storage class it holds). */
function wantedMetrics(projectId: string, resources: readonly CloudResource[]): Wanted[] {
  const out: Wanted[] = [];
  for (const resource of resources) {
    const ref = { kind: resource.kind, id: resource.id };
    const base = {
      projectId,
      accountId: resource.accountId,
      region: resource.region,
      resourceId: resource.id,
    };
    for (const metric of METRIC_NAMES.filter((m) => metricAppliesTo(m, resource.kind))) {
      const classes =
        metric === 's3-bytes' && resource.kind === 's3-bucket'
          ? resource.storage.map((s) => s.storageClass)
          : [null];
      for (const storageClass of classes) {
        out.push({
          key: { ...base, metric, storageClass: storageClass ?? '' },
          query: { metric, resource: ref, ...(storageClass === null ? {} : { storageClass }) },
        });
      }
    }
  }
  return out;
}

/** The hour's statistic: levels average over the hour, counts and bytes add up. */
const hourlyStat = (metric: MetricQuery['metric']): MetricStat =>
  METRICS[metric].shape === 'sum' ? 'Sum' : 'Average';

/**
 * Reads the metrics of one account and region's resources through the cloud port and stores them:
 * incrementally from each resource's newest stored hour (re-read, as it may have been partial), and for a
 * resource without one, the hours of the retention window plus the cloud's daily statistics (Average, p95,
 * Maximum) for the older days of the daily retention. Failed calls are returned; what was read is kept.
 */
export async function collectMetrics({
  port,
  account,
  store,
  projectId,
  region,
  resources,
  now,
}: {
  port: Pick<CloudPort, 'getMetrics'>;
  account: CloudAccount;
  store: Pick<MetricsStore, 'latestHours' | 'writeHourly' | 'writeDaily'>;
  projectId: string;
  region: string;
  resources: readonly CloudResource[];
  now: Date;
}): Promise<{ failures: CloudFailure[]; points: number }> {
  const { hourlyBefore, dailyBefore } = retentionCutoffs(now);
  const end = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const latest = new Map(
    (await store.latestHours({ projectId, accountId: account.accountId, region })).map((l) => [
      l.resourceId,
      l.hour,
    ]),
  );
  const byStart = new Map<number, Wanted[]>();
  for (const wanted of wantedMetrics(projectId, resources)) {
    const start = Math.max(latest.get(wanted.key.resourceId)?.getTime() ?? 0, hourlyBefore.getTime());
    const group = byStart.get(start);
    if (group === undefined) byStart.set(start, [wanted]);
    else group.push(wanted);
  }
  const failures: CloudFailure[] = [];
  let points = 0;
  for (const [start, wanted] of byStart) {
    for (const batch of chunks(wanted, QUERIES_PER_CALL)) {
      const queries = batch.map((w, i) => ({ ...w.query, id: String(i), stat: hourlyStat(w.query.metric) }));
      const request = { queries, start: new Date(start), end, periodSeconds: 3600 };
      const result = await port.getMetrics(account, region, request);
      failures.push(...result.failures);
      const hourly: HourlyPoint[] = result.series.flatMap((series, i) =>
        (series.points ?? []).map((p) => ({
          ...(batch[i] as Wanted).key,
          hour: p.timestamp,
          value: p.value,
        })),
      );
      await store.writeHourly(hourly);
      points += hourly.length;
    }
  }
  const firstPass = wantedMetrics(
    projectId,
    resources.filter((r) => !latest.has(r.id)),
  );
  for (const batch of chunks(firstPass, Math.floor(QUERIES_PER_CALL / DAILY_STATS.length))) {
    const queries = batch.flatMap((w, i) =>
      DAILY_STATS.map((stat) => ({ ...w.query, id: `${i}:${stat}`, stat })),
    );
    const request = {
      queries,
      start: new Date(`${dailyBefore}T00:00:00Z`),
      end: hourlyBefore,
      periodSeconds: 86400,
    };
    const result = await port.getMetrics(account, region, request);
    failures.push(...result.failures);
    await store.writeDaily(dailyAggregates(batch, result.series));
  }
  return { failures: dedupe(failures), points };
}

/** A day's aggregates from the three daily statistics of each wanted series (a day without an Average is skipped). */
function dailyAggregates(
  batch: Wanted[],
  series: { id: string; points: { timestamp: Date; value: number }[] }[],
) {
  const stats = new Map(
    series.map((s) => [s.id, new Map(s.points.map((p) => [p.timestamp.getTime(), p.value]))]),
  );
  return batch.flatMap((w, i): DailyAggregate[] => {
    const [avg, p95, max] = DAILY_STATS.map((stat) => stats.get(`${i}:${stat}`) ?? new Map<number, number>());
    return [...(avg ?? [])].map(([day, value]) => ({
      ...w.key,
      day: new Date(day).toISOString().slice(0, 10),
      avg: value,
      p95: p95?.get(day) ?? value,
      max: max?.get(day) ?? value,
      hours: 0,
    }));
  });
}

/** One failure per service, operation and code (every batch of a denied call fails alike). */
function dedupe(failures: CloudFailure[]): CloudFailure[] {
  const seen = new Map<string, CloudFailure>();
  for (const f of failures) seen.set(`${f.region}|${f.service}|${f.operation}|${f.code}`, f);
  return [...seen.values()];
}
