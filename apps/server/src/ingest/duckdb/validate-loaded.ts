import type { DuckDBConnection } from '@duckdb/node-api';
import { ImportError } from '../import-error';
import type { SourceFile } from '../sources/source';
import type { RawColumns } from './expressions';
import { type FileKind, firstRowWhere, readerSql } from './file-reader';

/**
 * Checks an import's loaded rows (`relation`, canonical columns) before anything is replaced: one currency per
 * billing period, at least one line item. Errors name the file and column. (Unreadable cells stop the load
 * itself: badCellError.)
 */
export async function validateLoaded(args: {
  connection: DuckDBConnection;
  relation: string;
  files: readonly SourceFile[];
}): Promise<{ rows: number; periods: string[] }> {
  const { connection, relation } = args;
  const read = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
  const mixed = (
    await read(
      `SELECT CAST(billing_period AS VARCHAR) AS period, list(DISTINCT COALESCE(line_item_currency_code, '(none)') ORDER BY 1) AS currencies, min(source_file) AS file
       FROM ${relation} GROUP BY 1 HAVING count(DISTINCT COALESCE(line_item_currency_code, '(none)')) > 1 ORDER BY 1 LIMIT 1`,
    )
  )[0];
  if (mixed !== undefined) {
    const currencies = (mixed.currencies as string[]).join(', ');
    throw new ImportError(
      `mixed currencies in billing period ${String(mixed.period).slice(0, 7)}: ${currencies}`,
      {
        file: String(mixed.file),
        column: 'currency',
      },
    );
  }
  const summary = (
    await read(
      `SELECT count(*) AS n, list(DISTINCT CAST(billing_period AS VARCHAR) ORDER BY 1) AS periods FROM ${relation}`,
    )
  )[0];
  const rows = Number(summary?.n ?? 0);
  if (rows === 0) {
    throw new ImportError('no line items (the file has a header but no rows)', {
      file: args.files.map((f) => f.displayName).join(', '),
    });
  }
  return { rows, periods: ((summary?.periods as string[] | undefined) ?? []).map((p) => p.slice(0, 7)) };
}

/** The error for an unreadable cell the load stopped at: its file, column, and the first such row of the file. */
export async function badCellError(
  args: { connection: DuckDBConnection; files: readonly SourceFile[]; kind: FileKind; raw: RawColumns },
  { fileName, column }: { fileName: string; column: string },
): Promise<ImportError> {
  const file = args.files.find((f) => f.displayName === fileName);
  const check = args.raw.checks.find((c) => c.column === column);
  if (file === undefined || check === undefined) {
    return new ImportError('missing or unreadable usage start date', { file: fileName });
  }
  const row = await firstRowWhere(
    args.connection,
    file,
    args.kind,
    `${check.raw} IS NOT NULL AND ${check.parsed} IS NULL`,
  ).catch(() => undefined);
  const value = await cellValue(args, file, row, check.raw);
  return new ImportError(
    `cannot read ${JSON.stringify(value)} (not a number, date or JSON object of the expected form)`,
    {
      file: fileName,
      row,
      column,
    },
  );
}

async function cellValue(
  args: { connection: DuckDBConnection; kind: FileKind },
  file: SourceFile,
  row: number | undefined,
  raw: string,
): Promise<string> {
  if (row === undefined) return '?';
  const rows = (
    await args.connection.runAndReadAll(
      `SELECT ${raw} AS v FROM (SELECT row_number() OVER () AS rn, * FROM ${readerSql([file], args.kind)}) WHERE rn = ${row}`,
    )
  ).getRowObjectsJson();
  return String(rows[0]?.v ?? '');
}
