import { mkdir } from 'node:fs/promises';
import { type LoadedConfig, loadConfig } from '../platform/load-config';
import { QueryUsageError } from './query-options';

/** How long `finlens import | query | demo` wait for a warehouse held by a process that is not a server. */
export const DEFAULT_LOCK_TIMEOUT_SECONDS = 120;

export const LOCK_TIMEOUT_HELP =
  'seconds to wait for the warehouse while another Finlens process (not a server) is using it; a running server of the data folder takes the work instead';

/** --lock-timeout: whole seconds, 0 or more (a usage error, exit 2, otherwise). */
export function lockTimeoutMs(value: string): number {
  if (!/^\d+$/.test(value))
    throw new QueryUsageError(`--lock-timeout must be a whole number of seconds (got "${value}")`);
  return Number(value) * 1000;
}

/** The configuration of a command, from `env` (the process's environment in the CLI); the data folder exists. */
export async function prepare(env: NodeJS.ProcessEnv = process.env): Promise<LoadedConfig> {
  const config = await loadConfig({ env, cwd: process.cwd() });
  await mkdir(config.dataDir, { recursive: true });
  return config;
}
