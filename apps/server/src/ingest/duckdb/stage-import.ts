import type { DuckDBConnection } from '@duckdb/node-api';
import {
  type BillingFormat,
  detectBillingFormat,
  type FormatDetection,
  REQUIRED_COLUMNS,
} from '@finlens/cost-model/billing-column-names';
import { DERIVED_COLUMNS, SOURCE_COLUMNS } from '../../warehouse/canonical-schema';
import { stagingTable } from '../../warehouse/duckdb/duckdb-cost-store';
import { duckDbType } from '../../warehouse/duckdb/duckdb-schema';
import { awsColumnKey, awsCurMapping } from '../aws-cur/aws-cur-mapping';
import { azureMapping } from '../azure/azure-mapping';
import { focusMapping } from '../focus/focus-mapping';
import type { FormatMapping } from '../format-mapping';
import { ImportError } from '../import-error';
import type { ExportManifestColumns, SourceFile } from '../sources/source';
import { RawColumns } from './expressions';
import { FILE_COLUMN, type FileKind, firstLine, probeFile, type RawColumn, readerSql } from './file-reader';
import { genericDerivedColumns } from './generic-derived';
import { quoteString } from './sql';
import { validateStaging } from './validate-staging';

export interface StageRequest {
  connection: DuckDBConnection;
  stagingId: string;
  clientId: string;
  projectId: string;
  files: readonly SourceFile[];
  format: BillingFormat | 'auto';
  onStep?: (step: string) => void;
}

export interface StagedImport {
  format: BillingFormat;
  variant: string;
  rows: number;
  periods: string[];
}

/**
 * Reads the files with DuckDB, normalises them to the canonical columns in a temporary staging table and
 * validates it. Throws ImportError (file, row, column) on bad input; the staging table is then dropped.
 */
export async function stageImport(request: StageRequest): Promise<StagedImport> {
  const { connection, files } = request;
  const first = await probeAll(request);
  const raw = new RawColumns(first.columns, keyFor(first.format));
  const mapping = mappingFor(first.format, first.variant, raw, files);
  const table = stagingTable(request.stagingId);
  request.onStep?.('loading rows');
  const create = (serial: boolean) =>
    connection.run(
      `CREATE OR REPLACE TEMP TABLE ${table.replace('temp.', '')} AS ${stagingSelect(request, raw, mapping, first.kind, serial)}`,
    );
  try {
    // DuckDB's parallel CSV reader gives up on some files (padded short rows with quoted newlines);
    // those are read again on one thread rather than refused.
    const loaded = create(false).catch((error: unknown) => {
      if (!/Parallel CSV Reader/i.test(firstLine(error))) throw error;
      return create(true);
    });
    // The gzip checks ran beside the load; a corrupt stream is the error to report, whatever DuckDB made of it.
    const [load, intact] = await Promise.allSettled([loaded, first.intact]);
    if (intact.status === 'rejected') throw intact.reason;
    if (load.status === 'rejected') {
      throw new ImportError(`could not be read (${firstLine(load.reason)})`, {
        file: files.map((f) => f.displayName).join(', '),
      });
    }
  } catch (error) {
    await connection.run(`DROP TABLE IF EXISTS ${table}`);
    throw error;
  }
  request.onStep?.('validating');
  try {
    const summary = await validateStaging({ connection, table, files, kind: first.kind, raw });
    return { format: first.format, variant: mapping.variant, ...summary };
  } catch (error) {
    await connection.run(`DROP TABLE IF EXISTS ${table}`);
    throw error;
  }
}

interface ProbedDelivery {
  kind: FileKind;
  /** Union of the files' columns (legacy CUR files of one period differ). */
  columns: RawColumn[];
  /** Settles when every gzip file has been checked whole; rejects with the first corrupt one, in file order. */
  intact: Promise<void>;
  format: BillingFormat;
  variant: string;
}

/** Reads every header, detects the format, checks required columns, and requires one format and kind. */
async function probeAll(request: StageRequest): Promise<ProbedDelivery> {
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
  request: StageRequest,
  checks: Promise<void>[],
): Promise<Omit<ProbedDelivery, 'intact'>> {
  const probed: (Omit<ProbedDelivery, 'intact'> & { file: SourceFile })[] = [];
  for (const file of request.files) {
    request.onStep?.(`reading header of ${file.displayName}`);
    const { kind, columns, intact } = await probeFile(request.connection, file);
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
  return { ...first, columns: unionColumns(probed.map((p) => p.columns)) };
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
  format: BillingFormat,
  variant: string,
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
 * Two layers: typed source columns over the raw files (through the cleaned-text and parse layers of `raw`, built
 * last so they hold every expression the mapping asked for), then the derived columns over those.
 */
function stagingSelect(
  request: StageRequest,
  raw: RawColumns,
  mapping: FormatMapping,
  kind: FileKind,
  serial: boolean,
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
  const names = `MAP {${request.files.map((f) => `${quoteString(f.localPath)}: ${quoteString(f.displayName)}`).join(', ')}}`;
  return `SELECT ${quoteString(request.clientId)} AS client_id, ${quoteString(request.projectId)} AS project_id,
    CAST(date_trunc('month', COALESCE(bill_billing_period_start_date, line_item_usage_start_date)) AS DATE) AS billing_period,
    ${quoteString(request.stagingId)} AS import_id, ${quoteString(mapping.variant)} AS source_format,
    ${names}[__raw_file] AS source_file, __bad,
    ${SOURCE_COLUMNS.map((c) => `"${c.name}"`).join(', ')}, ${layer2.join(', ')}
  FROM (SELECT ${FILE_COLUMN} AS __raw_file, ${bad} AS __bad, ${layer1.join(', ')} FROM ${raw.relation(readerSql(request.files, kind, { serial }))})`;
}
