import { Command } from 'commander';
import { DEFAULT_LOCK_TIMEOUT_SECONDS, LOCK_TIMEOUT_HELP, lockTimeoutMs, prepare } from './command-options';
import type { CommandOutput } from './command-output';
import { parseQueryOptions, type RawQueryOptions } from './query-options';

/**
 * The `finlens query` command. The CLI reads the process's environment and prints to its terminal; a test
 * runs the same command in its own process with an environment and an output of its own.
 */
export function queryCommand(io: { env?: NodeJS.ProcessEnv; output?: CommandOutput } = {}): Command {
  return new Command('query')
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
      const config = await prepare(io.env);
      const { runQueryCommand } = await import('./query-command');
      await runQueryCommand({
        config,
        raw,
        lockTimeoutMs: timeout,
        ...(io.output === undefined ? {} : { output: io.output }),
      });
    });
}
