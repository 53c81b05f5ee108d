import type { Granularity } from '@finlens/contracts/cost-query';
import type { CanonicalType } from '../canonical-schema';

/** A user value as it may reach SQL: never spliced into the text by the compiler, always through `SqlValues`. */
export type SqlValue = string | number | boolean | null;

/**
 * The values of one statement. DuckDB binds them as `$n` parameters; an engine without usable parameters
 * (ClickHouse over HTTP with literal rendering) returns an escaped literal from `add` and leaves `bound` empty.
 */
export interface SqlValues {
  /** The SQL that stands for `value` in the statement. */
  add(value: SqlValue): string;
  /** What to bind, in placeholder order. */
  readonly bound: unknown[];
}

/**
 * The dialect seam of the CostQuery compiler (cost-query/compile-cost-query.ts). The compiler writes only
 * portable SQL itself — SELECT / WHERE / GROUP BY / ORDER BY … NULLS LAST / LIMIT, subqueries in FROM and
 * scalar subqueries, CASE, COALESCE, NULLIF, IN, IS NULL, `round`, `sum`/`count` — and asks the dialect for
 * everything engines spell differently. No CTEs, and window functions only where `windowFunctions` says so:
 * ClickHouse 18.16 has neither. Every argument named `sql` below is an already rendered
 * SQL expression; identifiers come from the fixed canonical schema, never from user text.
 *
 * Every expression that yields a dimension value must yield text (or NULL), so that filters compare text.
 */
export interface SqlDialect {
  readonly name: 'duckdb' | 'clickhouse';
  /** Whether `count(*) OVER ()` may count a result's rows beside them. */
  readonly windowFunctions: boolean;
  /** A fresh value collector for one statement. */
  values(): SqlValues;
  /** A quoted identifier of the canonical schema or a rollup. */
  identifier(name: string): string;
  /**
   * A table as each shard holds it (not the Distributed table reads go through): for a subquery of rows of the
   * same project as the outer query's row, which lives whole on one shard. The table itself on one server.
   */
  shardTable(name: string): string;
  /** The storage type of a canonical logical type (rollup DDL). */
  columnType(type: CanonicalType): string;
  /** A DATE from rendered `YYYY-MM-DD` text, to compare with DATE columns (rollup days, billing periods). */
  date(sql: string): string;
  /** UTC midnight starting the day of rendered `YYYY-MM-DD` text, to compare with timestamp columns. */
  dayStart(sql: string): string;
  /** The calendar day (DATE) of a timestamp. */
  day(sql: string): string;
  /** The Monday (a DATE) starting the ISO week of a DATE or timestamp. */
  weekStart(sql: string): string;
  /** A DATE or timestamp as `YYYY-MM-DD` text. */
  dateText(sql: string): string;
  /**
   * The start of the period holding a DATE or timestamp, as text: `YYYY-MM-DD` (weeks start on Monday,
   * quarters are calendar quarters), or `YYYY-MM-DDTHH:00:00Z` for hours.
   */
  periodStart(sql: string, granularity: Granularity): string;
  /** Any scalar as text (booleans as 'true' / 'false'). */
  text(sql: string): string;
  /** The value of `key` in a text map column, NULL when the key is absent (an empty value may read NULL too). */
  mapValue(mapSql: string, keySql: string): string;
  /** The stored columns of a map column, in table order (a rollup copies them as they are). */
  mapColumns(name: string): string[];
  /** A set-returning select item: one row per key of the map (keys of tags, cost categories, labels). */
  mapKeysAsRows(mapSql: string): string;
  /** True when `needleSql` occurs in `sql` ignoring case (a plain substring, no wildcards); NULL on NULL. */
  containsIgnoreCase(sql: string, needleSql: string): string;
  /** True when `needleSql` occurs in `sql` as it is (case counts, no wildcards); NULL on NULL. */
  contains(sql: string, needleSql: string): string;
  /** True when the regular expression `patternSql` (RE2 syntax, shared with JavaScript's) matches in `sql`. */
  matches(sql: string, patternSql: string): string;
  /** `sql` with the first match of the regular expression `patternSql` (RE2) replaced by `replacementSql`. */
  replaceFirst(sql: string, patternSql: string, replacementSql: string): string;
  /** Part `index` (1-based) of `sql` split on a one-character delimiter; '' when there is no such part. */
  splitPart(sql: string, delimiterSql: string, index: number): string;
  /** Text concatenation. */
  concat(parts: string[]): string;
  /** Sum of money over the group: 0 for no rows, compensated where the engine offers it. */
  sumMoney(sql: string): string;
  /**
   * The `level` percentile (0–1) of a group's values by linear interpolation between the nearest ranks (type 7:
   * DuckDB quantile_cont, ClickHouse quantile, which is exact below 8,192 values), as the metrics store's p95.
   */
  quantile(sql: string, level: number): string;
  /** Hours from one timestamp to another, fractional; NULL when either is NULL. */
  hoursBetween(startSql: string, endSql: string): string;
  /** The number of days (28–31) of the calendar month holding a DATE or timestamp. */
  daysInMonth(sql: string): string;
  /**
   * True when `sql` matches `pattern` ignoring case (a fixed regular expression of the code, never user text,
   * in the syntax RE2 and JavaScript share); false or NULL on NULL.
   */
  matchesIgnoreCase(sql: string, pattern: string): string;
}
