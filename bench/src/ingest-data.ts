import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { CUR2_COLUMNS } from '@finlens/fixtures/demo/cur2-columns';
import { type DemoCur2Options, generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import type { ExpectedJson } from '@finlens/fixtures/demo/manifest';
import type { DemoFormat } from '@finlens/fixtures/demo/part-writer';

/**
 * The data side of the ingest benchmark: demo CUR 2.0 exports of a given size and format, generated once and
 * kept under bench/.tmp, and DuckDB's own load of the same files into a table — the baseline the importer's
 * rows per second are compared with.
 */
const INGEST_DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'ingest-data');
const SEED = 42;
const END_MONTH = '2026-10';

type IngestDataset = {
  rows: number;
  format: DemoFormat;
  /** The export root: what `finlens import` is pointed at. */
  dir: string;
  dataFiles: string[];
  expected: ExpectedJson;
};

function datasetOf(dir: string, expected: ExpectedJson): IngestDataset {
  return {
    rows: expected.totals.rows,
    format: expected.format,
    dir,
    dataFiles: expected.dataFiles.map((file) => join(dir, file)),
    expected,
  };
}

/** Returns the cached export for (rows, format), generating it first when missing or stale. */
export async function ensureIngestDataset(args: {
  rows: number;
  format: DemoFormat;
  /** Billing periods; the benchmark uses the demo's 13. */
  months?: number;
  root?: string;
  onProgress?: DemoCur2Options['onProgress'];
}): Promise<IngestDataset> {
  const months = args.months ?? 13;
  const dir = join(
    args.root ?? INGEST_DATA_DIR,
    `cur2-${args.format.replace('.', '-')}-${args.rows}-${months}m`,
  );
  const expectedPath = join(dir, 'EXPECTED.json');
  if (existsSync(expectedPath)) {
    const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as ExpectedJson;
    const complete = expected.dataFiles.every((file) => existsSync(join(dir, file)));
    const same = expected.seed === SEED && expected.rowsRequested === args.rows && expected.months === months;
    if (complete && same) return datasetOf(dir, expected);
  }
  rmSync(dir, { recursive: true, force: true });
  const result = await generateDemoCur2({
    seed: SEED,
    endMonth: END_MONTH,
    rows: args.rows,
    months,
    format: args.format,
    outDir: dir,
    ...(args.onProgress ? { onProgress: args.onProgress } : {}),
  });
  return datasetOf(dir, result.expected);
}

function csvColumns(): string {
  const typeOf = (type: string) =>
    type === 'double' ? 'DOUBLE' : type === 'timestamp' ? 'TIMESTAMP' : 'VARCHAR';
  return CUR2_COLUMNS.map(({ name, type }) => `'${name}': '${typeOf(type)}'`).join(', ');
}

/** DuckDB's own reader for the dataset's files, with the CUR 2.0 types given (no sniffing). */
function duckDbReader(dataset: IngestDataset): string {
  const files = `[${dataset.dataFiles.map((f) => `'${f.replaceAll("'", "''")}'`).join(', ')}]`;
  if (dataset.format === 'parquet') return `read_parquet(${files}, hive_partitioning = false)`;
  return `read_csv(${files}, header = true, auto_detect = false, hive_partitioning = false, columns = {${csvColumns()}})`;
}

type RawLoad = { rows: number; seconds: number; rowsPerSecond: number };

/** Loads every file into a table of a fresh DuckDB database file, as DuckDB alone would. */
export async function duckDbRawLoad(
  dataset: IngestDataset,
  args: { databasePath: string },
): Promise<RawLoad> {
  rmSync(args.databasePath, { force: true });
  const instance = await DuckDBInstance.create(args.databasePath);
  const connection = await instance.connect();
  try {
    const started = performance.now();
    await connection.run(`CREATE TABLE line_items AS SELECT * FROM ${duckDbReader(dataset)}`);
    await connection.run('CHECKPOINT');
    const seconds = (performance.now() - started) / 1000;
    const reader = await connection.runAndReadAll('SELECT count(*)::BIGINT AS n FROM line_items');
    const rows = Number(reader.getRowObjectsJS()[0]?.n ?? 0);
    return { rows, seconds, rowsPerSecond: Math.round(rows / seconds) };
  } finally {
    connection.closeSync();
    instance.closeSync();
    rmSync(args.databasePath, { force: true });
    rmSync(`${args.databasePath}.wal`, { force: true });
  }
}
