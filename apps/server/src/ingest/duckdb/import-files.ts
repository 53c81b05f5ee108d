import type { DuckDBConnection } from '@duckdb/node-api';
import {
  type BillingFormat,
  detectBillingFormat,
  type FormatDetection,
  REQUIRED_COLUMNS,
} from '@finlens/cost-model/billing-column-names';
import { CANONICAL_COLUMNS, DERIVED_COLUMNS, SOURCE_COLUMNS } from '../../warehouse/canonical-schema';
import type { CostStore, PeriodTotals } from '../../warehouse/cost-store';
import { duckDbType } from '../../warehouse/duckdb/duckdb-schema';
import { quoteString } from '../../warehouse/sql-quote';
import { awsColumnKey, awsCurMapping } from '../aws-cur/aws-cur-mapping';
import { azureMapping } from '../azure/azure-mapping';
import { focusMapping } from '../focus/focus-mapping';
import type { FormatMapping } from '../format-mapping';
import { ImportError } from '../import-error';
import type { ExportManifestColumns, SourceFile } from '../sources/source';
import { RawColumns } from './expressions';
import {
  type CsvReading,
  FILE_COLUMN,
  type FileKind,
  firstLine,
  probeFile,
  type RawColumn,
  readerSql,
} from './file-reader';
import { genericDerivedColumns } from './generic-derived';
import { badCellError, LoadedRows } from './validate-loaded';

export interface ImportFilesRequest {
  /**
   * The warehouse the rows go to; its DuckDB `connection` runs the readers. `wholeImportBytes` lowers
   * WHOLE_IMPORT_BYTES for a kind of file (a store that stages a part in memory before copying it on).
   */
  warehouse: Pick<CostStore, 'loadPeriods'> & {
    connection: DuckDBConnection;
    wholeImportBytes?: Partial<Record<FileKind, number>>;
  };
  importId: string;
  clientId: string;
  projectId: string;
  files: readonly SourceFile[];
  format: BillingFormat | 'auto';
  onStep?: (step: string) => void;
  /** Source bytes per part (PART_BYTES; tests make each file a part with 1). */
  partBytes?: number;
  /** Source bytes up to which the import is first read as one part (WHOLE_IMPORT_BYTES; none with `partBytes`). */
  wholeBytes?: number;
}

export interface ImportedFiles {
  format: BillingFormat;
  variant: string;
  rows: number;
  /** `YYYY-MM` of every billing period replaced. */
  periods: string[];
  totals: PeriodTotals[];
}

/**
 * Reads the files with DuckDB, normalises them to the canonical columns and lets the warehouse load them a
 * part (a few files) at a time, check them (every cell parsed, one currency per period, at least one row, gzip
 * streams whole) and swap their billing periods in. Throws ImportError (file, row, column) on bad input;
 * nothing of the import is kept.
 */
export async function importFiles(request: ImportFilesRequest): Promise<ImportedFiles> {
  const { warehouse } = request;
  const delivery = await probeAll(request);
  const bytes = request.files.reduce((sum, f) => sum + f.bytes, 0);
  const partsOfAtMost = (limit: number) =>
    partsOf(delivery.files, limit).map((files) => {
      const raw = new RawColumns(unionColumns(files.map((f) => f.columns)), keyFor(delivery.format));
      return { files: files.map((f) => f.file), raw, mapping: mappingFor(delivery, raw, request.files) };
    });
  const partBytes = request.partBytes ?? PART_BYTES;
  const wholeBytes =
    request.wholeBytes ??
    (request.partBytes === undefined
      ? (warehouse.wholeImportBytes?.[delivery.kind] ?? WHOLE_IMPORT_BYTES)
      : 0);
  let parts = partsOfAtMost(bytes <= wholeBytes ? bytes : partBytes);
  const variant = parts[0]?.mapping.variant ?? delivery.variant;
  let checked: LoadedRows | null = null;
  const load = (reading: CsvReading) => {
    checked = new LoadedRows(request.files);
    const rows = checked;
    return warehouse.loadPeriods({
      importId: request.importId,
      projectId: request.projectId,
      parts: parts.map((part) => normalisedSelect(request, part, delivery.kind, reading)),
      check: async (relation) => {
        request.onStep?.('checking rows');
        await rows.add(warehouse.connection, relation);
        request.onStep?.('loading rows');
      },
      complete: async () => {
        await delivery.intact;
        rows.assertComplete();
        request.onStep?.('replacing billing periods');
      },
    });
  };
  let split = false;
  const attempt = async (reading: CsvReading): Promise<PeriodTotals[]> => {
    try {
      return await load(reading);
    } catch (error) {
      // In one INSERT, a large import can exceed the warehouse's memory (other work beside it): read it in parts.
      if (!split && parts.length === 1 && bytes > partBytes && OUT_OF_MEMORY.test(firstLine(error))) {
        split = true;
        parts = partsOfAtMost(partBytes);
        request.onStep?.('loading rows in parts');
        return attempt(reading);
      }
      // CSV is read strictly on every thread first; a file that reader refuses (stray quotes, padded short
      // rows with quoted newlines) is read again leniently on one thread rather than refused.
      const lenient =
        reading === 'parallel' &&
        delivery.kind === 'csv' &&
        !checked?.completed &&
        !(error instanceof ImportError) &&
        !BAD_CELL_MESSAGE.test(firstLine(error));
      if (!lenient) throw error;
      return attempt('lenient');
    }
  };
  request.onStep?.('loading rows');
  try {
    const totals = await attempt('parallel');
    const rows = checked as LoadedRows | null;
    if (!rows?.completed) throw new Error('the warehouse did not check the import');
    return { format: delivery.format, variant, rows: rows.rows, periods: rows.periods(), totals };
  } catch (error) {
    // Once the rows were checked, a failure is the warehouse's own, not the files'.
    if ((checked as LoadedRows | null)?.completed || error instanceof ImportError) throw error;
    throw await readError(error, { request, parts, kind: delivery.kind, intact: delivery.intact });
  }
}

/**
 * An import of up to this many bytes is read as one part, which the DuckDB warehouse loads in one INSERT on
 * every thread (the faster way); a larger one, or one whose single part runs out of memory, is read in parts of
 * PART_BYTES loaded a part after another. Measured at 1 GB of DuckDB memory on the 10M-row CUR 2.0 demo exports
 * (Parquet 1.2 GB, CSV.gz 1.4 GB): one part reads and writes them in 56 s and 117 s; part by part about 167 s
 * and 280 s. A 50M-row export of 5.8 GB goes part by part.
 */
const WHOLE_IMPORT_BYTES = 2 * 2 ** 30;

/** Source bytes per part of a larger import. */
const PART_BYTES = 256 * 2 ** 20;

/** Consecutive files of at most `limit` bytes together (a larger file is a part of its own). */
function partsOf<T extends { file: SourceFile }>(files: readonly T[], limit: number): T[][] {
  const parts: T[][] = [];
  let bytes = Number.POSITIVE_INFINITY;
  for (const file of files) {
    if (bytes + file.file.bytes > limit) {
      parts.push([]);
      bytes = 0;
    }
    parts.at(-1)?.push(file);
    bytes += file.file.bytes;
  }
  return parts;
}

/** What a failed read means: a corrupt gzip stream (whatever DuckDB made of it), a bad cell, or an unreadable file. */
async function readError(
  error: unknown,
  args: { request: ImportFilesRequest; parts: readonly ImportPart[]; kind: FileKind; intact: Promise<void> },
): Promise<ImportError> {
  const [intact] = await Promise.allSettled([args.intact]);
  if (intact.status === 'rejected') return intact.reason as ImportError;
  const bad = BAD_CELL_MESSAGE.exec(firstLine(error));
  if (bad !== null) {
    const { request, kind } = args;
    const where = { column: bad[1] ?? '', fileName: bad[2] ?? '' };
    const part = args.parts.find((p) => p.files.some((f) => f.displayName === where.fileName));
    const raw = part?.raw ?? args.parts[0]?.raw;
    if (raw !== undefined) {
      return badCellError(
        { connection: request.warehouse.connection, files: request.files, kind, raw },
        where,
      );
    }
  }
  return new ImportError(`could not be read (${firstLine(error)})`, {
    file: args.request.files.map((f) => f.displayName).join(', '),
  });
}

/** The normalising query stops at the first unreadable cell with this error (column, then file). */
const BAD_CELL_MESSAGE = /finlens-bad-cell␟([^␟]*)␟(.*)$/;

/** DuckDB's error when an operation needs more memory than its limit (or temporary space) allows. */
const OUT_OF_MEMORY = /Out of Memory Error/i;

/** Some of an import's files, read by one SELECT: its columns are the union of theirs. */
interface ImportPart {
  files: SourceFile[];
  raw: RawColumns;
  mapping: FormatMapping;
}

interface ProbedFile {
  file: SourceFile;
  /** Its own columns (legacy CUR files of one period differ). */
  columns: RawColumn[];
}

interface ProbedDelivery {
  kind: FileKind;
  files: ProbedFile[];
  /** Settles when every gzip file has been checked whole; rejects with the first corrupt one, in file order. */
  intact: Promise<void>;
  format: BillingFormat;
  variant: string;
}

/** Reads every header, detects the format, checks required columns, and requires one format and kind. */
async function probeAll(request: ImportFilesRequest): Promise<ProbedDelivery> {
  const checks: Promise<void>[] = [];
  const intact = async () => {
    for (const check of checks) await check;
  };
  let probed: Omit<ProbedDelivery, 'intact'>;
  try {
    probed = await probeHeaders(request, checks);
  } catch (error) {
    // A corrupt gzip file is reported before what its header (or a later file's) looked like.
    await intact();
    throw error;
  }
  const allIntact = intact();
  // Awaited after the load; until then a rejection must not count as unhandled.
  allIntact.catch(() => {});
  return { ...probed, intact: allIntact };
}

/** Every file's header (its gzip check, still running, goes to `checks`), the format, and the column union. */
async function probeHeaders(
  request: ImportFilesRequest,
  checks: Promise<void>[],
): Promise<Omit<ProbedDelivery, 'intact'>> {
  const probed: (ProbedFile & { kind: FileKind; format: BillingFormat; variant: string })[] = [];
  for (const file of request.files) {
    request.onStep?.(`reading header of ${file.displayName}`);
    const { kind, columns, intact } = await probeFile(request.warehouse.connection, file);
    checks.push(intact);
    const detected =
      file.manifest === undefined
        ? detectBillingFormat(columns.map((c) => c.name))
        : fromManifest(file, columns, file.manifest);
    if (detected.format === null) throw new ImportError(detected.reason, { file: file.displayName });
    if (request.format !== 'auto' && request.format !== detected.format) {
      throw new ImportError(`looks like ${detected.format} (${detected.variant}), not ${request.format}`, {
        file: file.displayName,
      });
    }
    assertRequired(file, columns, detected.format);
    probed.push({ file, kind, columns, format: detected.format, variant: detected.variant });
  }
  const first = probed[0];
  if (first === undefined) throw new ImportError('nothing to import');
  const mixed = probed.find((p) => p.format !== first.format || p.kind !== first.kind);
  if (mixed !== undefined) {
    throw new ImportError(
      `is ${mixed.format} ${mixed.kind} but ${first.file.displayName} is ${first.format} ${first.kind}; import them separately`,
      { file: mixed.file.displayName },
    );
  }
  return { kind: first.kind, format: first.format, variant: first.variant, files: probed };
}

/**
 * The format an export manifest's column list names (CUR 2.0, legacy CUR, or FOCUS in a Data Export; snake_case
 * AWS columns in a Data Export are CUR 2.0 whatever map columns they hold; the legacy variant, CSV or Athena, from
 * the file's header), after checking that the file has every column the manifest lists (extra columns are fine).
 */
function fromManifest(
  file: SourceFile,
  columns: RawColumn[],
  manifest: ExportManifestColumns,
): FormatDetection {
  const listed = detectBillingFormat(manifest.columns);
  if (listed.format === null) {
    throw new ImportError(`its manifest ${manifest.name} lists columns of an ${listed.reason}`, {
      file: file.displayName,
    });
  }
  const key = keyFor(listed.format);
  const present = new Set(columns.map((c) => key(c.name)));
  const missing = manifest.columns.find((c) => !present.has(key(c)));
  if (missing !== undefined) {
    throw new ImportError(`listed in the manifest ${manifest.name} but missing from the file`, {
      file: file.displayName,
      column: missing,
    });
  }
  if (listed.format !== 'cur') return listed;
  if (manifest.layout === 'cur2') return { format: 'cur2', variant: 'cur2' };
  return {
    format: 'cur',
    variant: columns.some((c) => c.name.includes('/')) ? 'legacy-csv' : 'legacy-athena',
  };
}

function keyFor(format: BillingFormat): (name: string) => string {
  return format === 'cur' || format === 'cur2' ? awsColumnKey : (name) => name.toLowerCase();
}

function assertRequired(file: SourceFile, columns: RawColumn[], format: BillingFormat): void {
  const key = keyFor(format);
  const present = new Set(columns.map((c) => key(c.name)));
  const missing = REQUIRED_COLUMNS[format].filter((c) => !present.has(c.toLowerCase()));
  if (format === 'azure' && !['costinbillingcurrency', 'cost', 'pretaxcost'].some((c) => present.has(c))) {
    missing.push('CostInBillingCurrency');
  }
  if (format === 'azure' && !['date', 'usagedatetime', 'usagedate'].some((c) => present.has(c)))
    missing.push('Date');
  if (missing.length > 0) {
    throw new ImportError(`missing required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, {
      file: file.displayName,
    });
  }
}

function unionColumns(lists: RawColumn[][]): RawColumn[] {
  const seen = new Map<string, RawColumn>();
  for (const list of lists) for (const c of list) if (!seen.has(c.name)) seen.set(c.name, c);
  return [...seen.values()];
}

function mappingFor(
  { format, variant }: { format: BillingFormat; variant: string },
  raw: RawColumns,
  files: readonly SourceFile[],
): FormatMapping {
  switch (format) {
    case 'cur':
    case 'cur2':
      return awsCurMapping(raw, variant);
    case 'focus':
      return focusMapping(raw);
    case 'azure':
      return azureMapping(raw, { fileNames: files.map((f) => f.displayName) });
  }
}

/**
 * The canonical columns of every row, in CANONICAL_COLUMNS order. Two layers: typed source columns over the raw files (through the cleaned-text and parse layers of `raw`, built
 * last so they hold every expression the mapping asked for), then the derived columns over those.
 */
function normalisedSelect(
  request: ImportFilesRequest,
  { raw, mapping, files }: ImportPart,
  kind: FileKind,
  reading: CsvReading,
): string {
  const typed = (name: string, type: Parameters<typeof duckDbType>[0]) =>
    `CAST(${mapping.columns[name] ?? 'NULL'} AS ${duckDbType(type)}) AS "${name}"`;
  const layer1 = [
    ...SOURCE_COLUMNS.map((c) => typed(c.name, c.type)),
    ...DERIVED_COLUMNS.filter((c) => mapping.columns[c.name] !== undefined).map((c) => typed(c.name, c.type)),
  ];
  const start = mapping.columns.line_item_usage_start_date ?? 'NULL';
  const bad = `COALESCE(${raw.badCellExpression()}, CASE WHEN ${start} IS NULL THEN 'usage start date' END)`;
  const generic = genericDerivedColumns();
  const layer2 = DERIVED_COLUMNS.map((c) =>
    mapping.columns[c.name] !== undefined
      ? `"${c.name}"`
      : `CAST(${mapping.derived[c.name] ?? generic[c.name] ?? 'NULL'} AS ${duckDbType(c.type)}) AS "${c.name}"`,
  );
  const names = `MAP {${files.map((f) => `${quoteString(f.localPath)}: ${quoteString(f.displayName)}`).join(', ')}}`;
  const rows = `SELECT ${quoteString(request.clientId)} AS client_id, ${quoteString(request.projectId)} AS project_id,
    CAST(date_trunc('month', COALESCE(bill_billing_period_start_date, line_item_usage_start_date)) AS DATE) AS billing_period,
    ${quoteString(request.importId)} AS import_id, ${quoteString(mapping.variant)} AS source_format,
    ${names}[__raw_file] AS source_file, __bad,
    ${SOURCE_COLUMNS.map((c) => `"${c.name}"`).join(', ')}, ${layer2.join(', ')}
  FROM (SELECT ${FILE_COLUMN} AS __raw_file, ${bad} AS __bad, ${layer1.join(', ')} FROM ${raw.relation(readerSql(files, kind, reading))})`;
  // A row with an unreadable cell stops the query (DuckDB's error()), naming its column and file.
  const stop = `error('finlens-bad-cell␟' || __bad || '␟' || source_file)`;
  return `SELECT ${CANONICAL_COLUMNS.map((c) => `"${c.name}"`).join(', ')} FROM (${rows}) WHERE CASE WHEN __bad IS NULL THEN true ELSE ${stop} END`;
}
