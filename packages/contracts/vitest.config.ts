import { defineProject } from 'vitest/config';

// Pure functions without module state or mocks: one module graph per worker (no isolation) saves
// re-importing the package for each of its test files.
export default defineProject({ test: { environment: 'node', isolate: false } });
