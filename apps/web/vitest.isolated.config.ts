import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { MOCKING_TESTS, webTest } from './vitest.config';

// The web tests that mock a module (vi.mock), each file with its own module graph; the rest share one per worker.
export default defineProject({
  plugins: [react()],
  test: {
    ...webTest,
    name: '@finlens/web (isolated)',
    include: MOCKING_TESTS,
    isolate: true,
  },
});
