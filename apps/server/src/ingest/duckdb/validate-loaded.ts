import type { DuckDBConnection } from '@duckdb/node-api';
import { ImportError } from '../import-error';
import type { SourceFile } from '../sources/source';
import type { RawColumns } from './expressions';
import { type FileKind, firstRowWhere, readerSql } from './file-reader';

/**
 * What an import's loaded rows hold, gathered from each part as it is loaded (`add`, rows in `relation` with the
 * canonical columns) and checked before anything is replaced: one currency per billing period across all parts
 * (checked as soon as a part breaks it), at least one line item (`assertComplete`). Errors name the file and
 * column. (Unreadable cells stop the load itself: badCellError.)
 */
export class LoadedRows {
  rows = 0;
  completed = false;
  /** Per billing period (`YYYY-MM-DD`): each currency and the first file (by name) that has it. */
  private readonly currencies = new Map<string, Map<string, string>>();

  constructor(private readonly files: readonly SourceFile[]) {}

  async add(connection: DuckDBConnection, relation: string): Promise<void> {
    const groups = (
      await connection.runAndReadAll(
        `SELECT CAST(billing_period AS VARCHAR) AS period, COALESCE(line_item_currency_code, '(none)') AS currency,
           min(source_file) AS file, count(*) AS n
         FROM ${relation} GROUP BY 1, 2`,
      )
    ).getRowObjectsJson();
    for (const group of groups) {
      const period = String(group.period);
      const seen = this.currencies.get(period) ?? new Map<string, string>();
      const file = String(group.file);
      const earlier = seen.get(String(group.currency));
      seen.set(String(group.currency), earlier !== undefined && earlier < file ? earlier : file);
      this.currencies.set(period, seen);
      this.rows += Number(group.n);
    }
    this.assertOneCurrency();
  }

  /** The last check before the periods are replaced. */
  assertComplete(): void {
    if (this.rows === 0) {
      throw new ImportError('no line items (the file has a header but no rows)', {
        file: this.files.map((f) => f.displayName).join(', '),
      });
    }
    this.completed = true;
  }

  /** `YYYY-MM` of every billing period loaded. */
  periods(): string[] {
    return [...this.currencies.keys()].sort().map((p) => p.slice(0, 7));
  }

  private assertOneCurrency(): void {
    for (const [period, seen] of [...this.currencies].sort(([a], [b]) => a.localeCompare(b))) {
      if (seen.size < 2) continue;
      const currencies = [...seen.keys()].sort().join(', ');
      throw new ImportError(`mixed currencies in billing period ${period.slice(0, 7)}: ${currencies}`, {
        file: [...seen.values()].sort()[0] ?? '',
        column: 'currency',
      });
    }
  }
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
