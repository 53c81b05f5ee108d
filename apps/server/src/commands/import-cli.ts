import { BILLING_FORMATS, type BillingFormat } from '@finlens/cost-model/billing-column-names';
import { Command } from 'commander';
import { DEFAULT_LOCK_TIMEOUT_SECONDS, LOCK_TIMEOUT_HELP, lockTimeoutMs, prepare } from './command-options';
import type { CommandOutput } from './command-output';

/**
 * The `finlens import` command. The CLI reads the process's environment and prints to its terminal; a test
 * runs the same command in its own process with an environment and an output of its own.
 */
export function importCommand(io: { env?: NodeJS.ProcessEnv; output?: CommandOutput } = {}): Command {
  return new Command('import')
    .argument('<path>')
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
        const config = await prepare(io.env);
        const { runImportCommand } = await import('./import-command');
        await runImportCommand({
          config,
          path,
          clientName: options.client,
          projectName: options.project,
          format: options.format,
          lockTimeoutMs: timeout,
          ...(io.env === undefined ? {} : { env: io.env }),
          ...(io.output === undefined ? {} : { output: io.output }),
        });
      },
    );
}

/** --format: auto or a billing format (checked before anything is loaded or opened). */
export function parseFormatOption(value: string): BillingFormat | 'auto' {
  if (value === 'auto' || (BILLING_FORMATS as readonly string[]).includes(value)) {
    return value as BillingFormat | 'auto';
  }
  throw new Error(`--format must be one of auto, ${BILLING_FORMATS.join(', ')} (got "${value}")`);
}
