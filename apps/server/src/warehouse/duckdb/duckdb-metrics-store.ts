import { type DuckDBConnection, timestampValue } from '@duckdb/node-api';
import { forEachPaced } from '../../platform/event-loop';
import type { ReadRows } from '../cost-query/run-cost-query';
import {
  checkCutoffs,
  chunks,
  type DailyAggregate,
  dayBounds,
  type HourlyPoint,
  IDS_PER_QUERY,
  type MetricsStore,
  readRows,
  type SeriesRequest,
} from '../metrics-store';
import { quoteString } from '../sql-quote';
import { oneAtATime } from './duckdb-readers';
import { inTransaction } from './duckdb-transaction';

export const METRIC_HOURLY_TABLE = 'metric_hourly';
export const METRIC_DAILY_TABLE = 'metric_daily';
const KEY = ['project_id', 'account_id', 'region', 'resource_id', 'metric', 'storage_class'] as const;
const KEY_COLUMNS = KEY.map((c) => `${c} VARCHAR NOT NULL`).join(', ');

/** The two metrics tables (a schema step). Rows arrive roughly by time, so zone maps prune reads by hour. */
export function createMetricsTablesSql(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${METRIC_HOURLY_TABLE} (${KEY_COLUMNS}, hour TIMESTAMP NOT NULL, value DOUBLE NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${METRIC_DAILY_TABLE} (${KEY_COLUMNS}, day DATE NOT NULL, avg DOUBLE NOT NULL, p95 DOUBLE NOT NULL, max DOUBLE NOT NULL, hours INTEGER NOT NULL)`,
  ];
}

const timestamp = (at: Date) => `TIMESTAMP ${quoteString(at.toISOString().slice(0, 19).replace('T', ' '))}`;
const list = (values: readonly string[]) => `(${values.map(quoteString).join(', ')})`;
const keyMatch = (a: string, b: string) => KEY.map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ');
const metricFilter = (metrics: readonly string[]) =>
  metrics.length === 0 ? '' : `AND metric IN ${list(metrics)}`;

/** Rows appended between turns of the event loop: appending is synchronous, a collection writes 100,000s. */
const APPENDED_PER_TURN = 2048;

/**
 * The metrics store on DuckDB. Writes run one at a time on their own connection (never inside an import's
 * transaction on the shared one): a batch is appended to a temporary table, then the points it replaces are
 * deleted and it is inserted, with its days' aggregates recomputed, in one transaction.
 */
export function duckDbMetricsStore(writer: DuckDBConnection, read: ReadRows): MetricsStore {
  const alone = oneAtATime(writer);
  const rows = (sql: string) => read({ sql, values: [] });

  async function stage(table: string, columns: string, fill: (appender: Appender) => Promise<void>) {
    await writer.run(`CREATE TEMP TABLE IF NOT EXISTS ${table} (${KEY_COLUMNS}, ${columns})`);
    await writer.run(`DELETE FROM ${table}`);
    const appender = await writer.createAppender(table, 'main', 'temp');
    await fill(appender);
    appender.closeSync();
  }

  return {
    writeHourly: (points) =>
      alone(async () => {
        if (points.length === 0) return;
        await stage('metric_hourly_staging', 'hour TIMESTAMP, value DOUBLE', (appender) =>
          forEachPaced(points, APPENDED_PER_TURN, (p) => {
            appendKey(appender, p);
            appender.appendTimestamp(timestampValue(BigInt(p.hour.getTime()) * 1000n));
            appender.appendDouble(p.value);
            appender.endRow();
          }),
        );
        const days = `SELECT DISTINCT ${KEY.join(', ')}, CAST(hour AS DATE) AS day FROM metric_hourly_staging`;
        await inTransaction(writer, async () => {
          await writer.run(
            `DELETE FROM ${METRIC_HOURLY_TABLE} h USING metric_hourly_staging s WHERE ${keyMatch('h', 's')} AND h.hour = s.hour`,
          );
          // The last of a batch's duplicates wins, as on ClickHouse (a higher version).
          await writer.run(
            `INSERT INTO ${METRIC_HOURLY_TABLE} SELECT ${KEY.join(', ')}, hour, value FROM metric_hourly_staging
             QUALIFY row_number() OVER (PARTITION BY ${KEY.join(', ')}, hour ORDER BY rowid DESC) = 1`,
          );
          await writer.run(
            `DELETE FROM ${METRIC_DAILY_TABLE} d USING (${days}) t WHERE ${keyMatch('d', 't')} AND d.day = t.day`,
          );
          await writer.run(
            `INSERT INTO ${METRIC_DAILY_TABLE}
             SELECT ${KEY.map((c) => `h.${c}`).join(', ')}, t.day, avg(h.value), quantile_cont(h.value, 0.95), max(h.value), count(*)
             FROM ${METRIC_HOURLY_TABLE} h JOIN (${days}) t ON ${keyMatch('h', 't')} AND CAST(h.hour AS DATE) = t.day
             GROUP BY ALL`,
          );
        });
      }),

    writeDaily: (daily) =>
      alone(async () => {
        if (daily.length === 0) return;
        await stage(
          'metric_daily_staging',
          'day VARCHAR, avg DOUBLE, p95 DOUBLE, max DOUBLE, hours INTEGER',
          (appender) => forEachPaced(daily, APPENDED_PER_TURN, (d) => appendDaily(appender, d)),
        );
        await inTransaction(writer, async () => {
          await writer.run(
            `DELETE FROM ${METRIC_DAILY_TABLE} d USING metric_daily_staging s WHERE ${keyMatch('d', 's')} AND d.day = CAST(s.day AS DATE)`,
          );
          await writer.run(
            `INSERT INTO ${METRIC_DAILY_TABLE} SELECT ${KEY.join(', ')}, day, avg, p95, max, hours FROM metric_daily_staging
             QUALIFY row_number() OVER (PARTITION BY ${KEY.join(', ')}, day ORDER BY rowid DESC) = 1`,
          );
        });
      }),

    hourlySeries: async (request) =>
      (
        await rows(
          `SELECT metric, storage_class, strftime(hour, '%Y-%m-%dT%H:%M:%SZ') AS t, value
           FROM ${METRIC_HOURLY_TABLE} WHERE ${seriesWhere(request, 'hour', timestamp(request.from), timestamp(request.to))}
           ORDER BY metric, storage_class, t`,
        )
      ).map(readRows.hourly),

    dailySeries: async (request) =>
      (
        await rows(
          `SELECT metric, storage_class, CAST(day AS VARCHAR) AS d, avg AS a, p95 AS p, max AS m, hours AS h
           FROM ${METRIC_DAILY_TABLE} WHERE ${dailyWhere(request)}
           ORDER BY metric, storage_class, d`,
        )
      ).map(readRows.daily),

    summaries: async ({ projectIds, resourceIds, metrics, from, to }) => {
      if (projectIds.length === 0) return [];
      const out = [];
      for (const ids of chunks(resourceIds, IDS_PER_QUERY)) {
        const found = await rows(
          `SELECT project_id, resource_id, metric, storage_class, avg(value) AS a,
             quantile_cont(value, 0.95) AS p, max(value) AS m, count(*) AS n
           FROM ${METRIC_HOURLY_TABLE}
           WHERE project_id IN ${list(projectIds)} AND resource_id IN ${list(ids)} ${metricFilter(metrics)}
             AND hour >= ${timestamp(from)} AND hour < ${timestamp(to)}
           GROUP BY ALL ORDER BY project_id, resource_id, metric, storage_class`,
        );
        out.push(...found.map(readRows.summary));
      }
      return out;
    },

    latestHours: async ({ projectId, accountId, region }) =>
      (
        await rows(
          `SELECT resource_id, strftime(max(hour), '%Y-%m-%dT%H:%M:%SZ') AS t FROM ${METRIC_HOURLY_TABLE}
           WHERE project_id = ${quoteString(projectId)} AND account_id = ${quoteString(accountId)}
             AND region = ${quoteString(region)}
           GROUP BY resource_id ORDER BY resource_id`,
        )
      ).map(readRows.latest),

    prune: ({ hourlyBefore, dailyBefore }) =>
      alone(async () => {
        checkCutoffs({ hourlyBefore, dailyBefore });
        await writer.run(`DELETE FROM ${METRIC_HOURLY_TABLE} WHERE hour < ${timestamp(hourlyBefore)}`);
        await writer.run(`DELETE FROM ${METRIC_DAILY_TABLE} WHERE day < DATE ${quoteString(dailyBefore)}`);
      }),

    deleteProject: (projectId) =>
      alone(() =>
        inTransaction(writer, async () => {
          for (const table of [METRIC_HOURLY_TABLE, METRIC_DAILY_TABLE])
            await writer.run(`DELETE FROM ${table} WHERE project_id = ${quoteString(projectId)}`);
        }),
      ),
  };
}

type Appender = Awaited<ReturnType<DuckDBConnection['createAppender']>>;

function appendKey(appender: Appender, key: HourlyPoint | DailyAggregate) {
  for (const value of [
    key.projectId,
    key.accountId,
    key.region,
    key.resourceId,
    key.metric,
    key.storageClass,
  ])
    appender.appendVarchar(value);
}

function appendDaily(appender: Appender, d: DailyAggregate) {
  appendKey(appender, d);
  appender.appendVarchar(d.day);
  appender.appendDouble(d.avg);
  appender.appendDouble(d.p95);
  appender.appendDouble(d.max);
  appender.appendInteger(d.hours);
  appender.endRow();
}

function dailyWhere(request: SeriesRequest): string {
  const { fromDay, toDay } = dayBounds(request);
  return seriesWhere(request, 'day', `DATE ${quoteString(fromDay)}`, `DATE ${quoteString(toDay)}`);
}

function seriesWhere(request: SeriesRequest, column: string, from: string, to: string): string {
  return `project_id = ${quoteString(request.projectId)} AND resource_id = ${quoteString(request.resourceId)}
    ${metricFilter(request.metrics)} AND ${column} >= ${from} AND ${column} < ${to}`;
}
