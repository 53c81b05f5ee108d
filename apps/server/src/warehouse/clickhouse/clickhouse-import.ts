import { execFile } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import type { ClickHouseClient } from '@clickhouse/client';
import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteString } from '../../ingest/duckdb/sql';
import { LINE_ITEMS_TABLE } from '../canonical-schema';
import { ROLLUPS } from '../cost-query/rollups';
import { rollupStaging, stageRollups } from './clickhouse-rollups';
import { LINE_ITEM_COLUMNS } from './clickhouse-schema';
import { sqlIdentifier, sqlString } from './clickhouse-sql';

const run = promisify(execFile);

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
 * Moves one staged import (a DuckDB staging table) into `line_items` and the rollups of the server
 * `client` talks to: copy into a ClickHouse staging table, build each rollup's staging table from it, then
 * per period REPLACE PARTITION of the line items and, right after, of each rollup (each swap atomic; the
 * rollups trail the line items by a few statements). Every staging table is dropped whatever happens; on
 * failure before the swaps the warehouse keeps its old rows. Returns the periods.
 */
export async function swapInStagedPeriods(args: {
  connection: DuckDBConnection;
  client: ClickHouseClient;
  /** The DuckDB staging table (withStagedImport drops it). */
  staging: string;
  projectId: string;
  tempDirectory: string;
}): Promise<string[]> {
  const { connection, client, projectId, staging: source } = args;
  const stagings = clickHouseStagingTables(source);
  const [target, ...rollupTargets] = stagings as [string, ...string[]];
  try {
    const periods = await stagedPeriods(connection, source, projectId);
    await copyStaging(connection, client, { source, target, tempDirectory: args.tempDirectory });
    await stageRollups(client, target);
    const swaps: [string, string][] = [
      [LINE_ITEMS_TABLE, target],
      ...ROLLUPS.map((rollup, i): [string, string] => [
        sqlIdentifier(rollup.table),
        rollupTargets[i] as string,
      ]),
    ];
    for (const period of periods) {
      // A period whose rows are all split rows has no rollup partition: REPLACE then empties the rollup's.
      for (const [table, from] of swaps) {
        await client.command({
          query: `ALTER TABLE ${table} REPLACE PARTITION (${sqlString(projectId)}, ${sqlString(period)}) FROM ${from}`,
        });
      }
    }
    return periods;
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
 * Makes the ClickHouse staging table and copies the DuckDB staging rows into it in one streamed insert:
 * DuckDB writes them as CSV (far faster than handing rows to JavaScript) into a named pipe that the insert
 * reads, so DuckDB formats while ClickHouse parses and no temporary file holds the rows.
 */
async function copyStaging(
  connection: DuckDBConnection,
  client: ClickHouseClient,
  { source, target, tempDirectory }: { source: string; target: string; tempDirectory: string },
) {
  const select = LINE_ITEM_COLUMNS.map((c) => `${c.fromDuckDb} AS "${c.name}"`).join(', ');
  const quoted = LINE_ITEM_COLUMNS.filter((c) => QUOTED.test(c.type)).map((c) => `"${c.name}"`);
  await withNamedPipe(tempDirectory, async ({ path, rows, closeWriter }) => {
    // The table is made once the pipe is there, so the insert follows at once on the same connection:
    // nothing slow (making the pipe starts a process) lets the server close it as idle in between.
    await client.command({ query: `DROP TABLE IF EXISTS ${target}` });
    await client.command({ query: `CREATE TABLE ${target} AS ${LINE_ITEMS_TABLE}` });
    const insert = client
      .insert({
        table: target,
        values: rows.pipe(new PassThrough()),
        format: 'CSV',
        clickhouse_settings: { max_insert_block_size: INSERT_BLOCK_ROWS },
      })
      .catch((error: Error) => {
        // Stop DuckDB and read the pipe to its end so its COPY returns; the insert's error is the one told.
        connection.interrupt();
        rows.unpipe().resume();
        // ClickHouse appends a dump of the rows around a parse error; the first line says what failed.
        throw new Error(`ClickHouse refused the staged rows: ${error.message.split('\n')[0]?.slice(0, 500)}`);
      });
    const copy = connection
      .run(
        `COPY (SELECT ${select} FROM ${source}) TO ${quoteString(path)}
         (FORMAT csv, HEADER false, NULLSTR '\\N', FORCE_QUOTE (${quoted.join(', ')}))`,
      )
      .finally(closeWriter);
    const [inserted, copied] = await Promise.allSettled([insert, copy]);
    if (inserted.status === 'rejected') throw inserted.reason;
    if (copied.status === 'rejected') throw copied.reason;
  });
}

/**
 * Rows per block ClickHouse forms from the insert: bounds its memory while parsing (a block of every
 * column of 1M line items is over a GB), as the 250k-row batches of a temporary file used to.
 */
const INSERT_BLOCK_ROWS = '250000';

interface NamedPipe {
  path: string;
  /** The reading end, as a stream. */
  rows: Socket;
  /** Closes the writing end this process holds: the reader ends once DuckDB has closed its own too. */
  closeWriter: () => void;
}

/**
 * Runs `use` with a new named pipe (FIFO) in a private temporary folder, removed afterwards. Both ends are
 * opened here without blocking, and the writing end is held until `closeWriter`: DuckDB's open never waits
 * for a reader, and the reader sees no end before DuckDB has opened and closed the pipe, even when DuckDB
 * fails before opening it.
 */
async function withNamedPipe<T>(tempDirectory: string, use: (pipe: NamedPipe) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tempDirectory, 'finlens-ch-copy-'));
  let rows: Socket | undefined;
  let writer: number | undefined;
  const closeWriter = () => {
    if (writer !== undefined) closeSync(writer);
    writer = undefined;
  };
  try {
    const path = join(dir, 'rows.csv');
    await run('mkfifo', ['-m', '600', path]);
    rows = new Socket({ fd: openSync(path, constants.O_RDONLY | constants.O_NONBLOCK), writable: false });
    writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    return await use({ path, rows, closeWriter });
  } finally {
    closeWriter();
    rows?.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text and arrays are always quoted, so a value that reads `\N` stays text instead of NULL. */
const QUOTED = /String|Array|DateTime|Date/;
