import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The test files that replace a module with `vi.mock`. A mock only reaches modules imported after it is set, and
 * it stays set in the worker, so in a shared module graph it would miss the modules an earlier file loaded and
 * leak into later files: these run in the isolated project (vitest.isolated.config.ts), one module graph each.
 */
export const MOCKING_TESTS = readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(`${root}src/${file}`, 'utf8')))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);

/** What both web projects share: jsdom, Testing Library and MSW through the set-up file. */
export const webTest = {
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // Screens render after the start-up chain and a lazy chunk; a cold first test can pass five seconds.
  testTimeout: 20_000,
};

export default defineProject({
  plugins: [react()],
  test: {
    ...webTest,
    name: '@finlens/web',
    exclude: [...configDefaults.exclude, ...MOCKING_TESTS],
    // One module graph and one jsdom per worker: React, MUI and the screens load once per worker instead of once
    // per file. The set-up file puts back what a file can leave behind (stores, storage, cookies, window width,
    // MSW handlers and listeners).
    isolate: false,
  },
});
