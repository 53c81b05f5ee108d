import { join } from 'node:path';
import { BILLING_FORMATS, type BillingFormat } from '@finlens/cost-model/billing-column-names';
import cliProgress from 'cli-progress';
import { openAppDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import type { AppConfig } from '../platform/config';
import { COST_TYPES } from '../warehouse/canonical-schema';
import type { DuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';
import { openCostStore } from '../warehouse/open-cost-store';
import { createImportService, type ImportSummary } from './import.service';
import { createImportsRepo } from './imports.repo';
import { localSource } from './sources/local-source';
import { parseSourceUri, uriSource } from './sources/uri-source';

/** The embedded warehouse is held by another process (a running server): a message, never a second writer. */
export class WarehouseBusyError extends Error {
  override readonly name = 'WarehouseBusyError';
}

export function parseFormatOption(value: string): BillingFormat | 'auto' {
  if (value === 'auto' || (BILLING_FORMATS as readonly string[]).includes(value)) {
    return value as BillingFormat | 'auto';
  }
  throw new Error(`--format must be one of auto, ${BILLING_FORMATS.join(', ')} (got "${value}")`);
}

/**
 * `finlens import <path | s3://… | azure://…>`: opens the warehouse first, because DuckDB refuses a second writer with a file
 * lock and the embedded app database has no such guard; then migrates, imports, prints the summary.
 */
export async function runImportCommand(args: {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>;
  path: string;
  clientName: string;
  projectName: string;
  format: BillingFormat | 'auto';
}): Promise<ImportSummary> {
  const { warehouse, db } = await openStores(args.config);
  const progress = stderrProgress();
  try {
    await warehouse.init();
    await migrate(db.db);
    const service = createImportService({ repo: createImportsRepo(db.db), warehouse });
    const summary = await service.importFrom({
      // s3:// and azure:// are downloaded to DATA_DIR/tmp first; anything else is a local path.
      source:
        parseSourceUri(args.path) === null
          ? localSource(args.path)
          : uriSource({ uri: args.path, env: process.env, tempRoot: join(args.config.dataDir, 'tmp') }),
      clientName: args.clientName,
      projectName: args.projectName,
      format: args.format,
      onProgress: progress.update,
    });
    progress.stop();
    process.stdout.write(describeSummary(summary, args));
    return summary;
  } finally {
    progress.stop();
    await Promise.allSettled([db.close(), warehouse.close()]);
  }
}

/**
 * The warehouse first, because DuckDB refuses a second writer with a file lock and the embedded app database
 * has no such guard; then the app database (closing the warehouse again when that fails).
 */
export async function openStores(config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>) {
  const warehouse = await openWarehouseOrExplain(config);
  const db = await openAppDatabase(config).catch(async (error: unknown) => {
    await warehouse.close();
    throw error;
  });
  return { warehouse, db };
}

/** The import's progress bar on stderr; without a terminal the bar stays silent, so steps are lines. */
export function stderrProgress() {
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'Importing [{bar}] {value}/{total} {step}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update: ({ done, total, step }: { done: number; total: number; step: string }) => {
      if (!process.stderr.isTTY) process.stderr.write(`Importing: ${step}\n`);
      if (!started) bar.start(total, 0, { step });
      started = true;
      bar.update(done, { step });
    },
    stop: () => bar.stop(),
  };
}

export async function openWarehouseOrExplain(config: { dataDir: string }): Promise<DuckDbCostStore> {
  try {
    return await openCostStore(config);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/lock/i.test(message)) throw error;
    const holder = /PID (\d+)/.exec(message)?.[1];
    throw new WarehouseBusyError(
      `The warehouse in ${config.dataDir} is in use by another Finlens process${holder ? ` (PID ${holder})` : ''}, ` +
        'probably a running server. Stop the server and run the import again, or upload the files through the running server instead.',
    );
  }
}

function describeSummary(summary: ImportSummary, args: { clientName: string; projectName: string }): string {
  const header = ['period', 'rows', ...COST_TYPES];
  const rows = summary.periods.map((p) => [
    p.billingPeriod.slice(0, 7),
    String(p.rows),
    ...COST_TYPES.map((t) => p.totals[t].toFixed(4)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  return [
    `Imported ${summary.rows} rows from ${summary.files} file${summary.files === 1 ? '' : 's'} (${summary.format}) into client "${args.clientName}", project "${args.projectName}".`,
    `Replaced billing period${summary.periods.length === 1 ? '' : 's'}: ${summary.periods.map((p) => p.billingPeriod.slice(0, 7)).join(', ')}`,
    line(header),
    ...rows.map(line),
    '',
  ].join('\n');
}
