import type { ScheduleEstimate } from '@finlens/contracts/scheduler';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { runningMinutesPerWeek } from '@finlens/cost-model/scheduler/desired-state';
import { preflightSaving } from '@finlens/cost-model/scheduler/savings';
import type { WeekWindow } from '@finlens/cost-model/scheduler/week';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { ResourceCostPort, ResourceCostRow } from '../../warehouse/cost-query/resource-costs';
import type { InventoryEntry } from './scheduled-resources';

export const ESTIMATE_DAYS = 30;

/** The bill's resource id names the inventory resource: the same id, or an ARN ending in it (RDS). */
const billNames = (rid: string, id: string) => rid === id || rid.endsWith(`:${id}`) || rid.endsWith(`/${id}`);

/** The last 30 billed days of the scope, per resource id; read once for any number of schedules. */
export interface EstimateBill {
  window: { from: string; to: string } | null;
  rows: ResourceCostRow[];
}

export async function readEstimateBill(
  bill: Pick<ResourceCostPort, 'newestUsageDay' | 'resourceCosts'>,
  scope: { clientId: string; projectIds: string[] },
): Promise<EstimateBill> {
  const to = await bill.newestUsageDay(scope);
  if (to === null) return { window: null, rows: [] };
  const from = addDays(to, 1 - ESTIMATE_DAYS);
  const rows = await bill.resourceCosts({
    ...scope,
    from,
    current: from,
    to,
    costType: 'amortized',
    tagKeys: [],
  });
  return { window: { from, to }, rows };
}

/** The pre-flight estimate of a schedule over its resources, from the bill read above. */
export function estimateFromBill(
  read: EstimateBill,
  windows: readonly WeekWindow[],
  resources: readonly InventoryEntry[],
): ScheduleEstimate {
  const results = resources.map((r) => {
    const cost = read.rows
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
    window: read.window,
    stopped_hours_per_week: 168 - runningMinutesPerWeek(windows) / 60,
    resources: results,
    total_saving_30d: results.reduce((sum, r) => sum + r.estimated_saving_30d, 0),
  };
}

/** The estimate's 30 days as a month (the recommendations' 30.4375-day month); null without a bill. */
export function monthlySaving(estimate: ScheduleEstimate): number | null {
  return estimate.window === null ? null : (estimate.total_saving_30d * DAYS_PER_MONTH) / ESTIMATE_DAYS;
}

export async function estimateSchedule(
  bill: Pick<ResourceCostPort, 'newestUsageDay' | 'resourceCosts'>,
  scope: { clientId: string; projectIds: string[] },
  windows: readonly WeekWindow[],
  resources: readonly InventoryEntry[],
): Promise<ScheduleEstimate> {
  return estimateFromBill(await readEstimateBill(bill, scope), windows, resources);
}
