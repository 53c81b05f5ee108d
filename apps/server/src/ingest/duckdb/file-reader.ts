import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteString } from '../../warehouse/sql-quote';
import { ImportError } from '../import-error';
import type { SourceFile } from '../sources/source';

export type FileKind = 'csv' | 'parquet';

export interface RawColumn {
  name: string;
  /** DuckDB type as read: VARCHAR for every CSV column, the physical type for Parquet. */
  type: string;
}

/** The column that tells each raw row's file apart (DuckDB's `filename` option). */
export const FILE_COLUMN = '__finlens_file';

/** Parquet by magic bytes (`PAR1`), otherwise CSV (plain or gzip); the extension is only a hint. */
export async function fileKind(file: SourceFile): Promise<FileKind> {
  const handle = await open(file.localPath, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.toString('latin1') === 'PAR1' ? 'parquet' : 'csv';
  } finally {
    await handle.close();
  }
}

function isGzip(path: string): Promise<boolean> {
  return open(path, 'r').then(async (handle) => {
    try {
      const head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
      return head[0] === 0x1f && head[1] === 0x8b;
    } finally {
      await handle.close();
    }
  });
}

/** DuckDB reads a truncated gzip stream without complaint, so its integrity is checked first (streaming). */
async function assertGzipIntact(file: SourceFile): Promise<void> {
  // Chunks of 1 MiB rather than Node's 16 KiB: a quarter of the CPU (measured on the 10M CSV.gz demo files).
  const chunk = 2 ** 20;
  const sink = new Writable({ highWaterMark: chunk, write: (_chunk, _enc, done) => done() });
  const source = createReadStream(file.localPath, { highWaterMark: chunk });
  await pipeline(source, createGunzip({ chunkSize: chunk }), sink).catch((error: Error) => {
    throw new ImportError(`corrupt gzip data (${error.message})`, { file: file.displayName });
  });
}

/**
 * How CSV files are read: `parallel` is DuckDB's strict reader on every thread (the fast way, tried first);
 * `lenient` tolerates stray quotes (real exports such as koku's fixtures have them) and reads on one thread,
 * which also keeps DuckDB's parallel reader from giving up on padded short rows with quoted newlines and keeps
 * rows in file order for row numbers.
 */
export type CsvReading = 'parallel' | 'lenient';

/** DuckDB's CSV read buffer; at least its longest line (max_line_size, 2 MB by default). */
const CSV_BUFFER_BYTES = 2 * 2 ** 20;

/** A relation over the given files of one kind; columns matched by name across files. */
export function readerSql(
  files: readonly SourceFile[],
  kind: FileKind,
  reading: CsvReading = 'lenient',
): string {
  const list = `[${files.map((f) => quoteString(f.localPath)).join(', ')}]`;
  if (kind === 'parquet') {
    return `read_parquet(${list}, union_by_name = true, filename = ${quoteString(FILE_COLUMN)})`;
  }
  // Every CSV cell is read as text; the normaliser casts with checks it controls. Billing exports are
  // RFC 4180 with commas, so the dialect is fixed rather than sniffed (sniffing misreads wide all-text files);
  // short rows are padded with NULLs, as real exports need. Buffers of 2 MB (DuckDB's default is 16 MB, and
  // its parallel reader holds several per gzip file): at 16 MB the 10M-row CSV.gz demo export ran out of 1 GB.
  const lenient = reading === 'lenient' ? ', strict_mode = false, parallel = false' : '';
  return `read_csv(${list}, header = true, delim = ',', quote = '"', escape = '"', null_padding = true, buffer_size = ${CSV_BUFFER_BYTES}, all_varchar = true, union_by_name = true, filename = ${quoteString(FILE_COLUMN)}${lenient})`;
}

/**
 * Header of one file; an empty file, corrupt gzip or Parquet is reported with the file's name. The gzip check
 * reads the whole file, so it is left running (`intact`) beside the header read and the load: the caller awaits
 * it before keeping anything, and a corrupt stream's error wins over the reader's.
 */
export async function probeFile(
  connection: DuckDBConnection,
  file: SourceFile,
): Promise<{
  kind: FileKind;
  columns: RawColumn[];
  intact: Promise<void>;
}> {
  if (file.bytes === 0) throw new ImportError('empty file', { file: file.displayName });
  const kind = await fileKind(file);
  const intact =
    kind === 'csv' && (await isGzip(file.localPath)) ? assertGzipIntact(file) : Promise.resolve();
  // Awaited later; until then a rejection must not count as unhandled.
  intact.catch(() => {});
  const relation = readerSql([file], kind);
  let columns: RawColumn[];
  try {
    const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${relation}`);
    columns = reader
      .getRowObjectsJson()
      .map((r) => ({ name: String(r.column_name), type: String(r.column_type) }))
      .filter((c) => c.name !== FILE_COLUMN);
  } catch (error) {
    await intact;
    const what = kind === 'parquet' ? 'corrupt Parquet file' : 'unreadable CSV file';
    throw new ImportError(`${what} (${firstLine(error)})`, { file: file.displayName });
  }
  if (kind === 'csv' && columns.length === 1 && columns[0]?.name === 'column0') {
    await intact;
    throw new ImportError('empty file (no header row)', { file: file.displayName });
  }
  return { kind, columns, intact };
}

/** 1-based data row of the first row of `file` where `predicate` (SQL over raw columns) holds. */
export async function firstRowWhere(
  connection: DuckDBConnection,
  file: SourceFile,
  kind: FileKind,
  predicate: string,
): Promise<number | undefined> {
  const sql = `SELECT rn FROM (SELECT row_number() OVER () AS rn, * FROM ${readerSql([file], kind)}) WHERE ${predicate} ORDER BY rn LIMIT 1`;
  const rows = (await connection.runAndReadAll(sql)).getRowObjectsJson();
  const rn = rows[0]?.rn;
  return rn === undefined || rn === null ? undefined : Number(rn);
}

export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}
