import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { DemoFormat } from '@finlens/fixtures/demo/part-writer';
import { clickHouseRows, openBenchClickHouse } from './explorer-clickhouse';
import { loadAverage } from './explorer-report';
import { serverModule } from './explorer-warehouse';
import { ensureIngestDataset } from './ingest-data';
import { positiveInteger, type SuiteOptions } from './options';
import { updateResultsFile } from './results-file';

/**
 * Finlens's import into ClickHouse (`npm run bench -- ingest --engine clickhouse`): the same cached demo
 * CUR 2.0 exports as the ingest bench (1M rows; 100k with --quick; `--rows=N`, `--format=parquet|csv.gz`),
 * imported by the function `finlens import` runs with CLICKHOUSE_URL into a fresh DATA_DIR, in a child
 * process of its own for its peak RSS (the importer: DuckDB reading and normalising, the CSV batches, the
 * client). The ClickHouse server is CLICKHOUSE_URL's, or a local clickhouse-server started on loopback for
 * each load in an empty folder — then its own peak RSS (VmHWM) and the data folder's size after the load are
 * recorded too. Results go to bench/results/ingest-clickhouse.json (replacing those of the same format and size).
 */
const here = fileURLToPath(import.meta.url);
const RESULTS_FILE = join(dirname(here), '..', 'results', 'ingest-clickhouse.json');
const WORK_DIR = join(dirname(here), '..', '.tmp', 'ingest-clickhouse');
const FORMATS: DemoFormat[] = ['parquet', 'csv.gz'];
const runFile = promisify(execFile);

type Load = { rows: number; seconds: number; maxRssMiB: number };
type Result = {
  date: string;
  format: DemoFormat;
  rows: number;
  server: string;
  importer: Load & { rowsPerSecond: number };
  /** The local server's peak RSS and data folder after the load; absent with CLICKHOUSE_URL. */
  clickhouse?: { maxRssMiB: number; dataMiB: number };
  /** os.loadavg() before and after, as objects (Biome keeps JSON arrays on one line). */
  loadAverage: { before: ReturnType<typeof loadAverage>; after: ReturnType<typeof loadAverage> };
};

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function benchIngestClickHouse({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const size = positiveInteger('rows', values.rows, quick ? 100_000 : 1_000_000);
  const formats = FORMATS.filter((f) => values.format === undefined || values.format === f);
  if (formats.length === 0) throw new Error(`--format must be one of ${FORMATS.join(', ')}`);
  const figures: Record<string, string | number> = {};
  const results: Result[] = [];
  for (const format of formats) {
    const dataset = await ensureIngestDataset({ rows: size, format });
    mkdirSync(WORK_DIR, { recursive: true });
    const work = mkdtempSync(join(WORK_DIR, 'load-'));
    const clickHouse = await openBenchClickHouse(join(work, 'server'));
    try {
      const [version] = await clickHouseRows(clickHouse.url, 'SELECT version() AS v');
      const loadBefore = loadavg();
      const importer = await measure(size, format, join(work, 'app'), clickHouse.url);
      const server =
        clickHouse.pid === null
          ? undefined
          : {
              maxRssMiB: peakRssOf(clickHouse.pid),
              dataMiB: Math.round(folderBytes(join(work, 'server', 'data')) / 2 ** 20),
            };
      const rowsPerSecond = Math.round(importer.rows / importer.seconds);
      results.push({
        date: new Date().toISOString(),
        format,
        rows: dataset.rows,
        server: `ClickHouse ${String(version?.v)}`,
        importer: { ...importer, rowsPerSecond },
        ...(server === undefined ? {} : { clickhouse: server }),
        loadAverage: {
          before: loadAverage(loadBefore.map(round1)),
          after: loadAverage(loadavg().map(round1)),
        },
      });
      const label = `ClickHouse ${format} ${dataset.rows.toLocaleString('en-US')} rows`;
      figures[`${label}: importer rows/s`] = rowsPerSecond.toLocaleString('en-US');
      figures[`${label}: importer peak RSS MiB`] = importer.maxRssMiB;
      if (server !== undefined) {
        figures[`${label}: clickhouse-server peak RSS MiB`] = server.maxRssMiB;
        figures[`${label}: ClickHouse data MiB`] = server.dataMiB;
      }
    } finally {
      await clickHouse.stop();
      rmSync(work, { recursive: true, force: true });
    }
  }
  // Replaces earlier results of the same format and size only.
  updateResultsFile<Result>(RESULTS_FILE, (earlier) =>
    [
      ...earlier.filter((e) => !results.some((r) => r.format === e.format && r.rows === e.rows)),
      ...results,
    ].sort((a, b) => a.rows - b.rows || a.format.localeCompare(b.format)),
  );
  return figures;
}

/** Runs one import in a child process (this file run as a script) and reads its result line. */
async function measure(rows: number, format: DemoFormat, dataDir: string, url: string): Promise<Load> {
  const args = ['--import', 'tsx', here, 'import', String(rows), format, dataDir, url];
  const { stdout } = await runFile(process.execPath, args, { maxBuffer: 2 ** 26 }).catch(
    (error: Error & { stderr?: string }) => {
      throw new Error(
        `ClickHouse import of ${rows} ${format} rows failed: ${String(error.stderr ?? error.message).slice(-2000)}`,
      );
    },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (line === undefined) throw new Error(`ClickHouse import of ${rows} ${format} rows printed no result`);
  return JSON.parse(line.slice('BENCH_RESULT '.length)) as Load;
}

/** The peak resident set of a process (VmHWM) in MiB; 0 where /proc is not there. */
function peakRssOf(pid: number): number {
  const status = existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kib === undefined ? 0 : Math.round(Number(kib) / 1024);
}

function folderBytes(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + folderBytes(join(path, name)), 0);
}

/**
 * The child side. `prepare <dataDir> <url>`: the app database and the ClickHouse tables, made by another
 * process first as `finlens migrate` would (a one-time step of a data folder, not part of importing).
 * `import <rows> <format> <dataDir> <url>`: the measured import; prints `BENCH_RESULT {rows, seconds, maxRssMiB}`.
 */
async function child([mode, ...args]: string[]): Promise<void> {
  if (mode === 'prepare') {
    const [dataDir, url] = args as [string, string];
    const { openMigratedStorage } = await import(serverModule('app/open-storage.ts'));
    await (await openMigratedStorage({ config: { dataDir, databaseUrl: null, clickhouseUrl: url } })).close();
    return;
  }
  const [rows, format, dataDir, url] = args as [string, DemoFormat, string, string];
  const dataset = await ensureIngestDataset({ rows: Number(rows), format });
  mkdirSync(dataDir, { recursive: true });
  execFileSync(process.execPath, ['--import', 'tsx', here, 'prepare', dataDir, url], { stdio: 'inherit' });
  const { runImportCommand } = await import(serverModule('commands/import-command.ts'));
  const started = performance.now();
  // clickhouseUrl is read by the warehouse opener, as CLICKHOUSE_URL is by `finlens import`.
  const summary = await runImportCommand({
    config: { dataDir, databaseUrl: null, clickhouseUrl: url },
    path: dataset.dir,
    clientName: 'Bench',
    projectName: 'Bench',
    format: 'auto',
  });
  const seconds = (performance.now() - started) / 1000;
  const maxRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(
    `\nBENCH_RESULT ${JSON.stringify({ rows: Number(summary.rows), seconds, maxRssMiB })}\n`,
  );
}

if (process.argv[1] === here) await child(process.argv.slice(2));
