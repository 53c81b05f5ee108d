import { defineProject } from 'vitest/config';

// Browser tests: one server started the way `npm start` starts it, with the demo organisation created once by
// the global set-up. Each spec opens its own Chromium and its own data (names, users, targets), so specs run side
// by side with each other and with the rest of the run on the root config's two workers (a project with file
// parallelism off would be run in a separate, single-worker group at the end of the run).
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Every failing test prints the end of the suite server's log (support/print-log-on-failure.ts).
    setupFiles: ['support/print-log-on-failure.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
