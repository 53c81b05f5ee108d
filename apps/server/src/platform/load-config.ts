import { type AppConfig, assertSupportedConfig, parseConfig } from './config';
import { resolveSecretKey } from './secret-key';

export type LoadedConfig = AppConfig & { secretKey: string };

/** Start-up configuration: validate the environment, refuse unsupported settings, settle the secret key. */
export async function loadConfig({
  env,
  cwd,
}: {
  env: NodeJS.ProcessEnv;
  cwd: string;
}): Promise<LoadedConfig> {
  const config = parseConfig({ env, cwd });
  assertSupportedConfig(config);
  return resolveSecretKey(config);
}
