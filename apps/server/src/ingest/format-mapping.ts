import type { RawColumns } from './duckdb/expressions';

/**
 * How one billing layout becomes canonical rows: `columns` are expressions over the raw file columns
 * (any source or derived canonical column; the rest are NULL or derived generically), `derived` are
 * expressions over the canonical source columns that replace the generic derivations.
 */
export interface FormatMapping {
  columns: Record<string, string>;
  derived: Record<string, string>;
  /** A short name of the layout variant for the import record (e.g. `legacy-csv`, `ea-amortized`). */
  variant: string;
}

export type MappingBuilder = (
  raw: RawColumns,
  context: { fileNames: string[] },
) => Promise<FormatMapping> | FormatMapping;
