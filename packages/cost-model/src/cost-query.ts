import { isRealDate } from '@finlens/contracts/fragments';

/**
 * The inputs of `finlens query` beyond the CostQuery contract: its granularities and the date range rule.
 * Group-by names are the contract's COST_DIMENSIONS (catalogue in ./cost-dimensions), so user text never
 * reaches SQL.
 */
export const QUERY_GRANULARITIES = ['day', 'month'] as const;
export type QueryGranularity = (typeof QUERY_GRANULARITIES)[number];

/** A real calendar date written YYYY-MM-DD (UTC; the contract's calendar rule, any year), or null. */
export function parseIsoDate(text: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isRealDate(text) ? new Date(`${text}T00:00:00Z`) : null;
}

export type DateRangeCheck = { ok: true; from: string; to: string } | { ok: false; message: string };

/** Inclusive UTC range: both ends real dates, the start not after the end. */
export function checkDateRange(from: string, to: string): DateRangeCheck {
  for (const [flag, value] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (parseIsoDate(value) === null) {
      return { ok: false, message: `${flag} must be a date written YYYY-MM-DD (got "${value}")` };
    }
  }
  if (from > to) return { ok: false, message: `--from (${from}) is after --to (${to})` };
  return { ok: true, from, to };
}
