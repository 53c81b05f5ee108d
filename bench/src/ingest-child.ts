import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { duckDbRawLoad, ensureIngestDataset } from './ingest-data';

/**
 * One measured load in its own process, so its peak RSS is the load's alone: `importer` runs Finlens's import
 * (the same function `finlens import` calls) into a new DATA_DIR, prepared first by another process as
 * `finlens migrate` or a first `finlens start` would (creating the embedded app database is a one-time step
 * of a data folder, with memory of its own, not part of importing); `duckdb` runs DuckDB's own load of the same
 * files. Prints one line `BENCH_RESULT {rows, seconds, maxRssMiB}` on stdout.
 * `prepare <dir>` is that preparing step.
 */
const here = dirname(fileURLToPath(import.meta.url));
const server = (path: string) => join(here, '../../apps/server/src', path);
const [mode, rowsArg, format] = process.argv.slice(2);
if (mode === 'prepare' && rowsArg !== undefined) {
  // Loaded by path at run time: the server's sources are type-checked by their own workspace, not this one.
  const { openMigratedStorage } = await import(server('app/open-storage.ts'));
  await (
    await openMigratedStorage({ config: { dataDir: rowsArg, databaseUrl: null, clickhouseUrl: null } })
  ).close();
  process.exit(0);
}
if ((mode !== 'importer' && mode !== 'duckdb') || (format !== 'parquet' && format !== 'csv.gz')) {
  throw new Error('usage: ingest-child.ts importer|duckdb <rows> parquet|csv.gz, or prepare <dir>');
}
const dataset = await ensureIngestDataset({ rows: Number(rowsArg), format });
const work = mkdtempSync(join(tmpdir(), 'finlens-bench-ingest-'));
try {
  let rows: number;
  let seconds: number;
  if (mode === 'duckdb') {
    ({ rows, seconds } = await duckDbRawLoad(dataset, { databasePath: join(work, 'raw.duckdb') }));
  } else {
    execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'prepare', work], {
      stdio: 'inherit',
    });
    const { runImportCommand } = await import(server('commands/import-command.ts'));
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
