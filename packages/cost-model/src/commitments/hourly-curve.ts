/**
 * The purchase optimiser's input: one figure per hour of a look-back window, the commitment-eligible spend still
 * paid at on-demand rates (usage an existing commitment covers is not bought twice). Hours without rows are 0.
 * Schedule-aware what-if: spend the resource scheduler will switch off, or that a pending recommendation removes,
 * is taken out first, so a commitment is never sized for hours that are about to disappear.
 */
import { hoursBetween, type Interval } from './amortisation';

export const LOOK_BACK_DAYS = [7, 30, 60] as const;
export type LookBackDays = (typeof LOOK_BACK_DAYS)[number];

const HOUR_MS = 3_600_000;

/** The `days` whole hours before `end` (rounded down to the hour): the look-back of a recommendation. */
export function lookBackWindow(end: Date, days: LookBackDays): Interval {
  const last = Math.floor(end.getTime() / HOUR_MS) * HOUR_MS;
  return { start: new Date(last - days * 24 * HOUR_MS), end: new Date(last) };
}

export interface HourSpend {
  /** Any instant in the hour; rows of one hour add up. */
  at: Date;
  /** Eligible usage at on-demand rates, not covered by a commitment. */
  onDemandCost: number;
}

export function hourlyCurve(spend: Iterable<HourSpend>, window: Interval): number[] {
  const curve: number[] = new Array(Math.ceil(hoursBetween(window.start, window.end))).fill(0);
  const origin = window.start.getTime();
  for (const s of spend) {
    const index = Math.floor((s.at.getTime() - origin) / HOUR_MS);
    if (index >= 0 && index < curve.length) curve[index] = (curve[index] ?? 0) + s.onDemandCost;
  }
  return curve;
}

/** The curve after a what-if: `removed[h]` of on-demand spend gone in hour h (never below 0). */
export function withoutRemovedSpend(curve: readonly number[], removed: readonly number[]): number[] {
  return curve.map((x, h) => Math.max(0, x - (removed[h] ?? 0)));
}
