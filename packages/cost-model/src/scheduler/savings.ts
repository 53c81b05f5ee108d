import { runningMinutesPerWeek } from './desired-state';
import { MINUTES_IN_WEEK, type WeekWindow } from './week';

/**
 * The pre-flight saving of a schedule for one resource, from its bill: the hourly effective cost over the
 * last `days` (its cost in them ÷ their hours) × the hours the schedule would have stopped it in them.
 * Storage billed under other resource ids (an instance's EBS volumes) keeps billing and saves nothing; it is
 * reported beside the saving, not subtracted from it.
 */
export function preflightSaving({
  windows,
  cost,
  keepsBilling,
  days,
}: {
  windows: readonly WeekWindow[];
  /** The resource's own cost over the window. */
  cost: number;
  /** What its attached storage cost over the window. */
  keepsBilling: number;
  days: number;
}): { hourlyCost: number; stoppedHours: number; saving: number; keepsBilling: number } {
  const hours = days * 24;
  const stoppedShare = 1 - runningMinutesPerWeek(windows) / MINUTES_IN_WEEK;
  const hourlyCost = hours > 0 ? cost / hours : 0;
  const stoppedHours = hours * stoppedShare;
  return { hourlyCost, stoppedHours, saving: hourlyCost * stoppedHours, keepsBilling };
}
