import { Command } from 'commander';
import { openMigratedStorage } from './app/open-storage';
import { LOCK_TIMEOUT_HELP, lockTimeoutMs, prepare } from './cli-shared';
import { describeCommandError } from './features/local-control/command-output';
import { DEFAULT_LOCK_TIMEOUT_SECONDS } from './features/local-control/hand-off';
import { queryCommand } from './features/query/query-cli';
import { runDemoCommand } from './ingest/demo-command';
import { DEMO_MONTHS, DEMO_ROWS, DEMO_SEED, parseDemoOptions } from './ingest/demo-options';
import { parseFormatOption, runImportCommand } from './ingest/import-command';
import { defaultWebDistDir, repoRoot } from './platform/paths';
import { appVersion } from './platform/version';
import { ensureWebBuild } from './platform/web-build';
import { describeWarehouse } from './warehouse/open-cost-store';

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
      // Loaded here, so the other commands (and a refused configuration) need not load the whole server.
      const { startServer } = await import('./main');
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

  program.addCommand(queryCommand());

  return program;
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
