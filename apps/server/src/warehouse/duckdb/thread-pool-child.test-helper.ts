/**
 * thread-pool.test.ts's child process: the pool probe (thread-pool-probe.test-helper.ts) in a process started as the
 * launcher starts the server. Prints `POOL_RESULT {json}`.
 * Usage: node --require bin/thread-pool.cjs --import tsx thread-pool-child.test-helper.ts <folder with one pipe per connection>
 */
import { probeThreadPool } from './thread-pool-probe.test-helper';

console.log(`POOL_RESULT ${JSON.stringify(await probeThreadPool(process.argv[2] ?? ''))}`);
