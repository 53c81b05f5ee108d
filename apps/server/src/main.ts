import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app/build-app';
import { openMigratedStorage } from './app/open-storage';
import { createAppCommitmentsService } from './app/register-commitments';
import { guardedAwsCloud, serverIdentityCloud } from './app/register-savings-ledger';
import { startServerJobs } from './app/server-jobs';
import type { DemoOptions, DemoResult } from './commands/demo-command';
import { firstStartDemoOptions, hasNoClient, runFirstStartDemo } from './commands/first-start-demo';
import type { LocalControl } from './commands/local-control';
import { registerLocalControl } from './commands/register-local-control';
import type { AppDatabase } from './db/client';
import type { App } from './platform/http/app';
import type { LoadedConfig } from './platform/load-config';
import { createLogger } from './platform/logging';
import { threadPoolWarning } from './warehouse/duckdb/duckdb-readers';

export interface RunningServer {
  /** Local address with the real port (PORT=0 resolves to the port the OS picked). */
  url: string;
  port: number;
  /** Every route with its access rule, for the access-matrix test. */
  routeAccess: App['routeAccess'];
  /** The app database, for tests that inspect what a request stored (e.g. the audit log). */
  appDb: AppDatabase['db'];
  /** The demo organisation being created on a fresh data folder (DEMO_ON_FIRST_START); null when none is. */
  firstStartDemo: Promise<DemoResult | null> | null;
  close(): Promise<void>;
}

export interface StartServerOptions {
  config: LoadedConfig;
  webDistDir?: string;
  logger?: FastifyBaseLogger;
  /** Close cleanly on SIGINT/SIGTERM; off in tests, which close the server themselves. */
  handleSignals?: boolean;
  /** Options of the first-start demo; by default `finlens demo`'s with DEMO_ROWS line items. */
  firstStartDemo?: DemoOptions;
}

/**
 * Opens and migrates storage, serves the API, the SPA and the CLI's local-control routes, and prints the one line
 * scripts parse. On a data folder without any client (DEMO_ON_FIRST_START) it then creates the demo
 * organisation in the background.
 */
export async function startServer({
  config,
  webDistDir,
  logger = createLogger({ level: config.logLevel }),
  handleSignals = true,
  firstStartDemo: demoOptions = firstStartDemoOptions(config, new Date()),
}: StartServerOptions): Promise<RunningServer> {
  const storage = await openMigratedStorage({ config });
  const poolWarning = storage.warehouse.kind === 'duckdb' ? threadPoolWarning() : null;
  if (poolWarning !== null) logger.warn(poolWarning);
  // One commitments service for the routes and the jobs: the reads an after-import job keeps serve the pages.
  const commitments = createAppCommitmentsService({
    db: storage.db.db,
    warehouse: storage.warehouse,
    cloud: {
      secretKey: config.secretKey,
      aws: guardedAwsCloud(config.outboundAllow),
      serverIdentity: serverIdentityCloud(config),
    },
  });
  let app: App;
  let demoDue: boolean;
  let localControl: LocalControl;
  try {
    demoDue = config.demoOnFirstStart && (await hasNoClient(storage.db.db));
    app = await buildApp({
      config,
      db: storage.db,
      warehouse: storage.warehouse,
      commitments,
      logger,
      webDistDir,
    });
    localControl = await registerLocalControl(app, {
      db: storage.db.db,
      warehouse: storage.warehouse,
      config,
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const port = (app.server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  await localControl.publish({ host: config.host, port });
  process.stdout.write(`Finlens listening on ${url}\n`);
  const jobs = await startServerJobs({ storage, config, logger, commitments });

  const firstStartDemo = demoDue
    ? runFirstStartDemo({
        stores: { db: storage.db.db, warehouse: storage.warehouse },
        config,
        options: demoOptions,
        logger,
      })
    : null;

  let closing: Promise<void> | null = null;
  const close = () => {
    // The demo and jobs end first so none is left half-done against a closed database.
    closing ??= Promise.resolve(firstStartDemo)
      .then(() => jobs.stop())
      .finally(() => app.close())
      .finally(() => storage.close());
    return closing;
  };
  if (handleSignals) registerSignalHandlers({ close, logger });
  return { url, port, routeAccess: app.routeAccess, appDb: storage.db.db, firstStartDemo, close };
}

function registerSignalHandlers({
  close,
  logger,
}: {
  close: () => Promise<void>;
  logger: FastifyBaseLogger;
}) {
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
