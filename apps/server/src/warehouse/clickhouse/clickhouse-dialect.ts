import type { Granularity } from '@finlens/contracts/cost-query';
import { CANONICAL_COLUMNS, LINE_ITEMS_TABLE } from '../canonical-schema';
import { ROLLUPS } from '../cost-query/rollups';
import type { SqlDialect, SqlValue } from '../cost-query/sql-dialect';
import { clickHouseType } from './clickhouse-schema';
import { sqlIdentifier, sqlNumber, sqlString } from './clickhouse-sql';
import { distributedTable, type Reader } from './clickhouse-totals';

const PERIOD_SQL: Record<Granularity, (sql: string) => string> = {
  hour: (sql) => `formatDateTime(toStartOfHour(${sql}), '%Y-%m-%dT%H:00:00Z')`,
  day: (sql) => `formatDateTime(${sql}, '%Y-%m-%d')`,
  week: (sql) => `formatDateTime(toMonday(${sql}), '%Y-%m-%d')`,
  month: (sql) => `formatDateTime(toStartOfMonth(${sql}), '%Y-%m-%d')`,
  quarter: (sql) => `formatDateTime(toStartOfQuarter(${sql}), '%Y-%m-%d')`,
};

const columnType = (sql: string) => CANONICAL_COLUMNS.find((c) => `\`${c.name}\`` === sql)?.type;

/** A value as an escaped literal: 18.16 has no server-side parameters, so nothing is bound. */
function literal(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return sqlString(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return sqlNumber(value);
}

/** Tables every shard holds, read through their Distributed tables when sharded. */
const SHARDED_TABLES = new Set([LINE_ITEMS_TABLE, ...ROLLUPS.map((r) => r.table)]);

/** A map "column" is named as the tuple (keys, values) of its two parallel arrays (see `identifier`). */
const MAP_TUPLE = /^tuple\((`[^`]+`), (`[^`]+`)\)$/;

/**
 * One array of a map "column": the arrays themselves, not `tupleElement` of the tuple, because 18.16
 * forwards `tupleElement(…)[i]` to the shards of a Distributed table as `(…).2[i]`, which it cannot parse.
 */
function mapPart(map: string, part: 1 | 2): string {
  const arrays = MAP_TUPLE.exec(map);
  return arrays === null ? `tupleElement(${map}, ${part})` : (arrays[part] as string);
}
const keys = (map: string) => mapPart(map, 1);
const mapValues = (map: string) => mapPart(map, 2);

/**
 * The ClickHouse dialect of the CostQuery compiler, in forms 18.16 and current releases accept. A map
 * column (stored as `<name>_keys` / `<name>_values`, see clickhouse-schema.ts) is named as the tuple of
 * its arrays, so map lookups and key listings work on it; booleans (UInt8) read as 'true' / 'false'.
 * `line_items` and the rollups name the reader's tables (their Distributed tables when sharded), sums use
 * its aggregate.
 */
export const clickHouseDialect = (reader: Pick<Reader, 'distributed' | 'sum' | 'database'>): SqlDialect => ({
  name: 'clickhouse',
  // 18.16 has no window functions.
  windowFunctions: false,
  values: () => ({ add: literal, bound: [] }),
  identifier: (name) => {
    if (reader.distributed && SHARDED_TABLES.has(name)) return sqlIdentifier(distributedTable(name));
    const isMap = CANONICAL_COLUMNS.some((c) => c.name === name && c.type === 'text_map');
    return isMap
      ? `tuple(${sqlIdentifier(`${name}_keys`)}, ${sqlIdentifier(`${name}_values`)})`
      : sqlIdentifier(name);
  },
  // A Distributed table's subquery over another Distributed table is refused (distributed_product_mode): each
  // shard runs the subquery over its own rows instead, in the reader's database (the shard's connection has its
  // own default database, not the one the Distributed table names).
  shardTable: (name) =>
    reader.database === undefined
      ? sqlIdentifier(name)
      : `${sqlIdentifier(reader.database)}.${sqlIdentifier(name)}`,
  columnType: clickHouseType,
  date: (sql) => `toDate(${sql})`,
  // A DateTime at UTC midnight: 18.16 compares a DateTime with a Date wrongly.
  dayStart: (sql) => `toDateTime(toDate(${sql}), 'UTC')`,
  day: (sql) => `toDate(${sql})`,
  weekStart: (sql) => `toMonday(${sql})`,
  dateText: (sql) => `formatDateTime(${sql}, '%Y-%m-%d')`,
  periodStart: (sql, granularity) => PERIOD_SQL[granularity](sql),
  text: (sql) =>
    columnType(sql) === 'boolean'
      ? `if(isNull(${sql}), NULL, if(${sql} = 1, 'true', 'false'))`
      : `toString(${sql})`,
  // Not arrayElement of the Array(Nullable(String)) itself: over rows with empty maps 18.16 builds a broken
  // Nullable column from it (grouping by it crashes the server; `if(has(…), …, NULL)` fails with "Inconsistent
  // sizes of ColumnNullable objects"). Index 0 (absent key) reads ''; an empty value is no value anyway.
  mapValue: (map, key) =>
    `NULLIF(arrayElement(arrayMap(x -> ifNull(x, ''), ${mapValues(map)}), indexOf(${keys(map)}, ${key})), '')`,
  mapColumns: (name) => [sqlIdentifier(`${name}_keys`), sqlIdentifier(`${name}_values`)],
  mapKeysAsRows: (map) => `arrayJoin(${keys(map)})`,
  containsIgnoreCase: (sql, needle) => `positionCaseInsensitiveUTF8(${sql}, ${needle}) > 0`,
  contains: (sql, needle) => `position(${sql}, ${needle}) > 0`,
  matches: (sql, pattern) => `match(${sql}, ${pattern})`,
  replaceFirst: (sql, pattern, replacement) => `replaceRegexpOne(${sql}, ${pattern}, ${replacement})`,
  splitPart: (sql, delimiter, index) =>
    `arrayElement(splitByString(${delimiter}, assumeNotNull(${sql})), ${index})`,
  concat: (parts) => `concat(${parts.map((p) => `ifNull(toString(${p}), '')`).join(', ')})`,
  sumMoney: (sql) => `ifNull(${reader.sum}(${sql}), 0)`,
  quantile: (sql, level) => `quantile(${Number(level)})(${sql})`,
  hoursBetween: (start, end) => `((toInt64(${end}) - toInt64(${start})) / 3600)`,
  // 18.16 has no toLastDayOfMonth: the day before the next month's first.
  daysInMonth: (sql) => `toDayOfMonth(addDays(addMonths(toStartOfMonth(${sql}), 1), -1))`,
  // RE2, as DuckDB's; `(?i)` for the case.
  matchesIgnoreCase: (sql, pattern) => `match(${sql}, ${sqlString(`(?i)${pattern}`)})`,
});
