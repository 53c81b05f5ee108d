import type { DuckDBConnection } from '@duckdb/node-api';
import { ImportError } from '../import-error';
import type { SourceFile } from '../sources/source';
import type { RawColumns } from './expressions';
import { type FileKind, firstRowWhere, readerSql } from './file-reader';

/**
 * Checks a staging table before anything is replaced: every cell parsed, one currency per billing
 * period, at least one line item. Errors name the file, and the row and column where they apply.
 */
export async function validateStaging(args: {
  connection: DuckDBConnection;
  table: string;
  files: readonly SourceFile[];
  kind: FileKind;
  raw: RawColumns;
}): Promise<{ rows: number; periods: string[] }> {
  const { connection, table } = args;
  const read = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
  const bad = (await read(`SELECT source_file, __bad FROM ${table} WHERE __bad IS NOT NULL LIMIT 1`))[0];
  if (bad !== undefined) await throwBadCell(args, String(bad.source_file), String(bad.__bad));

  const mixed = (
    await read(
      `SELECT CAST(billing_period AS VARCHAR) AS period, list(DISTINCT COALESCE(line_item_currency_code, '(none)') ORDER BY 1) AS currencies, min(source_file) AS file
       FROM ${table} GROUP BY 1 HAVING count(DISTINCT COALESCE(line_item_currency_code, '(none)')) > 1 ORDER BY 1 LIMIT 1`,
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
      `SELECT count(*) AS n, list(DISTINCT CAST(billing_period AS VARCHAR) ORDER BY 1) AS periods FROM ${table}`,
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

async function throwBadCell(
  args: { connection: DuckDBConnection; files: readonly SourceFile[]; kind: FileKind; raw: RawColumns },
  fileName: string,
  column: string,
): Promise<never> {
  const file = args.files.find((f) => f.displayName === fileName);
  const check = args.raw.checks.find((c) => c.column === column);
  if (file === undefined || check === undefined) {
    throw new ImportError('missing or unreadable usage start date', { file: fileName });
  }
  const row = await firstRowWhere(
    args.connection,
    file,
    args.kind,
    `${check.raw} IS NOT NULL AND ${check.parsed} IS NULL`,
  ).catch(() => undefined);
  const value = await cellValue(args, file, row, check.raw);
  throw new ImportError(
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
