import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClickHouseClient } from '@clickhouse/client';
import type { DuckDBConnection } from '@duckdb/node-api';
import { LINE_ITEMS_TABLE } from '../canonical-schema';
import { ROLLUPS } from '../cost-query/rollups';
import type { PeriodLoad } from '../cost-store';
import { quoteString } from '../sql-quote';
import { rollupStaging, stageRollups } from './clickhouse-rollups';
import { LINE_ITEM_COLUMNS } from './clickhouse-schema';
import { sqlIdentifier, sqlString } from './clickhouse-sql';

/** Rows per CSV batch: bounds the temporary files (about 1.5 KB a row, two at a time) and ClickHouse's blocks. */
const BATCH_ROWS = 250_000;

/** The temporary DuckDB table an import (or one part of it) is staged in; it lives in the connection only. */
function duckDbStagingTable(importId: string): string {
  return `staging_${importId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** The ClickHouse staging table of one import: same structure as line_items, so its partitions can move over. */
function clickHouseStaging(stagingId: string): string {
  return sqlIdentifier(`finlens_staging_${stagingId.replace(/[^A-Za-z0-9_]/g, '_')}`);
}

/** Every ClickHouse staging table of one import: its line items, then one per rollup. */
function clickHouseStagingTables(stagingId: string): string[] {
  const lineItems = clickHouseStaging(stagingId);
  return [lineItems, ...ROLLUPS.map((rollup) => rollupStaging(lineItems, rollup))];
}

/**
 * Loads one import into `line_items` and the rollups of the server `client` talks to. Each part is staged in a
 * temporary DuckDB table (checked there, then copied into one ClickHouse staging table and dropped), so DuckDB
 * holds one part at a time; once every part is in, each rollup's staging table is built from the line items'
 * and, per period, REPLACE PARTITION swaps the line items and, right after, each rollup (each swap atomic; the
 * rollups trail the line items by a few statements). Every staging table is dropped whatever happens; on a
 * failure before the swaps the warehouse keeps its old rows. Returns the periods.
 */
export async function loadIntoClickHouse(args: {
  connection: DuckDBConnection;
  client: ClickHouseClient;
  load: PeriodLoad;
  tempDirectory: string;
}): Promise<string[]> {
  const { connection, client, load } = args;
  const duckDbStaging = duckDbStagingTable(load.importId);
  const stagings = clickHouseStagingTables(load.importId);
  const [target, ...rollupTargets] = stagings as [string, ...string[]];
  const periods = new Set<string>();
  try {
    await client.command({ query: `DROP TABLE IF EXISTS ${target}` });
    await client.command({ query: `CREATE TABLE ${target} AS ${LINE_ITEMS_TABLE}` });
    for (const part of load.parts) {
      try {
        await connection.run(`CREATE OR REPLACE TEMP TABLE ${duckDbStaging} AS ${part}`);
        await load.check(duckDbStaging);
        for (const period of await stagedPeriods(connection, duckDbStaging, load.projectId))
          periods.add(period);
        await copyStaging(connection, client, {
          source: duckDbStaging,
          target,
          tempDirectory: args.tempDirectory,
        });
      } finally {
        await connection.run(`DROP TABLE IF EXISTS ${duckDbStaging}`);
      }
    }
    await load.complete();
    await stageRollups(client, target);
    const swaps: [string, string][] = [
      [LINE_ITEMS_TABLE, target],
      ...ROLLUPS.map((rollup, i): [string, string] => [
        sqlIdentifier(rollup.table),
        rollupTargets[i] as string,
      ]),
    ];
    const sorted = [...periods].sort();
    for (const period of sorted) {
      // A period whose rows are all split rows has no rollup partition: REPLACE then empties the rollup's.
      for (const [table, from] of swaps) {
        await client.command({
          query: `ALTER TABLE ${table} REPLACE PARTITION (${sqlString(load.projectId)}, ${sqlString(period)}) FROM ${from}`,
        });
      }
    }
    return sorted;
  } finally {
    for (const table of stagings) await client.command({ query: `DROP TABLE IF EXISTS ${table}` });
  }
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
  if (rows.some((r) => r.project_id !== projectId)) throw new Error('staged rows belong to another project');
  return rows.map((r) => String(r.p));
}

/**
 * Copies the DuckDB staging rows into the ClickHouse staging table in batches: DuckDB writes each batch as
 * CSV into a temporary file (far faster than handing rows to JavaScript), which is streamed to ClickHouse
 * while DuckDB writes the next batch into a second file. Every insert has ended before this returns or
 * throws (the caller then drops the staging table).
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
  // The insert in flight, settled as its error or null (a rejection waiting for a handler would end the process).
  let inserting: Promise<unknown> = Promise.resolve(null);
  try {
    for (let from = 0, batch = 0; from < end; from += BATCH_ROWS, batch += 1) {
      // Two files in turn: batch n+1 is written while batch n, in the other file, is being inserted.
      const file = join(dir, `batch-${batch % 2}.csv`);
      await connection.run(
        `COPY (SELECT ${select} FROM ${source} WHERE rowid >= ${from} AND rowid < ${from + BATCH_ROWS})
         TO ${quoteString(file)} (FORMAT csv, HEADER false, NULLSTR '\\N', FORCE_QUOTE (${quoted.join(', ')}))`,
      );
      await throwIfFailed(inserting);
      inserting = insertFile(client, target, file).then(
        () => null,
        (error: unknown) => error,
      );
    }
    await throwIfFailed(inserting);
  } finally {
    await inserting;
    await rm(dir, { recursive: true, force: true });
  }
}

async function throwIfFailed(settled: Promise<unknown>): Promise<void> {
  const error = await settled;
  if (error !== null) throw error;
}

async function insertFile(client: ClickHouseClient, table: string, file: string): Promise<void> {
  await client.insert({ table, values: createReadStream(file), format: 'CSV' }).catch((error: Error) => {
    // ClickHouse appends a dump of the rows around a parse error; the first line says what failed.
    throw new Error(`ClickHouse refused the staged rows: ${error.message.split('\n')[0]?.slice(0, 500)}`);
  });
}

/** Text and arrays are always quoted, so a value that reads `\N` stays text instead of NULL. */
const QUOTED = /String|Array|DateTime|Date/;
