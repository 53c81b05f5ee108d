import type { PurchaseAnalysis } from '@finlens/contracts/commitments';
import type { ScheduleStops } from '../scheduler/scheduler.service';

/**
 * The schedule-aware what-if of the purchase analyses (docs/commitments.md): each enabled schedule's resources,
 * at their pre-flight estimate's hourly on-demand cost, leave the look-back's curve in the hours the schedule's
 * weekly rule would stop them, so no commitment is sized for hours about to be switched off.
 */
export type ScheduleStopsOf = (
  scope: { clientId: string; projectIds: string[] },
  window: { start: Date; end: Date },
) => Promise<ScheduleStops[]>;

type Resource = ScheduleStops['resources'][number];

/** The answer's summary of the schedules taken into account (or that would be, when `applied` is false). */
export function scheduleSummary(
  stops: readonly ScheduleStops[],
  applied: boolean,
  removedOnDemand: number,
): PurchaseAnalysis['schedules'] {
  return {
    applied,
    schedules: stops.map((s) => ({
      id: s.id,
      name: s.name,
      stopped_hours_per_week: s.stoppedHoursPerWeek,
      resources: s.resources.length,
    })),
    stopped_resource_hours_per_week: stops.reduce(
      (t, s) => t + s.stoppedHoursPerWeek * s.resources.length,
      0,
    ),
    removed_on_demand: applied ? removedOnDemand : 0,
  };
}

/** Per hour of the look-back, what the chosen resources would not have cost (amount(r) an hour each). */
export function removedPerHour(
  stops: readonly ScheduleStops[],
  hours: number,
  amount: (resource: Resource) => number,
): number[] {
  const removed: number[] = new Array(hours).fill(0);
  for (const stop of stops) {
    const perHour = stop.resources.reduce((t, r) => t + amount(r), 0);
    if (perHour === 0) continue;
    for (let h = 0; h < hours; h++) removed[h] = (removed[h] ?? 0) + perHour * (stop.stoppedShare[h] ?? 0);
  }
  return removed;
}
