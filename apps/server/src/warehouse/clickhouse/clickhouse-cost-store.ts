import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { type ClickHouseClient, ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { probeEngine } from '../../db/engine-health';
import { CONFIG_DEFAULTS } from '../../platform/config';
import { LINE_ITEMS_TABLE } from '../canonical-schema';
import { ROLLUPS, type RollupDefinition } from '../cost-query/rollups';
import type { CostStore, GroupTotals, PeriodTotals } from '../cost-store';
import { queryTimedOut } from '../query-limits';
import { loadIntoClickHouse } from './clickhouse-import';
import { clickHouseMetricsStore, createMetricsTableSql, METRIC_TABLES } from './clickhouse-metrics-store';
import { clickHouseQueryPort } from './clickhouse-query-port';
import { clickHouseReadPorts } from './clickhouse-read-ports';
import { createRollupSql, fillRollup, PARTITIONED_TABLES, rollupColumnNames } from './clickhouse-rollups';
import { createTableSql, LINE_ITEM_COLUMNS } from './clickhouse-schema';
import { sqlIdentifier, sqlString, sqlStringList } from './clickhouse-sql';
import { columnAsText, distributedTable, type Reader, totalsOf, totalsSelect } from './clickhouse-totals';

/**
 * The ClickHouse warehouse. Imports are still read and normalised by DuckDB (an in-memory instance that
 * only holds staging tables), whose connection the ingest readers borrow as with the DuckDB store.
 */
export interface ClickHouseCostStore extends CostStore {
  readonly kind: 'clickhouse';
  readonly connection: DuckDBConnection;
  /**
   * A CSV import is read whole up to 512 MiB only: each part is staged in a temporary table of the in-memory
   * DuckDB before it is copied on, and staging the 10M-row CSV.gz demo export (1.4 GB) whole ran out of 1 GB.
   */
  readonly wholeImportBytes: { csv: number };
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export interface ClickHouseOptions {
  /** CLICKHOUSE_URL: http(s)://[user:password@]host:port[/database]; every read goes here. */
  url: string;
  /**
   * Several shards: each shard's URL and the cluster (remote_servers) that lists them. A project lives
   * whole on one shard (its partitions are swapped there); reads go through a Distributed table.
   */
  sharding?: { cluster: string; shardUrls: string[] };
  /** The staging DuckDB spills here beyond its memory limit (large imports). */
  tempDirectory?: string;
  memoryLimit?: string;
  /** max_execution_time of every read (QUERY_TIMEOUT_SECONDS). */
  queryTimeoutSeconds?: number;
}

export async function openClickHouseCostStore(options: ClickHouseOptions): Promise<ClickHouseCostStore> {
  const settings: Record<string, string> = {};
  if (options.tempDirectory !== undefined) {
    await mkdir(options.tempDirectory, { recursive: true });
    settings.temp_directory = options.tempDirectory;
  }
  if (options.memoryLimit !== undefined) settings.memory_limit = options.memoryLimit;
  const tempDirectory = options.tempDirectory ?? tmpdir();
  const instance = await DuckDBInstance.create(':memory:', settings);
  const connection = await instance.connect();
  const client = openClient(options.url);
  const shards = options.sharding?.shardUrls.map(openClient) ?? [client];
  const timeout = options.queryTimeoutSeconds ?? CONFIG_DEFAULTS.queryTimeoutSeconds;
  const reader: Reader = {
    table: options.sharding === undefined ? LINE_ITEMS_TABLE : distributedTable(LINE_ITEMS_TABLE),
    distributed: options.sharding !== undefined,
    ...databaseOf(options.url),
    sum: options.sharding === undefined ? 'sumKahan' : 'sum',
    rows: timedRows(client, timeout),
  };
  const shardOf = (projectId: string) => shards[shardIndex(projectId, shards.length)] as ClickHouseClient;
  const metrics = clickHouseMetricsStore({
    read: reader.rows,
    table: (name) => (options.sharding === undefined ? name : distributedTable(name)),
    shardOf,
    shards,
  });
  let closed = false;
  let turn: Promise<unknown> = Promise.resolve();
  const periodTotals = async (projectId: string, billingPeriods?: string[]): Promise<PeriodTotals[]> => {
    const filter =
      billingPeriods === undefined ? '' : `AND toString(billing_period) IN ${sqlStringList(billingPeriods)}`;
    const result = await reader.rows(
      `SELECT toString(billing_period) AS period, ${totalsSelect(reader)} FROM ${reader.table} WHERE project_id = ${sqlString(projectId)} ${filter} GROUP BY period ORDER BY period`,
    );
    return result.map((r) => ({ billingPeriod: String(r.period), ...totalsOf(r) }));
  };
  return {
    kind: 'clickhouse',
    connection,
    wholeImportBytes: { csv: 512 * 2 ** 20 },
    exclusive: <T>(work: () => Promise<T>): Promise<T> => {
      const result = turn.then(work, work);
      turn = result.catch(() => {});
      return result;
    },
    init: async () => {
      const steps: string[] = [];
      // Rollups whose columns changed since the warehouse was made: rebuilt, and their Distributed tables anew.
      const changed = new Set<string>();
      for (const shard of shards) {
        if (await createIfMissing(shard, LINE_ITEMS_TABLE, createTableSql(LINE_ITEMS_TABLE)))
          steps.push(`create ${LINE_ITEMS_TABLE}`);
        steps.push(...(await addMissingColumns(shard, LINE_ITEMS_TABLE)));
        for (const rollup of ROLLUPS) {
          const made = await createIfMissing(shard, rollup.table, createRollupSql(rollup));
          const remade = !made && (await replaceIfChanged(shard, rollup));
          if (!made && !remade) continue;
          // A warehouse made before this rollup (or this form of it): fill it from the line items already there.
          await fillRollup(shard, rollup, { from: LINE_ITEMS_TABLE, target: sqlIdentifier(rollup.table) });
          steps.push(`${made ? 'create' : 'rebuild'} ${rollup.table}`);
          if (remade) changed.add(rollup.table);
        }
        for (const table of METRIC_TABLES) {
          if (await createIfMissing(shard, table, createMetricsTableSql(table)))
            steps.push(`create ${table}`);
        }
      }
      if (options.sharding !== undefined) {
        const cluster = sqlIdentifier(options.sharding.cluster);
        for (const table of [...PARTITIONED_TABLES, ...METRIC_TABLES]) {
          const name = distributedTable(table);
          if (changed.has(table)) await client.command({ query: `DROP TABLE IF EXISTS ${name}` });
          const ddl = `CREATE TABLE IF NOT EXISTS ${name} AS ${table} ENGINE = Distributed(${cluster}, currentDatabase(), ${table})`;
          if (await createIfMissing(client, name, ddl)) steps.push(`create ${name}`);
          else if (table === LINE_ITEMS_TABLE) steps.push(...(await addMissingColumns(client, name)));
        }
      }
      return steps.filter((step, i) => steps.indexOf(step) === i);
    },
    health: () =>
      probeEngine('clickhouse', async () => {
        if (closed) throw new Error('warehouse is closed');
        const version = (await reader.rows('SELECT version() AS version'))[0]?.version;
        return `ClickHouse ${String(version ?? 'unknown')}${shards.length > 1 ? `, ${shards.length} shards` : ''}`;
      }),
    loadPeriods: async (load) => {
      // Staged and checked part by part in the in-memory DuckDB, copied to a ClickHouse staging table, then swapped in.
      const periods = await loadIntoClickHouse({
        connection,
        client: shardOf(load.projectId),
        load,
        tempDirectory,
      });
      return periodTotals(load.projectId, periods);
    },
    deleteProject: async (projectId) => {
      // Dropping whole partitions is immediate; ALTER … DELETE would be an asynchronous mutation.
      for (const shard of shards) {
        for (const table of PARTITIONED_TABLES) await dropProject(shard, table, projectId);
      }
      await metrics.deleteProject(projectId);
    },
    metrics,
    periodTotals: ({ projectId, billingPeriods }) => periodTotals(projectId, billingPeriods),
    totalsBy: async ({ projectId, column }) => {
      const group =
        column === 'usage_month'
          ? `formatDateTime(assumeNotNull(line_item_usage_start_date), '%Y-%m')`
          : columnAsText(column);
      const result = await reader.rows(
        `SELECT ${group} AS grp, ${totalsSelect(reader)} FROM ${reader.table} WHERE project_id = ${sqlString(projectId)} GROUP BY grp ORDER BY grp NULLS LAST`,
      );
      return result.map(
        (r): GroupTotals => ({ group: r.grp === null ? null : String(r.grp), ...totalsOf(r) }),
      );
    },
    ...clickHouseQueryPort(reader),
    ...clickHouseReadPorts(reader),
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([client, ...shards].map((c) => c.close()));
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/**
 * Reads with ClickHouse's max_execution_time (QUERY_TIMEOUT_SECONDS): the server stops a longer query and the
 * caller gets the 503 that says so, the same as on DuckDB.
 */
export function timedRows(client: ClickHouseClient, timeoutSeconds: number) {
  return async (sql: string): Promise<Record<string, unknown>[]> => {
    const result = await client
      .query({
        query: sql,
        format: 'JSONEachRow',
        clickhouse_settings: { max_execution_time: timeoutSeconds },
      })
      .catch((error: unknown) => {
        throw isTimeoutExceeded(error) ? queryTimedOut(timeoutSeconds) : error;
      });
    return result.json<Record<string, unknown>>();
  };
}

/**
 * 159 TIMEOUT_EXCEEDED: the server stopped the query at max_execution_time. Current releases send the code in a
 * header the client reads into `code`; 18.16 sends only the text "Code: 159, e.displayText() = …".
 */
function isTimeoutExceeded(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '159' || (typeof message === 'string' && /^Code: 159\b/.test(message));
}

export function openClient(url: string): ClickHouseClient {
  // Errors reach the caller (and the import run's record); the client's own logger would print them twice.
  return createClient({ url, request_timeout: 600_000, log: { level: ClickHouseLogLevel.OFF } });
}

/** The database a CLICKHOUSE_URL names as its path (as the client reads it), none when it names none. */
function databaseOf(url: string): { database?: string } {
  const { pathname } = new URL(url);
  return pathname.trim().length > 1 ? { database: pathname.slice(1) } : {};
}

/** A stable shard for a project (FNV-1a of its id), so its periods are always replaced where they live. */
function shardIndex(projectId: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(projectId, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash % shards;
}

async function createIfMissing(client: ClickHouseClient, table: string, ddl: string): Promise<boolean> {
  const result = await client.query({
    query: `SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = ${sqlString(table)}`,
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ n: string }>();
  if (Number(row?.n) > 0) return false;
  await client.command({ query: ddl });
  return true;
}

/**
 * Drops and makes anew a rollup table whose stored columns are not those of its definition (a release added a key
 * or a figure): a rollup is rebuilt from the line items, never altered in place. True when it did; the caller
 * fills it.
 */
async function replaceIfChanged(client: ClickHouseClient, rollup: RollupDefinition): Promise<boolean> {
  const result = await client.query({
    query: `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = ${sqlString(rollup.table)}`,
    format: 'JSONEachRow',
  });
  const names = (columns: string[]) => [...columns].sort().join('\u0000');
  const present = (await result.json<{ name: string }>()).map((c) => c.name);
  if (names(present) === names(rollupColumnNames(rollup))) return false;
  await client.command({ query: `DROP TABLE IF EXISTS ${sqlIdentifier(rollup.table)}` });
  await client.command({ query: createRollupSql(rollup) });
  return true;
}

/**
 * Adds the line-item columns a table made by an older release lacks (old rows read NULL, or empty arrays),
 * each AFTER its predecessor: the column order stays that of a new table, which copies rely on (by
 * position). Returns one step per column added.
 */
async function addMissingColumns(client: ClickHouseClient, table: string): Promise<string[]> {
  const result = await client.query({
    query: `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = ${sqlString(table)}`,
    format: 'JSONEachRow',
  });
  const present = new Set((await result.json<{ name: string }>()).map((c) => c.name));
  const added: string[] = [];
  for (const [i, column] of LINE_ITEM_COLUMNS.entries()) {
    const before = LINE_ITEM_COLUMNS[i - 1];
    if (present.has(column.name) || before === undefined) continue;
    await client.command({
      query: `ALTER TABLE ${sqlIdentifier(table)} ADD COLUMN ${sqlIdentifier(column.name)} ${column.type} AFTER ${sqlIdentifier(before.name)}`,
    });
    added.push(`add ${column.name} to ${table}`);
  }
  return added;
}

/** Drops every partition of a project from one table of one shard. */
async function dropProject(client: ClickHouseClient, table: string, projectId: string): Promise<void> {
  const result = await client.query({
    query: `SELECT DISTINCT toString(billing_period) AS period FROM ${table} WHERE project_id = ${sqlString(projectId)}`,
    format: 'JSONEachRow',
  });
  for (const { period } of await result.json<{ period: string }>()) {
    await client.command({
      query: `ALTER TABLE ${table} DROP PARTITION (${sqlString(projectId)}, ${sqlString(period)})`,
    });
  }
}
