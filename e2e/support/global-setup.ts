import type { TestProject } from 'vitest/node';
import { browserUnavailableReason } from './chromium';
import { createDemo } from './demo-data';
import { type StartedServer, startServer } from './start-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    browserSkipReason: string;
  }
}

let server: StartedServer | null = null;

export async function setup(project: TestProject): Promise<void> {
  const reason = browserUnavailableReason();
  if (reason) {
    // Under CI a missing browser must fail the run, never pass silently.
    if (process.env.CI === 'true') throw new Error(`Browser suite cannot run under CI: ${reason}`);
    console.warn(`[e2e] skipping browser suite: ${reason}`);
    project.provide('browserSkipReason', reason);
    project.provide('baseUrl', '');
    project.provide('dataDir', '');
    return;
  }
  // The scheduler spec moves the simulated clock ahead (a test-only control) and waits for the next tick.
  server = await startServer({ env: { TEST_CLOCK_CONTROL: 'true', SCHEDULER_TICK_SECONDS: '15' } });
  await createDemo(server.dataDir);
  project.provide('browserSkipReason', '');
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
