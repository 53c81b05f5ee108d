import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clickHouseString } from './explorer-queries';
import { serverModule } from './explorer-warehouse';
import { ensureIngestDataset } from './ingest-data';

const here = dirname(fileURLToPath(import.meta.url));
const TMP_DIR = join(here, '..', '.tmp');

/** The ClickHouse the bench talks to: CLICKHOUSE_URL's, or a local server it started (and stops). */
type BenchClickHouse = {
  url: string;
  /** The local server's process id (its peak memory is in /proc); null for CLICKHOUSE_URL's server. */
  pid: number | null;
  stop(): Promise<void>;
};

/**
 * CLICKHOUSE_URL when set; otherwise the machine's clickhouse-server started on loopback with `dataFolder`
 * (kept between runs, so a warehouse loaded once is there on the next start).
 */
export async function openBenchClickHouse(dataFolder: string): Promise<BenchClickHouse> {
  const external = process.env.CLICKHOUSE_URL;
  if (external !== undefined && external !== '') return { url: external, pid: null, stop: async () => {} };
  const { startLocalClickHouse } = await import(serverModule('warehouse/clickhouse/local-clickhouse.ts'));
  const servers = (await startLocalClickHouse([dataFolder])) as {
    urls: string[];
    pids: number[];
    stop(): Promise<void>;
  };
  return { url: servers.urls[0] as string, pid: servers.pids[0] ?? null, stop: servers.stop };
}

/**
 * Rows of one query over ClickHouse's HTTP interface, as a hand-written query would be sent: the URL's
 * user, password and database (CLICKHOUSE_URL's form) go into ClickHouse's headers and parameters.
 */
export async function clickHouseRows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const parsed = new URL(url);
  const headers: Record<string, string> = {};
  if (parsed.username !== '') headers['X-ClickHouse-User'] = decodeURIComponent(parsed.username);
  if (parsed.password !== '') headers['X-ClickHouse-Key'] = decodeURIComponent(parsed.password);
  const database = parsed.pathname.replace(/^\/+|\/+$/g, '');
  const endpoint = new URL(`${parsed.protocol}//${parsed.host}/`);
  if (database !== '') endpoint.searchParams.set('database', database);
  const response = await fetch(endpoint, { method: 'POST', headers, body: `${sql}\nFORMAT JSONEachRow` });
  if (!response.ok) {
    throw new Error(`ClickHouse answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
  }
  // Read line by line: every cell of the top-resources query at 50M rows is more text than one string holds.
  const rows: Record<string, unknown>[] = [];
  const decoder = new TextDecoder();
  let rest = '';
  const take = (text: string) => {
    const lines = (rest + text).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line !== '') rows.push(JSON.parse(line) as Record<string, unknown>);
  };
  for await (const chunk of response.body ?? []) take(decoder.decode(chunk, { stream: true }));
  take(`${decoder.decode()}\n`);
  return rows;
}

/** A bench ClickHouse warehouse holding one imported demo export, and what the queries need to know about it. */
type ClickHouseWarehouse = {
  /** The Finlens DATA_DIR of the import (its app database names the client and project). */
  dataDir: string;
  /** The server the rows went to: null for the bench's local server. */
  clickhouseUrl: string | null;
  rows: number;
  importSeconds: number;
  clientId: string;
  projectId: string;
};

/**
 * The ClickHouse warehouse for a demo export of `rows` line items (Parquet, cached by the ingest bench),
 * imported once by Finlens's importer with CLICKHOUSE_URL (the function `finlens import` runs) and reused
 * while bench/.tmp/clickhouse-<rows>/BENCH_WAREHOUSE.json names the same server and its rows are there.
 * The local server keeps its data in that folder. Returns the warehouse and the running server.
 */
export async function ensureClickHouseWarehouse(
  rows: number,
): Promise<{ warehouse: ClickHouseWarehouse; clickHouse: BenchClickHouse }> {
  const folder = join(TMP_DIR, `clickhouse-${rows}`);
  const marker = join(folder, 'BENCH_WAREHOUSE.json');
  const external = process.env.CLICKHOUSE_URL || null;
  const kept = existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as ClickHouseWarehouse) : null;
  const sameServer = kept !== null && kept.clickhouseUrl === external;
  // The local server's data belongs to the marker: without a valid one, start from an empty folder.
  if (!sameServer && external === null) rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const clickHouse = await openBenchClickHouse(join(folder, 'server'));
  try {
    if (kept !== null && sameServer && (await projectRows(clickHouse.url, kept.projectId)) > 0) {
      return { warehouse: kept, clickHouse };
    }
    const dataset = await ensureIngestDataset({ rows, format: 'parquet' });
    const dataDir = join(folder, 'app');
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const { runImportCommand } = await import(serverModule('commands/import-command.ts'));
    const started = performance.now();
    // clickhouseUrl is read by the warehouse opener, as CLICKHOUSE_URL is by `finlens import`.
    const summary = await runImportCommand({
      config: { dataDir, databaseUrl: null, clickhouseUrl: clickHouse.url },
      path: dataset.dir,
      clientName: 'Bench',
      projectName: 'Bench',
      format: 'auto',
    });
    const warehouse: ClickHouseWarehouse = {
      dataDir,
      clickhouseUrl: external,
      rows: Number(summary.rows),
      importSeconds: (performance.now() - started) / 1000,
      clientId: String(summary.clientId),
      projectId: String(summary.projectId),
    };
    writeFileSync(marker, `${JSON.stringify(warehouse, null, 2)}\n`);
    return { warehouse, clickHouse };
  } catch (error) {
    await clickHouse.stop();
    throw error;
  }
}

async function projectRows(url: string, projectId: string): Promise<number> {
  const [row] = await clickHouseRows(
    url,
    `SELECT count() AS n FROM line_items WHERE project_id = ${clickHouseString(projectId)}`,
  ).catch(() => []);
  return Number(row?.n ?? 0);
}
