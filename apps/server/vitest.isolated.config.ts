import { defineProject } from 'vitest/config';
import { PROCESS_STATE_TESTS, serverTest } from './vitest.config';

// The server tests that change process-wide state (a mock, a stubbed environment, the moved app clock), each file
// with its own module graph; the rest share one per worker.
export default defineProject({
  test: {
    ...serverTest,
    name: 'server (isolated)',
    include: PROCESS_STATE_TESTS,
    isolate: true,
  },
});
