/** Quoting for SQL text built from values (identifiers from file headers, paths, ids): the DuckDB readers and both loaders. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function quoteString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
