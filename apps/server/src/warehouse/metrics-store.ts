/**
 * Resource metrics as time series in the warehouse (issue 20): hourly points for the last
 * HOURLY_RETENTION_DAYS days and daily aggregates (avg, p95, max of the day's hourly values) for
 * DAILY_RETENTION_MONTHS months, per project (the tenant), account, region, resource, metric and S3 storage
 * class. Both engines implement it and give the same answers (the metrics parity suite). Writing a point or a
 * day again replaces it. p95 is the linear-interpolation percentile (DuckDB quantile_cont, ClickHouse
 * quantile, which is exact below 8,192 values; a day has 24, a summary at most 24 × 15).
 */

export const HOURLY_RETENTION_DAYS = 14;
export const DAILY_RETENTION_MONTHS = 13;

/** What a series is of; `storageClass` is '' except for S3 storage metrics. */
export interface MetricKey {
  projectId: string;
  accountId: string;
  region: string;
  resourceId: string;
  metric: string;
  storageClass: string;
}

export interface HourlyPoint extends MetricKey {
  /** Start of the hour (UTC, whole hour). */
  hour: Date;
  value: number;
}

export interface DailyAggregate extends MetricKey {
  /** YYYY-MM-DD (UTC). */
  day: string;
  avg: number;
  p95: number;
  max: number;
  /** How many hourly values the day had; 0 when the cloud gave the day's statistics (before the first collection). */
  hours: number;
}

export interface SeriesRequest {
  projectId: string;
  resourceId: string;
  /** Every metric of the resource when empty. */
  metrics: readonly string[];
  /** Inclusive start, exclusive end (UTC); daily reads use the days these fall on. */
  from: Date;
  to: Date;
}

export interface StoredHourly {
  metric: string;
  storageClass: string;
  /** ISO timestamp of the hour's start. */
  hour: string;
  value: number;
}

export interface StoredDaily {
  metric: string;
  storageClass: string;
  day: string;
  avg: number;
  p95: number;
  max: number;
  hours: number;
}

/** avg, p95 and max of the hourly values of a window, per resource, metric and storage class. */
export interface MetricSummary {
  projectId: string;
  resourceId: string;
  metric: string;
  storageClass: string;
  avg: number;
  p95: number;
  max: number;
  /** How many hourly values the window had. */
  points: number;
}

/** The newest stored hour of each resource of an account and region, over all its metrics (incremental collection). */
export interface LatestHour {
  resourceId: string;
  hour: Date;
}

export interface MetricsStore {
  /**
   * Stores hourly points (replacing any stored for the same series and hour) and recomputes the daily
   * aggregates of the days they fall on from the day's hourly points.
   */
  writeHourly(points: readonly HourlyPoint[]): Promise<void>;
  /** Stores daily aggregates of days without hourly points (days older than the hourly retention). */
  writeDaily(rows: readonly DailyAggregate[]): Promise<void>;
  hourlySeries(request: SeriesRequest): Promise<StoredHourly[]>;
  dailySeries(request: SeriesRequest): Promise<StoredDaily[]>;
  /** Summaries over the hourly points in [from, to) of many resources at once (one query per chunk of ids). */
  summaries(args: {
    projectIds: readonly string[];
    resourceIds: readonly string[];
    metrics: readonly string[];
    from: Date;
    to: Date;
  }): Promise<MetricSummary[]>;
  latestHours(args: { projectId: string; accountId: string; region: string }): Promise<LatestHour[]>;
  /**
   * Drops hourly points before `hourlyBefore` (a UTC midnight) and daily rows of days before `dailyBefore`
   * (the first of a month): whole days and months, which ClickHouse drops as partitions.
   */
  prune(args: { hourlyBefore: Date; dailyBefore: string }): Promise<void>;
  /** Removes every series of a project (ClickHouse: a mutation, which completes in the background). */
  deleteProject(projectId: string): Promise<void>;
}

/** Ids per statement: keeps a statement's text well under ClickHouse's max_query_size (256 KiB). */
export const IDS_PER_QUERY = 1000;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const DAY_MS = 86_400_000;

/** Where the retention of each granularity begins at `now`: whole UTC days and whole months. */
export function retentionCutoffs(now: Date): { hourlyBefore: Date; dailyBefore: string } {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - DAILY_RETENTION_MONTHS, 1));
  return {
    hourlyBefore: new Date(today - HOURLY_RETENTION_DAYS * DAY_MS),
    dailyBefore: month.toISOString().slice(0, 10),
  };
}

/** The days a daily read covers: from the day `from` falls on to the day before the first one wholly at or after `to`. */
export function dayBounds({ from, to }: { from: Date; to: Date }): { fromDay: string; toDay: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { fromDay: day(from.getTime()), toDay: day(Math.ceil(to.getTime() / DAY_MS) * DAY_MS) };
}

/** Refuses cutoffs that are not whole days and months (see `MetricsStore.prune`). */
export function checkCutoffs({ hourlyBefore, dailyBefore }: { hourlyBefore: Date; dailyBefore: string }) {
  if (hourlyBefore.getTime() % DAY_MS !== 0)
    throw new Error(`not a UTC midnight: ${hourlyBefore.toISOString()}`);
  if (!/^\d{4}-\d{2}-01$/.test(dailyBefore)) throw new Error(`not the first of a month: ${dailyBefore}`);
}

type Row = Record<string, unknown>;

/** Both engines' reads answer under the same aliases; these turn their rows into the port's shapes. */
export const readRows = {
  hourly: (r: Row): StoredHourly => ({
    metric: String(r.metric),
    storageClass: String(r.storage_class),
    hour: String(r.t),
    value: Number(r.value),
  }),
  daily: (r: Row): StoredDaily => ({
    metric: String(r.metric),
    storageClass: String(r.storage_class),
    day: String(r.d),
    avg: Number(r.a),
    p95: Number(r.p),
    max: Number(r.m),
    hours: Number(r.h),
  }),
  summary: (r: Row): MetricSummary => ({
    projectId: String(r.project_id),
    resourceId: String(r.resource_id),
    metric: String(r.metric),
    storageClass: String(r.storage_class),
    avg: Number(r.a),
    p95: Number(r.p),
    max: Number(r.m),
    points: Number(r.n),
  }),
  latest: (r: Row): LatestHour => ({ resourceId: String(r.resource_id), hour: new Date(String(r.t)) }),
};
