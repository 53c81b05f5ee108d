import type { CostDistribution } from '@finlens/contracts/showbacks';
import type { DayAllocation } from '@finlens/cost-model/allocation';
import { FORECAST_HISTORY_DAYS, forecastDays } from '@finlens/cost-model/forecast';
import { addDays, inclusiveDays } from '@finlens/cost-model/utc-calendar';
import type { DayRange } from './showback-context';

/** One value's cost of one cost type per day: direct and shared apart. */
export type ValueDays = Map<string, { direct: number; shared: number }>;

/** The allocation of one cost type, value by value and day by day; Unallocated is its own entry. */
export interface Ledger {
  values: Map<string, ValueDays>;
  unallocated: ValueDays;
}

function add(days: ValueDays, day: string, part: 'direct' | 'shared', cost: number): void {
  const cell = days.get(day) ?? { direct: 0, shared: 0 };
  cell[part] += cost;
  days.set(day, cell);
}

export function ledgerOf(days: readonly DayAllocation[], costType: number): Ledger {
  const values = new Map<string, ValueDays>();
  const unallocated: ValueDays = new Map();
  const of = (value: string) => values.get(value) ?? (values.set(value, new Map()).get(value) as ValueDays);
  for (const day of days) {
    for (const [value, costs] of day.direct) add(of(value), day.day, 'direct', costs[costType] ?? 0);
    for (const [value, costs] of day.shared) add(of(value), day.day, 'shared', costs[costType] ?? 0);
    add(unallocated, day.day, 'direct', day.unallocated[costType] ?? 0);
  }
  return { values, unallocated };
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  return Array.from({ length: inclusiveDays(range.from, range.to) }, (_, i) => addDays(range.from, i));
}

const sumOver = (days: ValueDays, range: DayRange, part?: 'direct' | 'shared') =>
  daysOf(range).reduce((sum, day) => {
    const cell = days.get(day);
    if (cell === undefined) return sum;
    return sum + (part === undefined ? cell.direct + cell.shared : cell[part]);
  }, 0);

/** The range just before `range`, as long as it. */
export function previousRange(range: DayRange): DayRange {
  const n = inclusiveDays(range.from, range.to);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** Spec §3 cost_distribution entry of one value (units: uploaded daily units in the range, or null). */
export function distributionOf(
  value: string,
  days: ValueDays,
  range: DayRange,
  asOf: string | null,
  units: number | null,
): CostDistribution {
  const granular = daysOf(range).map((date) => {
    const cell = days.get(date);
    return { date, cost: cell === undefined ? 0 : cell.direct + cell.shared };
  });
  const total = granular.reduce((sum, d) => sum + d.cost, 0);
  let forecast = total;
  if (asOf !== null && asOf < range.to) {
    // Only days the value has cost on: the forecast treats gaps between them as zero, but days before its first
    // cost would drag a new value's level down to nothing.
    const history = daysOf({ from: addDays(asOf, 1 - FORECAST_HISTORY_DAYS), to: asOf }).flatMap((date) => {
      const cell = days.get(date);
      return cell === undefined ? [] : [{ date, cost: cell.direct + cell.shared }];
    });
    const from = asOf < range.from ? range.from : addDays(asOf, 1);
    forecast += forecastDays(history, from, range.to).reduce((sum, d) => sum + d.cost, 0);
  }
  return {
    value,
    total,
    direct: sumOver(days, range, 'direct'),
    shared: sumOver(days, range, 'shared'),
    granular,
    forecast,
    prev_total: sumOver(days, previousRange(range)),
    units,
    unit_cost: units === null || units === 0 ? null : total / units,
  };
}
