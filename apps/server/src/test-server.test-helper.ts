import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seedPglite } from './db/test-app-database';
import { type RunningServer, type StartServerOptions, startServer } from './main';
import { loadConfig } from './platform/load-config';
import { TEST_OUTBOUND_ALLOW } from './platform/outbound/test-outbound';

/**
 * Starts the real server in this process on a free loopback port and `dataDir`, with a stand-in web build under
 * `root` and quiet logs; `env` adds or overrides variables (DEMO_ON_FIRST_START stays on unless it says false).
 */
export async function startServerOn(args: {
  root: string;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  options?: Pick<StartServerOptions, 'firstStartDemo'>;
}): Promise<RunningServer> {
  const webDistDir = join(args.root, 'web-dist');
  await mkdir(webDistDir, { recursive: true });
  await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>test</title>');
  if (args.env?.DATABASE_URL === undefined) await seedPglite(args.dataDir);
  const config = await loadConfig({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      OUTBOUND_ALLOW: TEST_OUTBOUND_ALLOW,
      DATA_DIR: args.dataDir,
      ...args.env,
    },
    cwd: args.root,
  });
  return startServer({ config, webDistDir, handleSignals: false, ...args.options });
}
