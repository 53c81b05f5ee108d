import { defineProject } from 'vitest/config';

// Browser tests: one server started the way `npm start` starts it, one Chromium, run serially.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
