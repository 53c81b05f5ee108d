/** Quoting for SQL text the DuckDB readers build (identifiers from file headers, paths, ids). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function quoteString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
