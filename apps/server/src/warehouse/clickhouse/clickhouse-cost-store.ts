import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClickHouseClient, ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { quoteString } from '../../ingest/duckdb/sql';
import { probeEngine } from '../../platform/engine-health';
import { LINE_ITEMS_TABLE } from '../canonical-schema';
import type { CostStore, GroupTotals, PeriodTotals } from '../cost-store';
import { stagingTable } from '../duckdb/duckdb-cost-store';
import { clickHouseCostByPeriod, clickHouseSpendSummary } from './clickhouse-cost-queries';
import { createTableSql, LINE_ITEM_COLUMNS } from './clickhouse-schema';
import { sqlIdentifier, sqlString, sqlStringList } from './clickhouse-sql';
import { columnAsText, type ReadRows, totalsOf, totalsSelect } from './clickhouse-totals';

/**
 * The ClickHouse warehouse. Imports are still read and normalised by DuckDB (an in-memory instance that
 * only holds staging tables), whose connection the ingest readers borrow as with the DuckDB store.
 */
export interface ClickHouseCostStore extends CostStore {
  readonly kind: 'clickhouse';
  readonly connection: DuckDBConnection;
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export interface ClickHouseOptions {
  /** CLICKHOUSE_URL: http(s)://[user:password@]host:port[/database]. */
  url: string;
  /** The staging DuckDB spills here beyond its memory limit (large imports). */
  tempDirectory?: string;
  memoryLimit?: string;
}

/** The ClickHouse staging table of one import: same structure as line_items, so its partitions can move over. */
function clickHouseStaging(stagingId: string): string {
  return `finlens_staging_${stagingId.replace(/[^A-Za-z0-9_]/g, '_')}`;
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
  // Errors reach the caller (and the import run's record); the client's own logger would print them twice.
  const client = createClient({
    url: options.url,
    request_timeout: 600_000,
    log: { level: ClickHouseLogLevel.OFF },
  });
  const rows: ReadRows = async (sql) =>
    (await client.query({ query: sql, format: 'JSONEachRow' })).json<Record<string, unknown>>();
  let closed = false;
  let turn: Promise<unknown> = Promise.resolve();
  const periodTotals = async (projectId: string, billingPeriods?: string[]): Promise<PeriodTotals[]> => {
    const filter =
      billingPeriods === undefined ? '' : `AND toString(billing_period) IN ${sqlStringList(billingPeriods)}`;
    const result = await rows(
      `SELECT toString(billing_period) AS period, ${totalsSelect()} FROM ${LINE_ITEMS_TABLE} WHERE project_id = ${sqlString(projectId)} ${filter} GROUP BY period ORDER BY period`,
    );
    return result.map((r) => ({ billingPeriod: String(r.period), ...totalsOf(r) }));
  };
  return {
    kind: 'clickhouse',
    connection,
    exclusive: <T>(work: () => Promise<T>): Promise<T> => {
      const result = turn.then(work, work);
      turn = result.catch(() => {});
      return result;
    },
    init: async () => {
      const existing = await rows(
        `SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = ${sqlString(LINE_ITEMS_TABLE)}`,
      );
      if (Number(existing[0]?.n) > 0) return [];
      await client.command({ query: createTableSql(LINE_ITEMS_TABLE) });
      return [`create ${LINE_ITEMS_TABLE}`];
    },
    health: () =>
      probeEngine('clickhouse', async () => {
        if (closed) throw new Error('warehouse is closed');
        return `ClickHouse ${String((await rows('SELECT version() AS version'))[0]?.version ?? 'unknown')}`;
      }),
    replacePeriods: async ({ stagingId, projectId }) => {
      const source = stagingTable(stagingId);
      const target = clickHouseStaging(stagingId);
      try {
        const periods = await stagedPeriods(connection, source, projectId);
        await client.command({ query: `DROP TABLE IF EXISTS ${sqlIdentifier(target)}` });
        await client.command({ query: `CREATE TABLE ${sqlIdentifier(target)} AS ${LINE_ITEMS_TABLE}` });
        await copyStaging(connection, client, { source, target, tempDirectory });
        // Each partition swaps atomically: readers see a period's old or new rows, never a mix.
        for (const period of periods) {
          await client.command({
            query: `ALTER TABLE ${LINE_ITEMS_TABLE} REPLACE PARTITION (${sqlString(projectId)}, ${sqlString(period)}) FROM ${sqlIdentifier(target)}`,
          });
        }
        return await periodTotals(projectId, periods);
      } finally {
        await connection.run(`DROP TABLE IF EXISTS ${source}`);
        await client.command({ query: `DROP TABLE IF EXISTS ${sqlIdentifier(target)}` });
      }
    },
    discardStaging: async (stagingId) => {
      await connection.run(`DROP TABLE IF EXISTS ${stagingTable(stagingId)}`);
      await client.command({ query: `DROP TABLE IF EXISTS ${sqlIdentifier(clickHouseStaging(stagingId))}` });
    },
    deleteProject: async (projectId) => {
      // Dropping whole partitions is immediate; ALTER … DELETE would be an asynchronous mutation.
      const periods = await rows(
        `SELECT DISTINCT toString(billing_period) AS period FROM ${LINE_ITEMS_TABLE} WHERE project_id = ${sqlString(projectId)}`,
      );
      for (const { period } of periods) {
        await client.command({
          query: `ALTER TABLE ${LINE_ITEMS_TABLE} DROP PARTITION (${sqlString(projectId)}, ${sqlString(String(period))})`,
        });
      }
    },
    periodTotals: ({ projectId, billingPeriods }) => periodTotals(projectId, billingPeriods),
    totalsBy: async ({ projectId, column }) => {
      const group =
        column === 'usage_month'
          ? `formatDateTime(assumeNotNull(line_item_usage_start_date), '%Y-%m')`
          : columnAsText(column);
      const result = await rows(
        `SELECT ${group} AS grp, ${totalsSelect()} FROM ${LINE_ITEMS_TABLE} WHERE project_id = ${sqlString(projectId)} GROUP BY grp ORDER BY grp NULLS LAST`,
      );
      return result.map(
        (r): GroupTotals => ({ group: r.grp === null ? null : String(r.grp), ...totalsOf(r) }),
      );
    },
    costByPeriod: (query) => clickHouseCostByPeriod(rows, query),
    spendSummary: (query) => clickHouseSpendSummary(rows, query),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** The staged billing periods; every staged row must belong to the project being replaced. */
async function stagedPeriods(
  connection: DuckDBConnection,
  source: string,
  projectId: string,
): Promise<string[]> {
  const result = await connection.runAndReadAll(
    `SELECT DISTINCT CAST(billing_period AS VARCHAR) AS p, project_id FROM ${source} ORDER BY 1`,
  );
  const rows = result.getRowObjectsJson();
  if (rows.some((r) => r.project_id !== projectId)) throw new Error(`staged rows belong to another project`);
  return rows.map((r) => String(r.p));
}

/** Rows per CSV batch: bounds the temporary file (about 1 KB a row) while keeping inserts large. */
const BATCH_ROWS = 250_000;

/**
 * Copies the DuckDB staging rows into the ClickHouse staging table in batches: DuckDB writes a batch as
 * CSV into a temporary file (far faster than handing rows to JavaScript), which is streamed to ClickHouse.
 */
async function copyStaging(
  connection: DuckDBConnection,
  client: ClickHouseClient,
  { source, target, tempDirectory }: { source: string; target: string; tempDirectory: string },
) {
  const select = LINE_ITEM_COLUMNS.map((c) => `${c.fromDuckDb} AS "${c.name}"`).join(', ');
  const quoted = LINE_ITEM_COLUMNS.filter((c) => QUOTED.test(c.type)).map((c) => `"${c.name}"`);
  const count = await connection.runAndReadAll(`SELECT COALESCE(max(rowid) + 1, 0) AS n FROM ${source}`);
  const end = Number(count.getRowObjectsJson()[0]?.n ?? 0);
  const dir = await mkdtemp(join(tempDirectory, 'finlens-ch-batch-'));
  try {
    const file = join(dir, 'batch.csv');
    for (let from = 0; from < end; from += BATCH_ROWS) {
      await connection.run(
        `COPY (SELECT ${select} FROM ${source} WHERE rowid >= ${from} AND rowid < ${from + BATCH_ROWS})
         TO ${quoteString(file)} (FORMAT csv, HEADER false, NULLSTR '\\N', FORCE_QUOTE (${quoted.join(', ')}))`,
      );

      await client
        .insert({ table: target, values: createReadStream(file), format: 'CSV' })
        .catch((error: Error) => {
          // ClickHouse appends a dump of the rows around a parse error; the first line says what failed.
          throw new Error(
            `ClickHouse refused the staged rows: ${error.message.split('\n')[0]?.slice(0, 500)}`,
          );
        });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text and arrays are always quoted, so a value that reads `\N` stays text instead of NULL. */
const QUOTED = /String|Array|DateTime|Date/;
