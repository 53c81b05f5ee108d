import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPglite } from '@finlens/server/db/test-app-database';
import { createTestDatabase, testPostgresUrl } from '@finlens/server/db/test-database-url';
import { type RunningServer, startServer } from '@finlens/server/main';
import { loadConfig } from '@finlens/server/platform/load-config';
import { TEST_OUTBOUND_ALLOW } from '@finlens/server/platform/outbound/test-outbound';

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  /** Every route with its access rule, as the server registered them. */
  routeAccess: RunningServer['routeAccess'];
  appDb: RunningServer['appDb'];
  close(): Promise<void>;
}

export const TEST_INDEX_HTML = '<!doctype html><title>Finlens test build</title><div id="root"></div>';

/**
 * Starts the server the way `finlens start` does (same config loading, storage, app), on a
 * free port with a temp DATA_DIR and a stand-in web build, so tests need no real web build.
 */
export async function startTestServer({ env = {} }: { env?: NodeJS.ProcessEnv } = {}): Promise<TestServer> {
  // In the "(PostgreSQL)" project a server without its own DATABASE_URL gets a fresh database.
  const database =
    env.DATABASE_URL === undefined && testPostgresUrl() !== null
      ? await createTestDatabase({ migrated: true })
      : null;
  const dataDir = await mkdtemp(join(tmpdir(), 'finlens-api-'));
  const webDistDir = join(dataDir, 'web-dist');
  await mkdir(webDistDir, { recursive: true });
  await writeFile(join(webDistDir, 'index.html'), TEST_INDEX_HTML);
  const removeAll = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    if (database === null && env.DATABASE_URL === undefined) await seedPglite(join(dataDir, 'data'));
    const config = await loadConfig({
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        // No 1M-row demo organisation for each test server (the first-start demo has its own test).
        DEMO_ON_FIRST_START: 'false',
        // Receivers, S3 and Azure stand-ins and the OIDC provider of the tests listen on 127.0.0.1.
        OUTBOUND_ALLOW: TEST_OUTBOUND_ALLOW,
        ...(database === null ? {} : { DATABASE_URL: database.url }),
        ...env,
        DATA_DIR: join(dataDir, 'data'),
      },
      cwd: dataDir,
    });
    const server = await startServer({ config, webDistDir, handleSignals: false });
    return {
      baseUrl: server.url,
      dataDir,
      routeAccess: server.routeAccess,
      appDb: server.appDb,
      close: async () => {
        await server.close();
        await removeAll();
      },
    };
  } catch (error) {
    // A server that does not start (a configuration refused) leaves nothing behind either.
    await removeAll();
    throw error;
  }
}
