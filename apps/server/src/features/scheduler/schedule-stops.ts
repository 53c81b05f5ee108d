import { stoppedShareByHour } from '@finlens/cost-model/scheduler/desired-state';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import { ESTIMATE_DAYS, estimateFromBill, readEstimateBill, resourceRows } from './schedule-estimate';
import { type InventoryEntry, scheduledResources } from './scheduled-resources';
import type { SchedulerRepo } from './scheduler.repo';
import type { ScheduleRow } from './scheduler.tables';

/** The bill's product code of a schedulable kind whose running hours a reservation can cover (groups: their instances). */
const SERVICE_OF_KIND: Record<string, string> = {
  'ec2-instance': 'AmazonEC2',
  'autoscaling-group': 'AmazonEC2',
  'eks-nodegroup': 'AmazonEC2',
  'rds-instance': 'AmazonRDS',
};

/** An enabled schedule as the commitments' what-if reads it. */
export interface ScheduleStops {
  id: string;
  name: string;
  stoppedHoursPerWeek: number;
  /** Per hour of the asked window, the share its weekly rule keeps its resources stopped (0–1). */
  stoppedShare: number[];
  /** Its resources that ran on demand: their pre-flight estimate's hourly running cost not covered by a commitment. */
  resources: {
    kind: string;
    region: string;
    resourceId: string;
    /** AmazonEC2 (instances, groups' instances) / AmazonRDS; null for kinds the bill charges elsewhere. */
    service: string | null;
    /** From its running hours' usage type (`BoxUsage:m5.large` → m5.large); null without one. */
    instanceType: string | null;
    hourlyOnDemand: number;
  }[];
}

/** The usage type's instance type of the resource's costliest running line (`…Usage:db.r6g.large`). */
function instanceTypeOf(rows: readonly { usageType: string | null; cost: number }[]): string | null {
  const running = rows
    .filter((row) => row.usageType !== null && /Usage:/.test(row.usageType))
    .sort((a, b) => b.cost - a.cost)[0];
  return running === undefined ? null : (/:(.+)$/.exec(running.usageType ?? '')?.[1] ?? null);
}

/** What the what-if reads of a scope's schedules: a version naming everything it depends on besides the bill. */
export interface ScheduleStopsRead {
  /**
   * The enabled schedules' settings (days, times, zone, resources, tag, account) and the inventory's collection
   * version: equal versions over the same bill give the same stops, so callers may keep them under it.
   */
  version: string;
  /** The enabled schedules with the hours each would stop in a window (reads the inventory and 30 billed days). */
  over(window: { start: Date; end: Date }): Promise<ScheduleStops[]>;
}

/** The settings of a schedule its stops depend on (a rename shows in the answer's summary too). */
const settingsOf = (row: ScheduleRow) => [
  row.id,
  row.name,
  row.project_id,
  row.account_number,
  row.time_zone,
  row.windows,
  row.resources,
  row.tag_key,
  row.tag_value,
];

/**
 * The enabled schedules of a scope with the hours each would stop in a window and what its resources cost an
 * hour on demand — the pre-flight estimate's figures (its 30 billed days), so the commitments' what-if and the
 * schedule's saving agree.
 */
export function createScheduleStops({
  repo,
  inventory,
  bill,
}: {
  repo: Pick<SchedulerRepo, 'schedules'>;
  inventory: {
    resources(projectIds: readonly string[]): Promise<InventoryEntry[]>;
    version(projectIds: readonly string[]): Promise<string>;
  };
  bill: Pick<ResourceCostPort, 'newestUsageDay' | 'resourceUsageCosts'>;
}) {
  return async (scope: { clientId: string; projectIds: string[] }): Promise<ScheduleStopsRead> => {
    const rows = (await repo.schedules(scope.projectIds)).filter((row) => row.enabled);
    if (rows.length === 0) return { version: '[]', over: async () => [] };
    const collected = await inventory.version(scope.projectIds);
    return {
      version: JSON.stringify([collected, rows.map(settingsOf)]),
      over: (window) => stopsOver(scope, rows, window),
    };
  };

  async function stopsOver(
    scope: { clientId: string; projectIds: string[] },
    rows: readonly ScheduleRow[],
    window: { start: Date; end: Date },
  ): Promise<ScheduleStops[]> {
    const [resources, read] = await Promise.all([
      inventory.resources(scope.projectIds),
      readEstimateBill(bill, scope),
    ]);
    const hours = ESTIMATE_DAYS * 24;
    return rows.map((row) => {
      const scheduled = scheduledResources(
        row,
        resources.filter((r) => r.project_id === row.project_id),
      );
      const estimate = estimateFromBill(read, row.windows, scheduled);
      return {
        id: row.id,
        name: row.name,
        stoppedHoursPerWeek: estimate.stopped_hours_per_week,
        stoppedShare: stoppedShareByHour(
          { zone: row.time_zone, windows: row.windows },
          window.start.getTime(),
          window.end.getTime(),
        ),
        resources: scheduled.flatMap((r, i) => {
          const e = estimate.resources[i];
          const onDemand = e === undefined ? 0 : (e.running_cost_30d - e.committed_cost_30d) / hours;
          if (!(onDemand > 0)) return [];
          return [
            {
              kind: r.kind,
              region: r.region,
              resourceId: r.resource_id,
              service: SERVICE_OF_KIND[r.kind] ?? null,
              instanceType: instanceTypeOf(resourceRows(read, r)),
              hourlyOnDemand: onDemand,
            },
          ];
        }),
      };
    });
  }
}
