import { quoteIdent, quoteString } from '../../warehouse/sql-quote';
import type { RawColumn } from './file-reader';

/** A parse that can fail on a cell: the staging query flags the first failing column of each row. */
export interface CellCheck {
  column: string;
  /** The cell's text and its parse over the raw columns, for finding the failing row in a file. */
  raw: string;
  parsed: string;
  /** Column of the staging query's parse layer holding the parse (see `relation`). */
  alias: string;
  /** Column of the text layer holding the cleaned text the parse read. */
  textAlias: string;
}

const TEXT_ALIAS = '__finlens_text_';
const PARSED_ALIAS = '__finlens_parsed_';

/**
 * Builds DuckDB expressions over the raw columns of one delivery. Lookups are case-insensitive and go
 * through `key` (legacy CUR CSV headers are matched by their Athena name); every cast from text is
 * registered as a check so a bad cell becomes an error naming its row and column, never a silent null.
 *
 * Each raw column's cleaned text and each parse are computed once per row, in two layers under the staging
 * query (`relation`), and the expressions refer to them by alias: a map column feeds several canonical columns
 * and every parse is checked again for the bad-cell column, so inlining them would parse a cell many times.
 */
export class RawColumns {
  readonly checks: CellCheck[] = [];
  private readonly byKey = new Map<string, RawColumn>();
  private readonly texts = new Map<string, { alias: string; sql: string }>();
  private readonly parses = new Map<string, { alias: string; sql: string }>();

  constructor(
    readonly columns: readonly RawColumn[],
    key: (name: string) => string = (name) => name.toLowerCase(),
  ) {
    for (const column of columns) {
      const k = key(column.name);
      if (!this.byKey.has(k)) this.byKey.set(k, column);
    }
  }

  find(...keys: string[]): RawColumn | null {
    for (const k of keys) {
      const column = this.byKey.get(k.toLowerCase()) ?? this.byKey.get(k);
      if (column !== undefined) return column;
    }
    return null;
  }

  has(...keys: string[]): boolean {
    return this.find(...keys) !== null;
  }

  /** Raw columns whose key starts with `prefix`, with the key remainder. */
  withPrefix(prefix: string): { rest: string; column: RawColumn }[] {
    return [...this.byKey.entries()]
      .filter(([k]) => k.startsWith(prefix) && k.length > prefix.length)
      .map(([k, column]) => ({ rest: k.slice(prefix.length), column }));
  }

  text(...keys: string[]): string {
    const column = this.find(...keys);
    return column === null ? 'CAST(NULL AS VARCHAR)' : this.textAlias(column);
  }

  number(...keys: string[]): string {
    const column = this.find(...keys);
    if (column === null) return 'CAST(NULL AS DOUBLE)';
    if (column.type !== 'VARCHAR') return `CAST(${quoteIdent(column.name)} AS DOUBLE)`;
    return this.checked(column, (text) => `TRY_CAST(${text} AS DOUBLE)`);
  }

  timestamp(...keys: string[]): string {
    const column = this.find(...keys);
    if (column === null) return 'CAST(NULL AS TIMESTAMP)';
    if (column.type !== 'VARCHAR') return `CAST(${quoteIdent(column.name)} AS TIMESTAMP)`;
    return this.checked(column, parseTimestamp);
  }

  /** A MAP(VARCHAR, VARCHAR) from a native map column or a JSON object in text (braces optional). */
  map(...keys: string[]): string {
    const column = this.find(...keys);
    if (column === null) return EMPTY_MAP;
    if (column.type.startsWith('MAP(')) {
      return `CAST(COALESCE(${quoteIdent(column.name)}, MAP {}) AS MAP(VARCHAR, VARCHAR))`;
    }
    return `COALESCE(${this.checked(column, parseJsonMap, true)}, ${EMPTY_MAP})`;
  }

  /** The raw relation under the two layers the expressions refer to: cleaned texts, then parses. */
  relation(reader: string): string {
    const layer = (from: string, entries: Map<string, { alias: string; sql: string }>) =>
      entries.size === 0
        ? from
        : `(SELECT *, ${[...entries.values()].map((e) => `${e.sql} AS ${quoteIdent(e.alias)}`).join(', ')} FROM ${from})`;
    return layer(layer(reader, this.texts), this.parses);
  }

  /** The cleaned text's alias; `copied`: always a trimmed copy (see `textOf`). */
  private textAlias(column: RawColumn, copied = false): string {
    const key = `${copied ? 'copied' : 'text'}\u0000${column.name}`;
    let entry = this.texts.get(key);
    if (entry === undefined) {
      entry = { alias: `${TEXT_ALIAS}${this.texts.size}`, sql: textOf(column, copied) };
      this.texts.set(key, entry);
    }
    return quoteIdent(entry.alias);
  }

  private checked(column: RawColumn, parse: (text: string) => string, copied = false): string {
    const text = this.textAlias(column, copied);
    const sql = parse(text);
    let entry = this.parses.get(sql);
    if (entry === undefined) {
      entry = { alias: `${PARSED_ALIAS}${this.parses.size}`, sql };
      this.parses.set(sql, entry);
      const raw = textOf(column, copied);
      this.checks.push({ column: column.name, raw, parsed: parse(raw), alias: entry.alias, textAlias: text });
    }
    return quoteIdent(entry.alias);
  }

  /** Expression (over the parse layer) naming the first column of the row whose cell did not parse (NULL when all did). */
  badCellExpression(): string {
    if (this.checks.length === 0) return 'CAST(NULL AS VARCHAR)';
    const cases = this.checks.map(
      (c) =>
        `CASE WHEN ${c.textAlias} IS NOT NULL AND ${quoteIdent(c.alias)} IS NULL THEN ${quoteString(c.column)} END`,
    );
    return cases.length === 1 ? (cases[0] as string) : `COALESCE(${cases.join(', ')})`;
  }
}

/** A JSON object in text (CUR 2.0 CSV map cells; braces optional) as MAP(VARCHAR, VARCHAR); NULL when it is not one. */
function parseJsonMap(text: string): string {
  const json = `CASE WHEN starts_with(ltrim(${text}), '{') THEN ${text} ELSE '{' || ${text} || '}' END`;
  return `TRY_CAST(TRY_CAST(${json} AS JSON) AS MAP(VARCHAR, VARCHAR))`;
}

export const EMPTY_MAP = 'CAST(MAP {} AS MAP(VARCHAR, VARCHAR))';

/**
 * Trimmed text; empty and a literal `null` (FOCUS examples write it) are NULL (billing-formats §6.18).
 * Nested NULLIFs rather than a CASE: the text is computed once, which matters over a hundred columns.
 * DuckDB's trim removes space separators (Unicode Zs: U+0020, U+00A0, U+3000…) and copies every cell; the
 * cells it can change are those that start or end with a space or hold a non-ASCII character (more bytes than
 * characters), so only those are trimmed: a tenth of a CSV import's CPU. `copied` trims every cell, as the JSON
 * map columns need: handed to DuckDB's JSON parser uncopied, they ran the 10M-row CSV.gz demo export out of 1 GB of
 * DuckDB memory in one INSERT (3 runs of 3; copied, it passed).
 */
function textOf(column: RawColumn, copied = false): string {
  const ident = quoteIdent(column.name);
  if (column.type !== 'VARCHAR') return `CAST(${ident} AS VARCHAR)`;
  const trimmed = copied
    ? `trim(${ident})`
    : `CASE WHEN starts_with(${ident}, ' ') OR ends_with(${ident}, ' ') OR strlen(${ident}) <> length(${ident}) THEN trim(${ident}) ELSE ${ident} END`;
  return `NULLIF(NULLIF(NULLIF(${trimmed}, ''), 'null'), 'NULL')`;
}

/**
 * ISO 8601 (with Z, an offset or none: converted to UTC; without ICU DuckDB works in UTC), `YYYYMMDDTHHMMSS.sssZ`
 * (legacy manifests) and the US `MM/DD/YYYY` dates some Azure exports and FOCUS examples use.
 */
function parseTimestamp(raw: string): string {
  const us = `CASE WHEN regexp_matches(${raw}, '^\\d{1,2}/\\d{1,2}/\\d{2}( |$)') THEN COALESCE(try_strptime(${raw}, '%m/%d/%y'), try_strptime(${raw}, '%m/%d/%y %H:%M')) ELSE COALESCE(try_strptime(${raw}, '%m/%d/%Y'), try_strptime(${raw}, '%m/%d/%Y %H:%M:%S'), try_strptime(${raw}, '%m/%d/%Y %I:%M:%S %p')) END`;
  return `CASE WHEN contains(${raw}, '/') THEN ${us} ELSE COALESCE(CAST(TRY_CAST(${raw} AS TIMESTAMPTZ) AS TIMESTAMP), try_strptime(${raw}, '%Y%m%dT%H%M%S.%gZ')) END`;
}

/** A MAP(VARCHAR, VARCHAR) literal built from several columns, leaving out empty cells. */
export function mapFromColumns(entries: { key: string; column: RawColumn }[]): string {
  if (entries.length === 0) return EMPTY_MAP;
  const items = entries.map((e) => `{'key': ${quoteString(e.key)}, 'value': ${textOf(e.column)}}`);
  return `map_from_entries(list_filter([${items.join(', ')}], e -> e.value IS NOT NULL))`;
}

/** A DuckDB MAP literal from a lookup table (region names, aliases). */
export function mapLiteral(table: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(table).map(([k, v]) => `${quoteString(k)}: ${quoteString(v)}`);
  return `MAP {${pairs.join(', ')}}`;
}
