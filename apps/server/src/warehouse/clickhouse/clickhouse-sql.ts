/**
 * Literals for ClickHouse SQL. 18.16 has no server-side query parameters, so every value reaches the
 * server inside the SQL text; these are the only functions that put a value there. A string literal
 * escapes the backslash first, then the quote and the control characters ClickHouse's lexer reads as
 * escapes, so no input can end the literal early (tests send hostile strings through a real server).
 */
export function sqlString(value: string): string {
  let out = "'";
  for (const ch of value) out += ESCAPES[ch] ?? ch;
  return `${out}'`;
}

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\0': '\\0',
  '\b': '\\b',
  '\f': '\\f',
  '\r': '\\r',
  '\n': '\\n',
  '\t': '\\t',
};

/** A finite number as a Float64 literal; NaN and infinities are refused rather than spliced in. */
export function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return String(value);
}

/** A YYYY-MM-DD day as a UTC DateTime literal (the line-item timestamps are DateTime('UTC')). */
export function sqlUtcDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a YYYY-MM-DD day: ${day}`);
  return `toDateTime(${sqlString(`${day} 00:00:00`)}, 'UTC')`;
}

/** `(a, b, c)` of string literals; an empty list becomes `(NULL)`, which matches nothing. */
export function sqlStringList(values: readonly string[]): string {
  return values.length === 0 ? '(NULL)' : `(${values.map(sqlString).join(', ')})`;
}

/** A column name in backquotes; callers pass only names checked against the canonical schema. */
export function sqlIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `\`${name}\``;
}
