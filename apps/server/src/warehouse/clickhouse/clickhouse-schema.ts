import { CANONICAL_COLUMNS, type CanonicalColumn, type CanonicalType } from '../canonical-schema';
import { sqlIdentifier } from './clickhouse-sql';

/**
 * Canonical types in ClickHouse, in forms 18.16 and current releases both accept. Every column but the
 * partition key is Nullable so NULLs survive the copy from DuckDB. Timestamps are DateTime('UTC') (18.16
 * has no DateTime64: sub-second parts are dropped; billing data has none).
 */
const CLICKHOUSE_TYPES: Record<Exclude<CanonicalType, 'text_map'>, string> = {
  text: 'Nullable(String)',
  money: 'Nullable(Float64)',
  number: 'Nullable(Float64)',
  timestamp: "Nullable(DateTime('UTC'))",
  date: 'Date',
  boolean: 'Nullable(UInt8)',
};

/** The storage type of a canonical type (a map is the pair of its key and value arrays, as a tuple). */
export function clickHouseType(type: CanonicalType): string {
  return type === 'text_map' ? 'Tuple(Array(String), Array(Nullable(String)))' : CLICKHOUSE_TYPES[type];
}

/** Tenancy keys are never NULL: the partition and sorting keys are built from them. */
const NOT_NULL = new Set(['client_id', 'project_id', 'billing_period']);

/**
 * One ClickHouse column of the table. 18.16 has no Map type: a map column `m` is stored as two parallel
 * arrays `m_keys` and `m_values` (entry i of one belongs to entry i of the other; a NULL map is empty).
 */
export interface ClickHouseColumn {
  name: string;
  type: string;
  /** The DuckDB expression over the staging table that yields this column's JSON value. */
  fromDuckDb: string;
}

export function clickHouseColumns(column: CanonicalColumn): ClickHouseColumn[] {
  const quoted = `"${column.name}"`;
  if (column.type === 'text_map') {
    return [
      { name: `${column.name}_keys`, type: 'Array(String)', fromDuckDb: arrayLiteral(`map_keys(${quoted})`) },
      {
        name: `${column.name}_values`,
        type: 'Array(Nullable(String))',
        fromDuckDb: arrayLiteral(`map_values(${quoted})`),
      },
    ];
  }
  const type = NOT_NULL.has(column.name)
    ? stripNullable(CLICKHOUSE_TYPES[column.type])
    : CLICKHOUSE_TYPES[column.type];
  return [{ name: column.name, type, fromDuckDb: duckDbExpression(column.type, quoted) }];
}

export const LINE_ITEM_COLUMNS: readonly ClickHouseColumn[] = CANONICAL_COLUMNS.flatMap(clickHouseColumns);

/**
 * The line-item table. One partition per (project, billing period) so an import swaps a period with
 * REPLACE PARTITION; sorted by the Explorer's common filters (client, project, usage day, service,
 * account). Nullable columns enter the key through assumeNotNull: current releases refuse nullable keys.
 */
export function createTableSql(table: string): string {
  const columns = LINE_ITEM_COLUMNS.map((c) => `  ${sqlIdentifier(c.name)} ${c.type}`).join(',\n');
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(table)} (\n${columns}\n) ENGINE = MergeTree
PARTITION BY (project_id, billing_period)
ORDER BY (client_id, project_id, toDate(assumeNotNull(line_item_usage_start_date)),
  assumeNotNull(product_servicecode), assumeNotNull(line_item_usage_account_id))`;
}

function stripNullable(type: string): string {
  return type.replace(/^Nullable\((.*)\)$/, '$1');
}

/** ClickHouse's CSV reader wants timestamps as `YYYY-MM-DD hh:mm:ss`, dates as `YYYY-MM-DD` and booleans as 0/1. */
function duckDbExpression(type: Exclude<CanonicalType, 'text_map'>, quoted: string): string {
  switch (type) {
    case 'timestamp':
      return `strftime(${quoted}, '%Y-%m-%d %H:%M:%S')`;
    case 'date':
      return `CAST(${quoted} AS VARCHAR)`;
    case 'boolean':
      return `CAST(${quoted} AS UTINYINT)`;
    default:
      return quoted;
  }
}

/**
 * A DuckDB list of text written as a ClickHouse array literal (['a','b\'c',NULL]), which is how the CSV
 * format reads an array field; a NULL list becomes []. Backslash and quote are escaped as in sqlString.
 * A list without NULL entries or \x01 in its text (nearly all) is joined with \x01 and escaped once as one
 * string, about twice as fast in DuckDB as quoting entry by entry (a lambda call per map entry of every
 * row), which the others keep.
 */
function arrayLiteral(list: string): string {
  const escaped = (text: string) => `replace(replace(${text}, '\\', '\\\\'), '''', '\\''')`;
  const item = `COALESCE('''' || ${escaped('x')} || '''', 'NULL')`;
  const joined = `replace(${escaped(`array_to_string(${list}, chr(1))`)}, chr(1), ''',''')`;
  return `CASE WHEN ${list} IS NULL OR len(${list}) = 0 THEN '[]'
    WHEN list_count(${list}) = len(${list}) AND strpos(array_to_string(${list}, ''), chr(1)) = 0
      THEN '[''' || ${joined} || ''']'
    ELSE '[' || array_to_string(list_transform(${list}, lambda x: ${item}), ',') || ']' END`;
}
