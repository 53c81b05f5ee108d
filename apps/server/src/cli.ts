import { Command } from 'commander';
import { prepare } from './commands/command-options';
import { describeCommandError } from './commands/command-output';
import { demoCommand } from './commands/demo-cli';
import { importCommand } from './commands/import-cli';
import { migrateCommand } from './commands/migrate-cli';
import { queryCommand } from './commands/query-cli';
import { defaultWebDistDir, repoRoot } from './platform/paths';
import { appVersion } from './platform/version';
import { ensureWebBuild } from './platform/web-build';

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

  program.addCommand(migrateCommand());
  program.addCommand(importCommand());
  program.addCommand(demoCommand());
  program.addCommand(queryCommand());

  return program;
}

/** Configuration and usage problems exit with 2; everything else with 1 (command-output.ts). */
function exitOnError(error: unknown): void {
  const { text, exitCode } = describeCommandError(error);
  console.error(text);
  process.exit(exitCode);
}

await buildProgram().parseAsync(process.argv).catch(exitOnError);
