import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { demoUsageEnd } from '../app/demo-usage-end';
import { parseScenarioText, ScenarioError } from '../integrations/cloud/simulated/scenario-file';
import type { DemoOptions } from './demo-command';
import { QueryUsageError } from './query-options';

/** `finlens demo`'s defaults, which the first-start demo shares. */
export const DEMO_ROWS = 1_000_000;
export const DEMO_MONTHS = 13;
export const DEMO_SEED = 42;

function wholeNumber(name: string, value: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new QueryUsageError(`${name} must be a whole number of at least ${min} (got "${value}")`);
  }
  return Number(value);
}

/** `finlens demo` options; a bad one exits with 2 like `finlens query`'s. */
export function parseDemoOptions(
  raw: { rows: string; months: string; seed: string; endMonth?: string },
  now: Date,
): DemoOptions {
  const endMonth = raw.endMonth ?? now.toISOString().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(endMonth)) {
    throw new QueryUsageError(`--end-month must be YYYY-MM (got "${endMonth}")`);
  }
  return {
    rows: wholeNumber('--rows', raw.rows, 1),
    months: wholeNumber('--months', raw.months, 1),
    seed: wholeNumber('--seed', raw.seed, 0),
    endMonth,
    usageEnd: demoUsageEnd(now),
  };
}

/**
 * `--scenario FILE`: the user's own simulated cloud, read and checked here so a malformed one stops the command
 * before anything is written, with an error naming the file, the path and the field (exit 2).
 */
export async function readDemoScenario(file: string): Promise<{ file: string; json: unknown }> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new QueryUsageError(`--scenario ${path}: cannot be read (${(error as Error).message})`);
  }
  try {
    parseScenarioText(text);
  } catch (error) {
    if (error instanceof ScenarioError) throw new QueryUsageError(`--scenario ${path}: ${error.message}`);
    throw error;
  }
  return { file: path, json: JSON.parse(text) as unknown };
}
