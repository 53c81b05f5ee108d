import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** What replaces or moves process-wide state that a later file in the same worker would meet. */
const CHANGES_PROCESS = /\bvi\.(do)?[mM]ock\(|\bmockClient\(|\bvi\.stub(Env|Global)\(|\bshiftAppClockTo\(/;

/** Whether a test file, or a test helper it imports, does what CHANGES_PROCESS matches. */
function changesProcess(file: string): boolean {
  const text = readFileSync(file, 'utf8');
  const helpers = [...text.matchAll(/from '(\.[^']*\.test-helper)'/g)].map(([, helper]) =>
    readFileSync(join(dirname(file), `${helper}.ts`), 'utf8'),
  );
  return [text, ...helpers].some((source) => CHANGES_PROCESS.test(source));
}

/**
 * The test files that change what the whole process shares: a module replaced (vi.mock), an SDK client's send
 * replaced on its prototype (aws-sdk-client-mock's mockClient), the environment or a global stubbed, the app clock
 * moved (shiftAppClockTo, no way back). In a shared module graph that could reach the files after them in the
 * worker (the mocked EC2 client of aws-cloud.test once answered aws-outbound.test's calls), so these run in the
 * isolated project (vitest.isolated.config.ts).
 */
export const PROCESS_STATE_TESTS = readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.ts$/.test(file) && changesProcess(`${root}src/${file}`))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);

/** What both server projects share. */
export const serverTest = {
  environment: 'node' as const,
  // Real engines start inside tests (PGlite, DuckDB); the run's ClickHouse servers and its one PostgreSQL (for
  // the files with PostgreSQL cases of their own) start once, in the global setup.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  globalSetup: [
    'src/db/pglite-template-global-setup.ts',
    'src/warehouse/clickhouse/clickhouse-global-setup.ts',
    'src/db/postgres-cluster-global-setup.ts',
  ],
};

export default defineProject({
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...PROCESS_STATE_TESTS],
    // One module graph per worker (as the api project): the server's modules, DuckDB's bindings and the SDKs are
    // imported once per worker instead of once per file. Each file opens its own engines on fresh data folders and
    // databases and closes them.
    isolate: false,
  },
});
