import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's tests; each workspace owns its config.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/cost-model',
      'packages/fixtures',
      'apps/server',
      'apps/web',
      'tests/api',
      'bench',
      'e2e',
    ],
  },
});
