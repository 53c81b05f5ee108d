import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';

/**
 * Rewrites a bench results file (`{ machine, results }`) with `update` applied to the results already there,
 * and this machine's cores, memory and Node version; returns the results written.
 */
export function updateResultsFile<T>(file: string, update: (earlier: T[]) => T[]): T[] {
  mkdirSync(dirname(file), { recursive: true });
  const earlier = existsSync(file)
    ? ((JSON.parse(readFileSync(file, 'utf8')) as { results?: T[] }).results ?? [])
    : [];
  const results = update(earlier);
  const machine = {
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  writeFileSync(file, `${JSON.stringify({ machine, results }, null, 2)}\n`);
  return results;
}
