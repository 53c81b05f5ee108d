import { type AppConfig, parseConfig } from './config';
import { resolveSecretKey } from './secret-key';

export type LoadedConfig = AppConfig & { secretKey: string };

/** Start-up configuration: validate the environment, settle the secret key. */
export async function loadConfig({
  env,
  cwd,
}: {
  env: NodeJS.ProcessEnv;
  cwd: string;
}): Promise<LoadedConfig> {
  return resolveSecretKey(parseConfig({ env, cwd }));
}
