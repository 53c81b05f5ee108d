import { Command } from 'commander';
import { DEFAULT_LOCK_TIMEOUT_SECONDS, LOCK_TIMEOUT_HELP, lockTimeoutMs, prepare } from './command-options';
import { DEMO_MONTHS, DEMO_ROWS, DEMO_SEED, parseDemoOptions, readDemoScenario } from './demo-options';

/** The `finlens demo` command. */
export function demoCommand(): Command {
  return new Command('demo')
    .description(
      'create the demo client "Finlens Demo" with its admin demo@finlens.local and import generated CUR 2.0 data into its project "Demo organisation"',
    )
    .option('--rows <n>', 'about how many line items to generate', String(DEMO_ROWS))
    .option('--months <n>', 'how many monthly billing periods', String(DEMO_MONTHS))
    .option('--seed <n>', 'generator seed (the same options give the same data)', String(DEMO_SEED))
    .option('--end-month <month>', 'last billing period, YYYY-MM (default: the current UTC month)')
    .option(
      '--scenario <file>',
      "the demo project's simulated cloud from this scenario file (docs/cloud-scenario.md) instead of the one generated with the demo data",
    )
    .option('--lock-timeout <seconds>', LOCK_TIMEOUT_HELP, String(DEFAULT_LOCK_TIMEOUT_SECONDS))
    .action(
      async (raw: {
        rows: string;
        months: string;
        seed: string;
        endMonth?: string;
        scenario?: string;
        lockTimeout: string;
      }) => {
        const options = parseDemoOptions(raw, new Date());
        const timeout = lockTimeoutMs(raw.lockTimeout);
        const scenario = raw.scenario === undefined ? null : await readDemoScenario(raw.scenario);
        const config = await prepare();
        const { runDemoCommand } = await import('./demo-command');
        await runDemoCommand({ config, options, scenario, lockTimeoutMs: timeout });
      },
    );
}
