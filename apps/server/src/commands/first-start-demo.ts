import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import type { AppConfig } from '../platform/config';
import type { CommandOutput } from './command-output';
import { type DemoOptions, type DemoResult, demoHere } from './demo-command';
import { DEMO_MONTHS, DEMO_SEED, parseDemoOptions } from './demo-options';
import type { OpenStores } from './hand-off';

/** A data folder is fresh while its app database has no client: nobody has signed up or imported yet. */
export async function hasNoClient(db: Kysely<AppTables>): Promise<boolean> {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/** `finlens demo`'s defaults, with DEMO_ROWS line items. */
export function firstStartDemoOptions(config: Pick<AppConfig, 'demoRows'>, now: Date): DemoOptions {
  return parseDemoOptions(
    { rows: String(config.demoRows), months: String(DEMO_MONTHS), seed: String(DEMO_SEED) },
    now,
  );
}

/**
 * Progress and notes go to the log; the summary (sign-in address, user, password) is printed once as plain text
 * on stderr, beside the log (stdout carries only the line scripts parse).
 */
function serverOutput(logger: FastifyBaseLogger): CommandOutput {
  let lastStep = '';
  return {
    progress: ({ done, total, step }) => {
      if (step === lastStep) return;
      lastStep = step;
      logger.info(`Demo organisation: ${step} (${done}/${total})`);
    },
    endProgress: () => {},
    stdout: (text) => process.stderr.write(text),
    stderr: (text) => logger.info(`Demo organisation: ${text.trim()}`),
  };
}

/**
 * The first `finlens start` on a fresh data folder: the demo organisation through `finlens demo`'s own core,
 * on the server's stores (the running server holds the warehouse), while the server already answers. Never
 * rejects: a failure is logged with the command that creates the demo later.
 */
export async function runFirstStartDemo(args: {
  stores: OpenStores;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl' | 'demoPassword'>;
  options: DemoOptions;
  logger: FastifyBaseLogger;
}): Promise<DemoResult | null> {
  const { stores, config, options, logger } = args;
  logger.info(
    `Fresh data folder: creating the demo organisation (${options.rows} line items) in the background; DEMO_ON_FIRST_START=false skips this.`,
  );
  try {
    return await demoHere(
      { ...stores, dataDir: config.dataDir, publicUrl: config.publicUrl },
      { options, demoPassword: config.demoPassword },
      serverOutput(logger),
    );
  } catch (error) {
    logger.error({ err: error }, 'The demo organisation could not be created; `finlens demo` creates it.');
    return null;
  }
}
