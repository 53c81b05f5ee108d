import { join, resolve } from 'node:path';
import type { BillingFormat } from '@finlens/cost-model/billing-column-names';
import { enqueueAfterImportJobs } from '../app/after-import-jobs';
import { createImportService, type ImportSummary } from '../ingest/import.service';
import { createImportsRepo } from '../ingest/imports.repo';
import { localSource } from '../ingest/sources/local-source';
import { parseSourceUri, uriSource } from '../ingest/sources/uri-source';
import type { AppConfig } from '../platform/config';
import { COST_TYPES } from '../warehouse/canonical-schema';
import type { CommandOutput } from './command-output';
import { type OpenStores, runHereOrInServer } from './hand-off';

/** The environment an s3:// or azure:// import reads its credentials and endpoint from (uri-source). */
export const SOURCE_ENV_KEYS = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL',
  'AZURE_STORAGE_CONNECTION_STRING',
  'AZURE_STORAGE_ACCOUNT_URL',
  'AZURE_STORAGE_SAS_TOKEN',
] as const;

/** One `finlens import`, as the CLI runs it and as it is handed to a running server. */
export interface ImportCommandRequest {
  /** An absolute local path, or an s3:// or azure:// URI. */
  path: string;
  clientName: string;
  projectName: string;
  format: BillingFormat | 'auto';
  /** The SOURCE_ENV_KEYS of the caller's environment (a URI's credentials). */
  env: Partial<Record<(typeof SOURCE_ENV_KEYS)[number], string>>;
}

/**
 * `finlens import <path | s3://… | azure://…>`: in this process when the warehouse is free, else through the
 * running server of the data folder (runHereOrInServer); the same summary either way.
 */
export async function runImportCommand(args: {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>;
  path: string;
  clientName: string;
  projectName: string;
  format: BillingFormat | 'auto';
  lockTimeoutMs?: number;
  /** Where a URI's credentials come from (SOURCE_ENV_KEYS); the process's environment unless given. */
  env?: NodeJS.ProcessEnv;
  /** Where the text goes (default: this process's terminal). */
  output?: CommandOutput;
}): Promise<ImportSummary> {
  const from = args.env ?? process.env;
  const env: ImportCommandRequest['env'] = {};
  for (const key of SOURCE_ENV_KEYS) if (from[key] !== undefined) env[key] = from[key];
  const request: ImportCommandRequest = {
    // Absolute, so that a server started in another directory reads the same file.
    path: parseSourceUri(args.path) === null ? resolve(args.path) : args.path,
    clientName: args.clientName,
    projectName: args.projectName,
    format: args.format,
    env,
  };
  return runHereOrInServer({
    config: args.config,
    command: 'import',
    body: request,
    ...(args.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: args.lockTimeoutMs }),
    ...(args.output === undefined ? {} : { output: args.output }),
    here: (stores, output) => importHere({ ...stores, dataDir: args.config.dataDir }, request, output),
  });
}

/**
 * The import with the stores open: client and project resolved by name once (created when missing), the
 * import service by id, then the summary. s3:// and azure:// are downloaded to DATA_DIR/tmp first.
 */
export async function importHere(
  stores: OpenStores & { dataDir: string },
  request: ImportCommandRequest,
  output: CommandOutput,
): Promise<ImportSummary> {
  const repo = createImportsRepo(stores.db, { onPeriodsReplaced: enqueueAfterImportJobs });
  const target = await repo.ensureProject(request);
  const summary = await createImportService({ repo, warehouse: stores.warehouse }).importFrom({
    source:
      parseSourceUri(request.path) === null
        ? localSource(request.path)
        : uriSource({ uri: request.path, env: request.env, tempRoot: join(stores.dataDir, 'tmp') }),
    ...target,
    format: request.format,
    onProgress: output.progress,
  });
  output.endProgress();
  output.stdout(describeSummary(summary, request));
  return summary;
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
