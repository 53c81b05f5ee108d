import type { CostDimension, CostQuery } from '@finlens/contracts/cost-query';
import { FORECAST_HISTORY_DAYS } from '@finlens/cost-model/forecast';
import { type DateRange, presetRange } from '@finlens/cost-model/range-presets';
import { addDays, inclusiveDays, utcDay } from '@finlens/cost-model/utc-calendar';

/** The window the top lists and movers compare: the last 30 days (the Explorer's default preset). */
export const HOME_PRESET = '30D' as const;
/** Groups fetched per period for the movers; a group beyond them counts as new or gone. */
const MOVER_GROUPS = 50;

function costQuery(range: DateRange, dimension: CostDimension | null, topN: number): CostQuery {
  return {
    ...range,
    granularity: 'day',
    dimension,
    cost_type: 'unblended',
    filters: [],
    top_n: topN,
  };
}

/** The 30 days through today, and the 30 days before them. */
function comparedRanges(today: Date): { current: DateRange; previous: DateRange } {
  const current = presetRange(HOME_PRESET, today);
  const days = inclusiveDays(current.start_date, current.end_date);
  return {
    current,
    previous: { start_date: addDays(current.start_date, -days), end_date: addDays(current.start_date, -1) },
  };
}

/** The CostQuery behind each Home card, for the UTC day of `today`. */
export function homeQueries(today: Date) {
  const day = utcDay(today);
  const { current, previous } = comparedRanges(today);
  return {
    /** Daily totals of the forecast history (spec §9: 40 days) through today: the month so far and its forecast. */
    daily: costQuery({ start_date: addDays(day, 1 - FORECAST_HISTORY_DAYS), end_date: day }, null, 1),
    services: costQuery(current, 'product_servicename', MOVER_GROUPS),
    previousServices: costQuery(previous, 'product_servicename', MOVER_GROUPS),
    accounts: costQuery(current, 'line_item_usage_account_id', 5),
  };
}
