import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';
import { resolveSecretKey } from './secret-key';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-secret-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const configIn = (dataDir: string, env: NodeJS.ProcessEnv = {}) =>
  parseConfig({ env: { ...env, DATA_DIR: dataDir }, cwd: dir });

describe('resolveSecretKey', () => {
  it('generates a key once, stores it with mode 0600 and reuses it', async () => {
    const dataDir = join(dir, 'data');
    const first = await resolveSecretKey(configIn(dataDir));
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.secretKey);
    expect((await resolveSecretKey(configIn(dataDir))).secretKey).toBe(first.secretKey);
  });

  it('prefers SECRET_KEY and writes nothing', async () => {
    const key = 's'.repeat(40);
    const resolved = await resolveSecretKey(configIn(dir, { SECRET_KEY: key }));
    expect(resolved.secretKey).toBe(key);
    await expect(stat(join(dir, 'secret.key'))).rejects.toThrow();
  });

  it('rejects a stored key that is too short', async () => {
    await writeFile(join(dir, 'secret.key'), 'short\n');
    await expect(resolveSecretKey(configIn(dir))).rejects.toBeInstanceOf(ConfigError);
  });
});
