import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppConfig, ConfigError } from './config';

const SECRET_FILE = 'secret.key';

/**
 * Returns the config with `secretKey` filled: SECRET_KEY when set, otherwise the key
 * generated on first start and kept in DATA_DIR, so sessions survive restarts.
 */
export async function resolveSecretKey(config: AppConfig): Promise<AppConfig & { secretKey: string }> {
  if (config.secretKey !== null) return { ...config, secretKey: config.secretKey };
  const path = join(config.dataDir, SECRET_FILE);
  const existing = await readSecretFile(path);
  if (existing !== null) return { ...config, secretKey: existing };
  await mkdir(config.dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created the file meanwhile; then use theirs.
  try {
    await writeFile(path, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...config, secretKey: (await readSecretFile(path)) ?? generated };
  }
  await chmod(path, 0o600);
  return { ...config, secretKey: generated };
}

async function readSecretFile(path: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = text.trim();
  if (key.length < 32) {
    throw new ConfigError(`Invalid configuration: ${path} must hold a SECRET_KEY of at least 32 characters`);
  }
  return key;
}
