import { SPLIT_COST_OPERATIONS } from '@finlens/cost-model/billing-line-item-types';
import { CANONICAL_COLUMNS, COST_TYPE_COLUMNS, COST_TYPES, type CostType } from '../canonical-schema';
import { sqlIdentifier, sqlStringList } from './clickhouse-sql';

/** Runs a read and names the table reads go to (line_items, or the Distributed table over the shards). */
export interface Reader {
  rows(sql: string): Promise<Record<string, unknown>[]>;
  table: string;
  /** Reads go through a Distributed table over each shard's table (see `distributedTable`). */
  distributed: boolean;
  /**
   * The database the URL names (none: the server's default). A shard runs the subqueries a Distributed read
   * forwards in its connection's default database, so a shard's own table is named with this one.
   */
  database?: string;
  /**
   * `sumKahan` on one server. Over a Distributed table 18.16 merges sumKahan states wrongly (garbage
   * sums, even a crash of the initiating server), so sharded reads use plain `sum`.
   */
  sum: 'sumKahan' | 'sum';
}

/** The money sum of `column` (optionally of the rows meeting `condition`), 0 when nothing matched. */
export function costSum(reader: Reader, column: string, condition?: string): string {
  const name = sqlIdentifier(column);
  return condition === undefined
    ? `ifNull(${reader.sum}(${name}), 0)`
    : `ifNull(${reader.sum}If(${name}, ${condition}), 0)`;
}

/** Every cost type's sum plus the row count. */
export function totalsSelect(reader: Reader): string {
  const sums = COST_TYPES.map((t) => `${costSum(reader, COST_TYPE_COLUMNS[t])} AS ${t}`);
  return [...sums, 'count() AS row_count'].join(', ');
}

export function totalsOf(row: Record<string, unknown>): { rows: number; totals: Record<CostType, number> } {
  const totals = Object.fromEntries(COST_TYPES.map((t) => [t, Number(row[t] ?? 0)])) as Record<
    CostType,
    number
  >;
  return { rows: Number(row.row_count ?? 0), totals };
}

/**
 * A canonical column as text, written as DuckDB's CAST(… AS VARCHAR) writes it, so groups compare equal
 * across engines (booleans are UInt8 here); NULL stays NULL.
 */
export function columnAsText(column: string): string {
  const canonical = CANONICAL_COLUMNS.find((c) => c.name === column);
  if (canonical === undefined || canonical.type === 'text_map') throw new Error(`unknown column ${column}`);
  const name = sqlIdentifier(column);
  return canonical.type === 'boolean'
    ? `if(isNull(${name}), NULL, if(${name} = 1, 'true', 'false'))`
    : `toString(${name})`;
}

/** Leaves out split-cost-allocation rows (they re-state part of an instance row's cost), as the DuckDB store. */
export function notSplitCostRow(): string {
  return `(line_item_operation IS NULL OR line_item_operation NOT IN ${sqlStringList(SPLIT_COST_OPERATIONS)})`;
}

/** The Distributed table over every shard's `table` (line items and each rollup). */
export const distributedTable = (table: string) => `${table}_all`;
