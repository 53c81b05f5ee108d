import type { ScheduleEstimate } from '@finlens/contracts/scheduler';
import { runningMinutesPerWeek } from '@finlens/cost-model/scheduler/desired-state';
import { preflightSaving } from '@finlens/cost-model/scheduler/savings';
import type { WeekWindow } from '@finlens/cost-model/scheduler/week';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import type { InventoryEntry } from './scheduled-resources';

export const ESTIMATE_DAYS = 30;

/** The bill's resource id names the inventory resource: the same id, or an ARN ending in it (RDS). */
const billNames = (rid: string, id: string) => rid === id || rid.endsWith(`:${id}`) || rid.endsWith(`/${id}`);

/** The pre-flight estimate of a schedule over its resources, from the last 30 billed days. */
export async function estimateSchedule(
  bill: Pick<ResourceCostPort, 'newestUsageDay' | 'resourceCosts'>,
  scope: { clientId: string; projectIds: string[] },
  windows: readonly WeekWindow[],
  resources: readonly InventoryEntry[],
): Promise<ScheduleEstimate> {
  const stoppedHoursPerWeek = 168 - runningMinutesPerWeek(windows) / 60;
  const to = await bill.newestUsageDay(scope);
  const from = to === null ? null : addDays(to, 1 - ESTIMATE_DAYS);
  const rows =
    to === null || from === null
      ? []
      : await bill.resourceCosts({ ...scope, from, current: from, to, costType: 'amortized', tagKeys: [] });
  const results = resources.map((r) => {
    const cost = rows
      .filter((row) => row.projectId === r.project_id && billNames(row.resourceId, r.resource_id))
      .reduce((sum, row) => sum + row.currentCost, 0);
    const s = preflightSaving({ windows, cost, keepsBilling: 0, days: ESTIMATE_DAYS });
    return {
      kind: r.kind,
      resource_id: r.resource_id,
      cost_30d: cost,
      hourly_cost: s.hourlyCost,
      stopped_hours_30d: s.stoppedHours,
      estimated_saving_30d: s.saving,
    };
  });
  return {
    window: from === null || to === null ? null : { from, to },
    stopped_hours_per_week: stoppedHoursPerWeek,
    resources: results,
    total_saving_30d: results.reduce((sum, r) => sum + r.estimated_saving_30d, 0),
  };
}
