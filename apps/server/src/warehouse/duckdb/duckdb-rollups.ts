import type { DuckDBConnection } from '@duckdb/node-api';
import {
  ROLLUP_KEY_COLUMNS,
  ROLLUPS,
  type RollupDefinition,
  rollupColumns,
  rollupSelectSql,
} from '../cost-query/rollups';
import { duckDbDialect } from './duckdb-dialect';

const id = duckDbDialect.identifier;

export function createRollupSql(rollup: RollupDefinition): string {
  const { groups, sums } = rollupColumns(rollup);
  const columns = [...groups, ...sums].map((c) => `  ${id(c.name)} ${duckDbDialect.columnType(c.type)}`);
  return `CREATE TABLE IF NOT EXISTS ${id(rollup.table)} (\n${columns.join(',\n')}\n)`;
}

/**
 * Rebuilds every rollup's rows of one project's billing periods from the line items (or of every row
 * when `scope` is null: the backfill). Runs inside the caller's transaction, so rollups and line items
 * always change together.
 */
export async function rebuildRollups(
  connection: DuckDBConnection,
  scope: { projectId: string; billingPeriods: string[] } | null,
  rollups: readonly RollupDefinition[] = ROLLUPS,
): Promise<void> {
  if (scope?.billingPeriods.length === 0) return;
  for (const rollup of rollups) {
    const values = duckDbDialect.values();
    let where = 'TRUE';
    if (scope !== null) {
      const periods = scope.billingPeriods.map((p) => duckDbDialect.date(values.add(p)));
      where = `${id('project_id')} = ${values.add(scope.projectId)} AND ${id('billing_period')} IN (${periods.join(', ')})`;
      await connection.run(`DELETE FROM ${id(rollup.table)} WHERE ${where}`, values.bound as never);
    }
    const { groups, sums } = rollupColumns(rollup);
    const names = [...groups, ...sums].map((c) => id(c.name)).join(', ');
    // Rows go in by day (the day is the column after the keys): DuckDB skips the blocks whose days a question's
    // range leaves out. Grouped rows come out in hash order, so a range's rows were spread over the whole table and
    // every question read all of it (30 days at 10M line items: ~15 ms in cost_rollup_daily, ~8 ms ordered).
    const day = ROLLUP_KEY_COLUMNS.length + 1;
    await connection.run(
      `INSERT INTO ${id(rollup.table)} (${names}) ${rollupSelectSql(duckDbDialect, rollup, values, where)}\nORDER BY ${day}`,
      values.bound as never,
    );
  }
}

/** Removes a project's rows from every rollup (inside the caller's transaction). */
export async function deleteProjectRollups(connection: DuckDBConnection, projectId: string): Promise<void> {
  for (const rollup of ROLLUPS) {
    await connection.run(`DELETE FROM ${id(rollup.table)} WHERE ${id('project_id')} = $1`, [projectId]);
  }
}
