import type { ClickHouseClient } from '@clickhouse/client';
import { LINE_ITEMS_TABLE } from '../canonical-schema';
import {
  ROLLUP_DAY_COLUMN,
  ROLLUPS,
  type RollupDefinition,
  rollupColumns,
  rollupSelectSql,
} from '../cost-query/rollups';
import { clickHouseDialect } from './clickhouse-dialect';
import { type ClickHouseColumn, clickHouseColumns } from './clickhouse-schema';
import { sqlIdentifier } from './clickhouse-sql';

/** Rollups are written on one server's own tables: no Distributed table, Kahan sums. */
const writeDialect = clickHouseDialect({ distributed: false, sum: 'sumKahan' });

/**
 * The stored columns of a rollup in rollupSelectSql's order: a map as its two arrays, the usage day a
 * Nullable(Date) (a line item without a usage start keeps its row, as in DuckDB).
 */
function rollupTableColumns(rollup: RollupDefinition): Pick<ClickHouseColumn, 'name' | 'type'>[] {
  const { groups, sums } = rollupColumns(rollup);
  return [...groups, ...sums].flatMap((column) =>
    column.name === ROLLUP_DAY_COLUMN
      ? [{ name: column.name, type: 'Nullable(Date)' }]
      : clickHouseColumns(column),
  );
}

/** The stored column names of a rollup, in table order (what a table made by this release has). */
export const rollupColumnNames = (rollup: RollupDefinition): string[] =>
  rollupTableColumns(rollup).map((c) => c.name);

/** A rollup table, partitioned like the line items so a period's rollup rows swap with its line items. */
export function createRollupSql(rollup: RollupDefinition): string {
  const columns = rollupTableColumns(rollup)
    .map((c) => `  ${sqlIdentifier(c.name)} ${c.type}`)
    .join(',\n');
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(rollup.table)} (\n${columns}\n) ENGINE = MergeTree
PARTITION BY (project_id, billing_period)
ORDER BY (client_id, project_id, assumeNotNull(${sqlIdentifier(ROLLUP_DAY_COLUMN)}))`;
}

/** Fills `target` (a rollup's structure) from every non-split row of the line-item table `from`. */
export async function fillRollup(
  client: ClickHouseClient,
  rollup: RollupDefinition,
  { from, target }: { from: string; target: string },
): Promise<void> {
  const names = rollupTableColumns(rollup)
    .map((c) => sqlIdentifier(c.name))
    .join(', ');
  const select = rollupSelectSql(writeDialect, rollup, writeDialect.values(), '1 = 1', from);
  await client.command({ query: `INSERT INTO ${target} (${names}) ${select}` });
}

/** The staging table of one rollup for one import (dropped with the import's line-item staging table). */
export function rollupStaging(lineItemStaging: string, rollup: RollupDefinition): string {
  return sqlIdentifier(`${lineItemStaging.replaceAll('`', '')}_${rollup.table}`);
}

/**
 * Builds each rollup of a staged import into its own staging table from the line-item staging table, so
 * the import's REPLACE PARTITION can swap the rollups' partitions right after the line items'. The rollups
 * are built at the same time (each a scan of the staging table); every build has ended before this
 * returns or throws, so the caller's dropping of the staging tables comes after all of them.
 */
export async function stageRollups(client: ClickHouseClient, lineItemStaging: string): Promise<void> {
  const builds = await Promise.allSettled(
    ROLLUPS.map(async (rollup) => {
      const target = rollupStaging(lineItemStaging, rollup);
      await client.command({ query: `DROP TABLE IF EXISTS ${target}` });
      await client.command({ query: `CREATE TABLE ${target} AS ${sqlIdentifier(rollup.table)}` });
      await fillRollup(client, rollup, { from: lineItemStaging, target });
    }),
  );
  const failed = builds.find((build) => build.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}

/** Every partitioned table of a shard: line items and the rollups. */
export const PARTITIONED_TABLES = [LINE_ITEMS_TABLE, ...ROLLUPS.map((r) => r.table)];
