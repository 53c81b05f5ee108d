import { CANONICAL_COLUMNS, type CanonicalType, LINE_ITEMS_TABLE } from '../canonical-schema';

const DUCKDB_TYPES: Record<CanonicalType, string> = {
  text: 'VARCHAR',
  money: 'DOUBLE',
  number: 'DOUBLE',
  timestamp: 'TIMESTAMP',
  date: 'DATE',
  boolean: 'BOOLEAN',
  text_map: 'MAP(VARCHAR, VARCHAR)',
};

export function duckDbType(type: CanonicalType): string {
  return DUCKDB_TYPES[type];
}

/** The canonical line-item table; rows of one project and billing period are replaced together. */
export function createLineItemsSql(): string {
  const columns = CANONICAL_COLUMNS.map((c) => `  "${c.name}" ${duckDbType(c.type)}`).join(',\n');
  return `CREATE TABLE IF NOT EXISTS ${LINE_ITEMS_TABLE} (\n${columns}\n)`;
}
