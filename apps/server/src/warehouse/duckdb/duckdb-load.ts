import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteString } from '../../ingest/duckdb/sql';
import { CANONICAL_COLUMNS, LINE_ITEMS_TABLE } from '../canonical-schema';
import type { PeriodLoad } from '../cost-store';
import { rebuildRollups } from './duckdb-rollups';
import { inTransaction } from './duckdb-transaction';

type Rows = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The temporary DuckDB table an import (or one part of it) is staged in; it lives in the connection only. */
export function duckDbStagingTable(importId: string): string {
  return `staging_${importId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

const COLUMNS = CANONICAL_COLUMNS.map((c) => `"${c.name}"`).join(', ');

/**
 * Loads an import and swaps its billing periods in, in one transaction: readers (other connections) see the
 * old periods or the new ones, rollups included, and a failure at any step keeps nothing. Returns the periods
 * (`YYYY-MM-DD`).
 */
export async function loadIntoDuckDb(
  connection: DuckDBConnection,
  rows: Rows,
  load: PeriodLoad,
): Promise<string[]> {
  const [whole, ...more] = load.parts;
  return whole !== undefined && more.length === 0
    ? loadStaged(connection, rows, load, whole)
    : loadInParts(connection, rows, load);
}

/**
 * An import read in one part, staged whole in a temporary table (outside the transaction: it spills to disk as
 * it grows, about seven times the source's bytes), checked there, then one INSERT into line_items with the swap:
 * the faster way. The table is dropped whatever happens. (At 1 GB of DuckDB memory, staging the 10M CSV.gz demo
 * export whole, or INSERTs of further parts into the table, ran out of memory: large CSV imports go part by part.)
 */
async function loadStaged(
  connection: DuckDBConnection,
  rows: Rows,
  load: PeriodLoad,
  select: string,
): Promise<string[]> {
  const staging = duckDbStagingTable(load.importId);
  try {
    await connection.run(`CREATE OR REPLACE TEMP TABLE ${staging} AS ${select}`);
    await load.check(staging);
    await load.complete();
    const periods = await periodsOf(rows, staging);
    await inTransaction(connection, async () => {
      await deleteEarlier(connection, load, periods);
      await connection.run(`INSERT INTO ${LINE_ITEMS_TABLE} (${COLUMNS}) SELECT ${COLUMNS} FROM ${staging}`);
      await rebuildRollups(connection, { projectId: load.projectId, billingPeriods: periods });
    });
    return periods;
  } finally {
    await connection.run(`DROP TABLE IF EXISTS ${staging}`);
  }
}

/**
 * Each part straight into line_items inside the one transaction (DuckDB writes a large uncommitted append to the
 * file, compressed, as it goes), then the checks over the import's rows and the swap. Order-preserving inserts
 * while it runs: with preserve_insertion_order off, each INSERT of a transaction left memory behind until the
 * commit (10M CUR rows in 7 parts ran out of memory at 1 GB by the fourth; DuckDB issue 19958). About a third
 * slower than staging; a temporary table inside the transaction would keep every dropped part until the commit.
 */
async function loadInParts(connection: DuckDBConnection, rows: Rows, load: PeriodLoad): Promise<string[]> {
  const imported = `(SELECT * FROM ${LINE_ITEMS_TABLE} WHERE project_id = ${quoteString(load.projectId)} AND import_id = ${quoteString(load.importId)})`;
  await connection.run('SET preserve_insertion_order = true');
  try {
    return await inTransaction(connection, async () => {
      for (const part of load.parts)
        await connection.run(`INSERT INTO ${LINE_ITEMS_TABLE} (${COLUMNS}) ${part}`);
      await load.check(imported);
      await load.complete();
      const periods = await periodsOf(rows, imported);
      await deleteEarlier(connection, load, periods);
      await rebuildRollups(connection, { projectId: load.projectId, billingPeriods: periods });
      return periods;
    });
  } finally {
    await connection.run('SET preserve_insertion_order = false');
  }
}

async function periodsOf(rows: Rows, relation: string): Promise<string[]> {
  const result = await rows(
    `SELECT DISTINCT CAST(billing_period AS VARCHAR) AS p FROM ${relation} ORDER BY 1`,
  );
  return result.map((r) => String(r.p));
}

/** Removes the project's rows of `periods` that earlier imports left (inside the caller's transaction). */
async function deleteEarlier(
  connection: DuckDBConnection,
  load: PeriodLoad,
  periods: string[],
): Promise<void> {
  // Dates DuckDB itself printed (YYYY-MM-DD): safe as literals.
  const dates = ['NULL', ...periods.map((p) => `DATE '${p}'`)].join(', ');
  await connection.run(
    `DELETE FROM ${LINE_ITEMS_TABLE} WHERE project_id = $1 AND import_id <> $2 AND billing_period IN (${dates})`,
    [load.projectId, load.importId],
  );
}
