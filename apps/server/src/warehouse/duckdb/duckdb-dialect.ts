import type { Granularity } from '@finlens/contracts/cost-query';
import type { SqlDialect, SqlValue } from '../cost-query/sql-dialect';
import { duckDbType } from './duckdb-schema';
import { sqlParameters } from './duckdb-sql-parameters';

const PERIOD_SQL: Record<Granularity, (sql: string) => string> = {
  hour: (sql) => `strftime(date_trunc('hour', ${sql}), '%Y-%m-%dT%H:00:00Z')`,
  day: (sql) => `strftime(${sql}, '%Y-%m-%d')`,
  week: (sql) => `strftime(date_trunc('week', ${sql}), '%Y-%m-%d')`,
  month: (sql) => `strftime(date_trunc('month', ${sql}), '%Y-%m-%d')`,
  quarter: (sql) => `strftime(date_trunc('quarter', ${sql}), '%Y-%m-%d')`,
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The DuckDB dialect of the CostQuery compiler: every DuckDB-only construct of the compiled SQL is here.
 * Values are bound `$n` parameters. date_trunc('week') starts weeks on Monday (ISO), as the contract says.
 */
export const duckDbDialect: SqlDialect = {
  name: 'duckdb',
  windowFunctions: true,
  values: () => {
    const params = sqlParameters();
    return { add: (value: SqlValue) => params.add(value), bound: params.values };
  },
  identifier: quoted,
  shardTable: quoted,
  columnType: duckDbType,
  date: (sql) => `CAST(${sql} AS DATE)`,
  dayStart: (sql) => `CAST(${sql} AS DATE)`,
  day: (sql) => `CAST(${sql} AS DATE)`,
  weekStart: (sql) => `CAST(date_trunc('week', ${sql}) AS DATE)`,
  dateText: (sql) => `strftime(${sql}, '%Y-%m-%d')`,
  periodStart: (sql, granularity) => PERIOD_SQL[granularity](sql),
  text: (sql) => `CAST(${sql} AS VARCHAR)`,
  mapValue: (mapSql, keySql) => `map_extract_value(${mapSql}, ${keySql})`,
  mapColumns: (name) => [quoted(name)],
  mapKeysAsRows: (mapSql) => `unnest(map_keys(${mapSql}))`,
  containsIgnoreCase: (sql, needleSql) => `contains(lower(${sql}), lower(${needleSql}))`,
  contains: (sql, needleSql) => `contains(${sql}, ${needleSql})`,
  matches: (sql, patternSql) => `regexp_matches(${sql}, ${patternSql})`,
  replaceFirst: (sql, patternSql, replacementSql) =>
    `regexp_replace(${sql}, ${patternSql}, ${replacementSql})`,
  splitPart: (sql, delimiterSql, index) => `split_part(${sql}, ${delimiterSql}, ${index})`,
  concat: (parts) => `concat(${parts.join(', ')})`,
  // kahan_sum keeps DOUBLE sums independent of the order rows arrive in (rollup and raw agree to the cent).
  sumMoney: (sql) => `COALESCE(kahan_sum(${sql}), 0)`,
  quantile: (sql, level) => `quantile_cont(${sql}, ${Number(level)})`,
  hoursBetween: (start, end) => `((epoch(${end}) - epoch(${start})) / 3600.0)`,
  daysInMonth: (sql) => `dayofmonth(last_day(${sql}))`,
  matchesIgnoreCase: (sql, pattern) => `regexp_matches(${sql}, '${pattern.replaceAll("'", "''")}', 'i')`,
};
