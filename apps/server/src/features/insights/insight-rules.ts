import type { InsightKind } from '@finlens/contracts/insights';

/** A dimension value's cost this period, in the previous equal period and in the lookback before that. */
export interface ValueCosts {
  key: string;
  label: string;
  current: number;
  previous: number;
  /** Cost in the lookback periods before the previous one. */
  earlier: number;
}

/** The noise thresholds of docs/insights.md. */
export interface Thresholds {
  minChange: number;
  minPercent: number;
  limit: number;
}

export interface Mover {
  kind: Extract<InsightKind, 'increase' | 'decrease'>;
  value: ValueCosts;
  change: number;
  changePercent: number | null;
}

export interface Shift {
  from: ValueCosts;
  to: ValueCosts;
  amount: number;
}

/** change ÷ previous as a percentage rounded to 0.1, null without a previous cost. */
export function changePercent(change: number, previous: number): number | null {
  return previous === 0 ? null : Math.round((change / previous) * 1000) / 10;
}

/** A change large enough to show: at least minChange, and at least minPercent of a non-zero base. */
function significant(change: number, base: number, t: Thresholds): boolean {
  const size = Math.abs(change);
  return size >= t.minChange && (base === 0 || (size / base) * 100 >= t.minPercent);
}

/** The biggest increases, then the biggest decreases, each at most `limit`, largest change first. */
export function movers(values: ValueCosts[], t: Thresholds): Mover[] {
  const changed = values
    .map((value) => ({ value, change: value.current - value.previous }))
    .filter(({ value, change }) => significant(change, value.previous, t));
  const pick = (kind: Mover['kind'], sign: 1 | -1): Mover[] =>
    changed
      .filter(({ change }) => change * sign > 0)
      .sort((x, y) => (y.change - x.change) * sign || x.value.key.localeCompare(y.value.key))
      .slice(0, t.limit)
      .map(({ value, change }) => ({
        kind,
        value,
        change,
        changePercent: changePercent(change, value.previous),
      }));
  return [...pick('increase', 1), ...pick('decrease', -1)];
}

/** Values with cost this period and none in the previous or earlier lookback periods, biggest first. */
export function newValues(values: ValueCosts[], t: Thresholds): ValueCosts[] {
  return values
    .filter((v) => v.previous === 0 && v.earlier === 0 && v.current >= t.minChange && v.current > 0)
    .sort((x, y) => y.current - x.current || x.key.localeCompare(y.key))
    .slice(0, t.limit);
}

/**
 * Spend moving between values: the values that fell, biggest fall first, are paired with those that rose,
 * biggest rise first; each pair moves the smaller of what is left of the fall and of the rise. A pair is
 * kept when the amount passes the thresholds against the source's previous cost.
 */
export function shifts(values: ValueCosts[], t: Thresholds): Shift[] {
  const byChange = (sign: 1 | -1) =>
    values
      .map((value) => ({ value, left: (value.current - value.previous) * sign }))
      .filter(({ left }) => left > 0)
      .sort((x, y) => y.left - x.left || x.value.key.localeCompare(y.value.key));
  const falls = byChange(-1);
  const rises = byChange(1);
  const found: Shift[] = [];
  let i = 0;
  let j = 0;
  while (i < falls.length && j < rises.length && found.length < t.limit) {
    const fall = falls[i] as (typeof falls)[number];
    const rise = rises[j] as (typeof rises)[number];
    const amount = Math.min(fall.left, rise.left);
    if (significant(amount, fall.value.previous, t)) found.push({ from: fall.value, to: rise.value, amount });
    fall.left -= amount;
    rise.left -= amount;
    if (fall.left <= 0) i++;
    if (rise.left <= 0) j++;
  }
  return found;
}
