import type { ClickHouseClient } from '@clickhouse/client';
import {
  checkCutoffs,
  chunks,
  dayBounds,
  IDS_PER_QUERY,
  type MetricKey,
  type MetricsStore,
  readRows,
  type SeriesRequest,
} from '../metrics-store';
import { sqlIdentifier, sqlString, sqlStringList } from './clickhouse-sql';

export const METRIC_TABLES = ['metric_hourly', 'metric_daily'] as const;
const KEY = ['project_id', 'account_id', 'region', 'resource_id', 'metric', 'storage_class'] as const;
const KEY_LIST = KEY.join(', ');
const KEY_COLUMNS = KEY.map((c) => `${c} String`).join(', ');

/**
 * The metrics tables. 18.16 has no upsert and no TTL: a re-collected hour is a new row with a higher version
 * (ReplacingMergeTree merges drop the old one; every read takes argMax by version meanwhile), and retention
 * drops whole day (hourly) and month (daily) partitions.
 */
export function createMetricsTableSql(table: (typeof METRIC_TABLES)[number]): string {
  const order = `ORDER BY (project_id, resource_id, metric, storage_class, account_id, region, ${table === 'metric_hourly' ? 'hour' : 'day'})`;
  return table === 'metric_hourly'
    ? `CREATE TABLE IF NOT EXISTS metric_hourly (${KEY_COLUMNS}, hour DateTime('UTC'), value Float64, version UInt64)
       ENGINE = ReplacingMergeTree(version) PARTITION BY toYYYYMMDD(hour) ${order}`
    : `CREATE TABLE IF NOT EXISTS metric_daily (${KEY_COLUMNS}, day Date, avg Float64, p95 Float64, max Float64, hours UInt32, version UInt64)
       ENGINE = ReplacingMergeTree(version) PARTITION BY toYYYYMM(day) ${order}`;
}

const dateTime = (at: Date) =>
  `toDateTime(${sqlString(at.toISOString().slice(0, 19).replace('T', ' '))}, 'UTC')`;
const dateText = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');
const metricFilter = (metrics: readonly string[]) =>
  metrics.length === 0 ? '' : `AND metric IN ${sqlStringList(metrics)}`;

/** The newest version of each hourly point matching `where`. */
const latestHourly = (table: string, where: string) =>
  `SELECT ${KEY_LIST}, hour, argMax(value, version) AS value FROM ${table} WHERE ${where} GROUP BY ${KEY_LIST}, hour`;

export interface MetricsShards {
  /** Reads (the first server); with shards, the tables are read through their Distributed twins. */
  read(sql: string): Promise<Record<string, unknown>[]>;
  /** `metric_hourly` or its Distributed table. */
  table(name: (typeof METRIC_TABLES)[number]): string;
  /** The shard that holds a project (writes go there, whole). */
  shardOf(projectId: string): ClickHouseClient;
  shards: readonly ClickHouseClient[];
}

/** The metrics store on ClickHouse: the same answers as DuckDB's (the metrics parity suite). */
export function clickHouseMetricsStore(servers: MetricsShards): MetricsStore {
  let lastVersion = 0;
  // Versions grow within a process (a batch's later duplicates win) and across restarts (the clock).
  const versions = (count: number) => {
    const first = Math.max(Date.now() * 1000, lastVersion + 1);
    lastVersion = first + count - 1;
    return first;
  };
  const byProject = <T extends { projectId: string }>(rows: readonly T[]) => {
    const out = new Map<string, T[]>();
    for (const row of rows) out.set(row.projectId, [...(out.get(row.projectId) ?? []), row]);
    return out;
  };
  const hourly = servers.table('metric_hourly');
  const daily = servers.table('metric_daily');

  return {
    async writeHourly(points) {
      for (const [projectId, rows] of byProject(points)) {
        const client = servers.shardOf(projectId);
        const first = versions(rows.length);
        await client.insert({
          table: 'metric_hourly',
          format: 'JSONEachRow',
          values: rows.map((p, i) => ({
            ...keyRow(p),
            hour: dateText(p.hour),
            value: p.value,
            version: first + i,
          })),
        });
        const times = rows.map((p) => p.hour.getTime());
        const { fromDay, toDay } = dayBounds({
          from: new Date(Math.min(...times)),
          to: new Date(Math.max(...times) + 1),
        });
        const version = versions(1);
        for (const ids of chunks([...new Set(rows.map((p) => p.resourceId))], IDS_PER_QUERY)) {
          const where = `project_id = ${sqlString(projectId)} AND resource_id IN ${sqlStringList(ids)}
            AND hour >= toDateTime(${sqlString(`${fromDay} 00:00:00`)}, 'UTC') AND hour < toDateTime(${sqlString(`${toDay} 00:00:00`)}, 'UTC')`;
          // The days the points fall on, recomputed from their hours (re-collected hours at their newest).
          await client.command({
            query: `INSERT INTO metric_daily (${KEY_LIST}, day, avg, p95, max, hours, version)
              SELECT ${KEY_LIST}, toDate(hour) AS day, avg(value), quantile(0.95)(value), max(value), count(), ${version}
              FROM (${latestHourly('metric_hourly', where)}) GROUP BY ${KEY_LIST}, day`,
          });
        }
      }
    },

    async writeDaily(rows) {
      for (const [projectId, days] of byProject(rows)) {
        const first = versions(days.length);
        await servers.shardOf(projectId).insert({
          table: 'metric_daily',
          format: 'JSONEachRow',
          values: days.map((d, i) => ({
            ...keyRow(d),
            day: d.day,
            avg: d.avg,
            p95: d.p95,
            max: d.max,
            hours: d.hours,
            version: first + i,
          })),
        });
      }
    },

    hourlySeries: async (request) =>
      (
        await servers.read(
          `SELECT metric, storage_class, formatDateTime(hour, '%Y-%m-%dT%H:%M:%SZ') AS t, value
           FROM (${latestHourly(hourly, seriesWhere(request, 'hour', dateTime(request.from), dateTime(request.to)))})
           ORDER BY metric, storage_class, t`,
        )
      ).map(readRows.hourly),

    dailySeries: async (request) => {
      const { fromDay, toDay } = dayBounds(request);
      const where = seriesWhere(
        request,
        'day',
        `toDate(${sqlString(fromDay)})`,
        `toDate(${sqlString(toDay)})`,
      );
      const found = await servers.read(
        `SELECT metric, storage_class, toString(day) AS d, argMax(avg, version) AS a, argMax(p95, version) AS p,
           argMax(max, version) AS m, argMax(hours, version) AS h
         FROM ${daily} WHERE ${where} GROUP BY ${KEY_LIST}, day ORDER BY metric, storage_class, d`,
      );
      return found.map(readRows.daily);
    },

    async summaries({ projectIds, resourceIds, metrics, from, to }) {
      if (projectIds.length === 0) return [];
      const out = [];
      for (const ids of chunks(resourceIds, IDS_PER_QUERY)) {
        const where = `project_id IN ${sqlStringList(projectIds)} AND resource_id IN ${sqlStringList(ids)}
          ${metricFilter(metrics)} AND hour >= ${dateTime(from)} AND hour < ${dateTime(to)}`;
        const found = await servers.read(
          `SELECT project_id, resource_id, metric, storage_class, avg(value) AS a, quantile(0.95)(value) AS p,
             max(value) AS m, count() AS n
           FROM (${latestHourly(hourly, where)})
           GROUP BY project_id, resource_id, metric, storage_class
           ORDER BY project_id, resource_id, metric, storage_class`,
        );
        out.push(...found.map(readRows.summary));
      }
      return out;
    },

    latestHours: async ({ projectId, accountId, region }) =>
      (
        await servers.read(
          `SELECT resource_id, formatDateTime(max(hour), '%Y-%m-%dT%H:%M:%SZ') AS t FROM ${hourly}
           WHERE project_id = ${sqlString(projectId)} AND account_id = ${sqlString(accountId)}
             AND region = ${sqlString(region)}
           GROUP BY resource_id ORDER BY resource_id`,
        )
      ).map(readRows.latest),

    async prune(cutoffs) {
      checkCutoffs(cutoffs);
      const hourlyBefore = Number(cutoffs.hourlyBefore.toISOString().slice(0, 10).replaceAll('-', ''));
      const dailyBefore = Number(cutoffs.dailyBefore.slice(0, 7).replace('-', ''));
      for (const client of servers.shards) {
        await dropPartitionsBefore(client, 'metric_hourly', hourlyBefore);
        await dropPartitionsBefore(client, 'metric_daily', dailyBefore);
      }
    },

    async deleteProject(projectId) {
      for (const client of servers.shards) {
        for (const table of METRIC_TABLES) {
          await client.command({
            query: `ALTER TABLE ${sqlIdentifier(table)} DELETE WHERE project_id = ${sqlString(projectId)}`,
          });
        }
      }
    },
  };
}

function keyRow(key: MetricKey) {
  return {
    project_id: key.projectId,
    account_id: key.accountId,
    region: key.region,
    resource_id: key.resourceId,
    metric: key.metric,
    storage_class: key.storageClass,
  };
}

function seriesWhere(request: SeriesRequest, column: string, from: string, to: string): string {
  return `project_id = ${sqlString(request.projectId)} AND resource_id = ${sqlString(request.resourceId)}
    ${metricFilter(request.metrics)} AND ${column} >= ${from} AND ${column} < ${to}`;
}

/** Drops the partitions (YYYYMMDD or YYYYMM numbers) below `before` of one table on one server. */
async function dropPartitionsBefore(client: ClickHouseClient, table: string, before: number) {
  const result = await client.query({
    query: `SELECT DISTINCT partition FROM system.parts WHERE database = currentDatabase() AND table = ${sqlString(table)} AND active`,
    format: 'JSONEachRow',
  });
  for (const { partition } of await result.json<{ partition: string }>()) {
    if (Number(partition) < before)
      await client.command({
        query: `ALTER TABLE ${sqlIdentifier(table)} DROP PARTITION ${Number(partition)}`,
      });
  }
}
