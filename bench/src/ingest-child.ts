import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { duckDbRawLoad, ensureIngestDataset } from './ingest-data';

/**
 * One measured load in its own process, so its peak RSS is the load's alone: `importer` runs Finlens's import
 * (the same function `finlens import` calls) into a fresh DATA_DIR; `duckdb` runs DuckDB's own load of the same
 * files. Prints one line `BENCH_RESULT {rows, seconds, maxRssMiB}` on stdout.
 */
const [mode, rowsArg, format] = process.argv.slice(2);
if ((mode !== 'importer' && mode !== 'duckdb') || (format !== 'parquet' && format !== 'csv.gz')) {
  throw new Error('usage: ingest-child.ts importer|duckdb <rows> parquet|csv.gz');
}
const dataset = await ensureIngestDataset({ rows: Number(rowsArg), format });
const work = mkdtempSync(join(tmpdir(), 'finlens-bench-ingest-'));
try {
  let rows: number;
  let seconds: number;
  if (mode === 'duckdb') {
    ({ rows, seconds } = await duckDbRawLoad(dataset, { databasePath: join(work, 'raw.duckdb') }));
  } else {
    // Loaded by path at run time: the server's sources are type-checked by their own workspace, not this one.
    const command = join(
      dirname(fileURLToPath(import.meta.url)),
      '../../apps/server/src/ingest/import-command.ts',
    );
    const { runImportCommand } = await import(command);
    const started = performance.now();
    const summary = await runImportCommand({
      config: { dataDir: work, databaseUrl: null },
      path: dataset.dir,
      clientName: 'Bench',
      projectName: 'Bench',
      format: 'auto',
    });
    seconds = (performance.now() - started) / 1000;
    rows = Number(summary.rows);
  }
  const maxRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`\nBENCH_RESULT ${JSON.stringify({ rows, seconds, maxRssMiB })}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
