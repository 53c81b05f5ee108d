import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finlens } from './cli-run.test-helper';
import { itWithoutPostgresRerun, seedEmptyPglite } from './db/test-app-database';
import { testPostgresUrl } from './db/test-database-url';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'finlens-cli-'));
  // A new app database without the schema, for `finlens migrate` to apply every migration to.
  await seedEmptyPglite(dataDir);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('finlens CLI', () => {
  // Commander's help and the configuration check come before any database opens.
  itWithoutPostgresRerun('--help lists the commands that exist', async () => {
    const { code, stdout } = await finlens(['--help'], {});
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\s+start \[options\]/m);
    expect(stdout).toMatch(/^\s+migrate\s/m);
    expect(stdout).toMatch(/^\s+demo \[options\]/m);
  });

  it('migrate applies the migrations once and reports them', async () => {
    const first = await finlens(['migrate'], { DATA_DIR: dataDir });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('applied 2026_11_22_0001_instance');
    const second = await finlens(['migrate'], { DATA_DIR: dataDir });
    const appDatabase = testPostgresUrl() === null ? 'PGlite in' : 'PostgreSQL (DATABASE_URL)';
    expect(second.stdout).toContain(`App database (${appDatabase}`);
    expect(second.stdout).toContain('already up to date');
  });

  itWithoutPostgresRerun('stops with exit code 2 and names the variable on a bad value', async () => {
    const { code, stderr } = await finlens(['start', '--no-build'], { DATA_DIR: dataDir, PORT: 'abc' });
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")',
    );
  });
});
