import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Imported first by run.ts: a bench process started without UV_THREADPOOL_SIZE (`npm run bench`, `npx tsx run.ts`)
 * runs again with the server launcher's libuv thread pool (apps/server/bin/thread-pool.cjs, required before anything
 * starts the pool) and exits with that run's code. So an in-process warehouse opens as many read connections as a
 * started server (with libuv's default 4 it got 2 of them while the raw DuckDB beside it had 4), and the benches'
 * child processes inherit the size.
 */
const THREAD_POOL = fileURLToPath(new URL('../../apps/server/bin/thread-pool.cjs', import.meta.url));

if (!process.env.UV_THREADPOOL_SIZE) {
  const run = spawnSync(
    process.execPath,
    ['--require', THREAD_POOL, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(run.status ?? 1);
}
