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
  };
}
