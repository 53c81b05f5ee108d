import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoFormat } from '@finlens/fixtures/demo/part-writer';
import { childResult } from './child-result';
import { ensureIngestDataset } from './ingest-data';
import { positiveInteger, type SuiteOptions } from './options';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = join(here, '..', 'results', 'ingest.json');
const FORMATS: DemoFormat[] = ['parquet', 'csv.gz'];

type Load = { rows: number; seconds: number; maxRssMiB: number };

/** Runs one load in a child process (see ingest-child.ts) and reads its result line. */
function measure(mode: 'importer' | 'duckdb', rows: number, format: DemoFormat): Promise<Load> {
  return childResult<Load>(
    join(here, 'ingest-child.ts'),
    [mode, String(rows), format],
    `${mode} load of ${rows} ${format} rows`,
  );
}

const perSecond = (load: Load) => Math.round(load.rows / load.seconds);
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Finlens's importer beside DuckDB's own load of the same demo CUR 2.0 files (1M rows; 100k with --quick),
 * each in a fresh process for its peak RSS; `--rows=N` and `--format=parquet|csv.gz` pick another size or one format. Writes bench/results/ingest.json; returns the README rows.
 */
export async function benchIngest({ quick, values }: SuiteOptions): Promise<Record<string, string | number>> {
  const size = positiveInteger('rows', values.rows, quick ? 100_000 : 1_000_000);
  const formats = FORMATS.filter((f) => values.format === undefined || values.format === f);
  if (formats.length === 0) throw new Error(`--format must be one of ${FORMATS.join(', ')}`);
  const figures: Record<string, string | number> = {};
  const results = [];
  for (const format of formats) {
    const dataset = await ensureIngestDataset({ rows: size, format });
    // The machine's load beside the figures: on a busy machine both loads slow down, unevenly.
    const loadBefore = loadavg();
    const importer = await measure('importer', size, format);
    const duckdb = await measure('duckdb', size, format);
    const ratio = perSecond(importer) / perSecond(duckdb);
    const date = new Date().toISOString();
    results.push({
      date,
      format,
      rows: dataset.rows,
      files: dataset.dataFiles.length,
      importer,
      duckdb,
      ratio,
      loadAverage: { before: loadBefore.map(round1), after: loadavg().map(round1) },
    });
    const label = `${format} ${dataset.rows.toLocaleString('en-US')} rows`;
    figures[`${label}: importer rows/s`] = perSecond(importer).toLocaleString('en-US');
    figures[`${label}: DuckDB raw load rows/s`] = perSecond(duckdb).toLocaleString('en-US');
    figures[`${label}: importer ÷ DuckDB`] = ratio.toFixed(2);
    figures[`${label}: importer peak RSS MiB`] = importer.maxRssMiB;
    figures[`${label}: DuckDB raw load peak RSS MiB`] = duckdb.maxRssMiB;
  }
  writeResults(results);
  return figures;
}

type Result = { date: string; format: DemoFormat; rows: number };

/** Adds this run's results to the file, replacing earlier ones of the same format and size only. */
function writeResults(results: Result[]): void {
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  const earlier = existsSync(RESULTS_FILE)
    ? ((JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { results?: Result[] }).results ?? [])
    : [];
  const kept = earlier.filter((e) => !results.some((r) => r.format === e.format && r.rows === e.rows));
  const machine = {
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  const all = [...kept, ...results].sort((a, b) => a.rows - b.rows || a.format.localeCompare(b.format));
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ machine, results: all }, null, 2)}\n`);
}
