import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: '@finlens/web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Screens render after the start-up chain and a lazy chunk; a cold first test can pass five seconds.
    testTimeout: 20_000,
  },
});
