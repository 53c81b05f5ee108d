import { mkdir } from 'node:fs/promises';
import { Command } from 'commander';
import { describeCommandError } from './features/local-control/command-output';
import { DEFAULT_LOCK_TIMEOUT_SECONDS } from './features/local-control/hand-off';
import { runQueryCommand } from './features/query/query-command';
import { parseQueryOptions, QueryUsageError, type RawQueryOptions } from './features/query/query-options';
import { runDemoCommand } from './ingest/demo-command';
import { DEMO_MONTHS, DEMO_ROWS, DEMO_SEED, parseDemoOptions } from './ingest/demo-options';
import { parseFormatOption, runImportCommand } from './ingest/import-command';
import { startServer } from './main';
import { type LoadedConfig, loadConfig } from './platform/load-config';
import { defaultWebDistDir, repoRoot } from './platform/paths';
import { openMigratedStorage } from './platform/storage';
import { appVersion } from './platform/version';
import { ensureWebBuild } from './platform/web-build';
import { describeWarehouse } from './warehouse/open-cost-store';

const LOCK_TIMEOUT_HELP =
  'seconds to wait for the warehouse while another Finlens process (not a server) is using it; a running server of the data folder takes the work instead';

/** --lock-timeout: whole seconds, 0 or more (a usage error, exit 2, otherwise). */
function lockTimeoutMs(value: string): number {
  if (!/^\d+$/.test(value))
    throw new QueryUsageError(`--lock-timeout must be a whole number of seconds (got "${value}")`);
  return Number(value) * 1000;
}

function buildProgram(): Command {
  const program = new Command('finlens')
    .description(
      'Finlens: self-hostable cloud cost management. Configuration comes from environment variables.',
    )
    .version(appVersion);

  program
    .command('start')
    .description('build the web app if missing or stale, migrate the databases, serve the app and the API')
    .option('--no-build', 'serve the existing web build without checking whether it is stale')
    .action(async (options: { build: boolean }) => {
      const config = await prepare();
      if (options.build) {
        await ensureWebBuild({ repoRoot, distDir: defaultWebDistDir, log: (line) => console.error(line) });
      }
      await startServer({ config });
    });

  program
    .command('migrate')
    .description('apply app database migrations and prepare the cost warehouse, then exit')
    .action(async () => {
      const config = await prepare();
      const storage = await openMigratedStorage({ config });
      await storage.close();
      const appDb =
        config.databaseUrl === null ? `PGlite in ${config.dataDir}/appdb` : 'PostgreSQL (DATABASE_URL)';
      console.log(`App database (${appDb}): ${describe(storage.migrations)}`);
      console.log(`Warehouse (${describeWarehouse(config)}): ${describe(storage.warehouseSteps)}`);
    });

  program
    .command('import <path>')
    .description(
      'import billing files (a local file or folder, s3://bucket/prefix or azure://container/prefix) into a project, replacing the billing periods they hold',
    )
    .option('--client <name>', 'client to import into (created when missing)', 'Default')
    .option('--project <name>', 'project to import into (created when missing)', 'Default')
    .option('--format <format>', 'auto, cur2, cur, focus or azure', parseFormatOption, 'auto')
    .option('--lock-timeout <seconds>', LOCK_TIMEOUT_HELP, String(DEFAULT_LOCK_TIMEOUT_SECONDS))
    .action(
      async (
        path: string,
        options: {
          client: string;
          project: string;
          format: ReturnType<typeof parseFormatOption>;
          lockTimeout: string;
        },
      ) => {
        const timeout = lockTimeoutMs(options.lockTimeout);
        const config = await prepare();
        await runImportCommand({
          config,
          path,
          clientName: options.client,
          projectName: options.project,
          format: options.format,
          lockTimeoutMs: timeout,
        });
      },
    );

  program
    .command('demo')
    .description(
      'create the demo client "Finlens Demo" with its admin demo@finlens.local and import generated CUR 2.0 data into its project "Demo organisation"',
    )
    .option('--rows <n>', 'about how many line items to generate', String(DEMO_ROWS))
    .option('--months <n>', 'how many monthly billing periods', String(DEMO_MONTHS))
    .option('--seed <n>', 'generator seed (the same options give the same data)', String(DEMO_SEED))
    .option('--end-month <month>', 'last billing period, YYYY-MM (default: the current UTC month)')
    .option('--lock-timeout <seconds>', LOCK_TIMEOUT_HELP, String(DEFAULT_LOCK_TIMEOUT_SECONDS))
    .action(
      async (raw: { rows: string; months: string; seed: string; endMonth?: string; lockTimeout: string }) => {
        const options = parseDemoOptions(raw, new Date());
        const timeout = lockTimeoutMs(raw.lockTimeout);
        const config = await prepare();
        await runDemoCommand({ config, options, lockTimeoutMs: timeout });
      },
    );

  program
    .command('query')
    .description(
      "costs of a client's projects per day or month over an inclusive UTC date range of usage dates",
    )
    .requiredOption('--from <date>', 'first usage date, YYYY-MM-DD (UTC)')
    .requiredOption('--to <date>', 'last usage date, YYYY-MM-DD (UTC, inclusive)')
    .option('--client <name>', 'client to read (required when more than one exists)')
    .option('--project <name>', 'one project of the client (default: all of them)')
    .option('--group-by <dimension>', 'a cost dimension field, e.g. product_servicename')
    .option('--granularity <granularity>', 'day or month', 'day')
    .option(
      '--cost-type <type>',
      'unblended, amortized, blended, list, net_unblended, net_amortized or net_list',
      'unblended',
    )
    .option('--format <format>', 'json or table', 'table')
    .option('--lock-timeout <seconds>', LOCK_TIMEOUT_HELP, String(DEFAULT_LOCK_TIMEOUT_SECONDS))
    .action(async ({ lockTimeout, ...raw }: RawQueryOptions & { lockTimeout: string }) => {
      // Checked before anything is opened, so a typo never waits on the databases.
      parseQueryOptions(raw);
      const timeout = lockTimeoutMs(lockTimeout);
      const config = await prepare();
      await runQueryCommand({ config, raw, lockTimeoutMs: timeout });
    });

  return program;
}

async function prepare(): Promise<LoadedConfig> {
  const config = await loadConfig({ env: process.env, cwd: process.cwd() });
  await mkdir(config.dataDir, { recursive: true });
  return config;
}

function describe(applied: string[]): string {
  return applied.length === 0 ? 'already up to date' : `applied ${applied.join(', ')}`;
}

/** Configuration and usage problems exit with 2; everything else with 1 (command-output.ts). */
function exitOnError(error: unknown): void {
  const { text, exitCode } = describeCommandError(error);
  console.error(text);
  process.exit(exitCode);
}

await buildProgram().parseAsync(process.argv).catch(exitOnError);
