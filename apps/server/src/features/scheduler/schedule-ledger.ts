import { GROUP_KINDS } from '@finlens/cost-model/group-members';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../../db/tables';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import type { ScheduleDefinition } from '../../platform/jobs/job-schedules';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import { ESTIMATE_DAYS, estimateFromBill, readEstimateBill } from './schedule-estimate';
import {
  createScheduleLedgerRepo,
  type ScheduleLedgerRepo,
  type UnledgeredStop,
} from './schedule-ledger.repo';
import { createSchedulerRepo } from './scheduler.repo';
import type { ScheduleRow } from './scheduler.tables';

/** Stops older than this are not looked for again (the log is read from here on each pass). */
const LOOKBACK_DAYS = 8;

const KIND_NAMES: Record<string, string> = {
  'ec2-instance': 'EC2 instance',
  'rds-instance': 'RDS instance',
  'rds-cluster': 'RDS cluster',
  'autoscaling-group': 'Auto Scaling group',
  'eks-nodegroup': 'EKS node group',
};

type Bill = Pick<ResourceCostPort, 'newestUsageDay' | 'resourceUsageCosts'>;

/**
 * The resource scheduler's realised savings go through the verified-savings ledger: a scheduled resource's
 * first successful stop by its schedule (from the action log, so the reconciler's tick is not slowed) makes an
 * applied entry with that resource's part of the schedule's pre-flight estimate — read from the 30 billed days
 * before the stop, as the editor showed it — and the stop as the change the bill verifies (net amortized cost
 * per day before against after, the ledger's after-import verification).
 */
export function createScheduleLedger({
  repo,
  schedules,
  bill,
  now = () => new Date(),
}: {
  repo: Pick<ScheduleLedgerRepo, 'unledgeredStops' | 'record'>;
  schedules: { schedule(id: string): Promise<ScheduleRow | null> };
  bill: Bill;
  now?: () => Date;
}) {
  /** The schedule's estimate for these resources over the 30 billed days before `day` (or the newest ones). */
  async function estimateBefore(row: ScheduleRow, stops: readonly UnledgeredStop[], day: string) {
    const capped: Bill = {
      newestUsageDay: async (scope) => {
        const newest = await bill.newestUsageDay(scope);
        return newest === null || newest < day ? newest : addDays(day, -1);
      },
      resourceUsageCosts: (query) => bill.resourceUsageCosts(query),
    };
    const read = await readEstimateBill(capped, { clientId: row.client_id, projectIds: [row.project_id] });
    const resources = stops.map((s) => ({ ...s, name: null, state: 'stopped', tags: {} }));
    return estimateFromBill(read, row.windows, resources);
  }

  async function recordSchedule(row: ScheduleRow, stops: readonly UnledgeredStop[]): Promise<void> {
    const first = new Date(Math.min(...stops.map((s) => s.first_stop.getTime())));
    const estimate = await estimateBefore(row, stops, first.toISOString().slice(0, 10));
    const toMonth = (cost30: number) => (cost30 * DAYS_PER_MONTH) / ESTIMATE_DAYS;
    for (const [index, { first_stop, entry_id, ...resource }] of stops.entries()) {
      const part = estimate.resources[index];
      // A group's stop is its scale to zero: the instances it ran end, and their hours with them.
      const [stopped, outside] = GROUP_KINDS.has(resource.kind)
        ? ['scaled to zero', 'Scaled to zero']
        : ['stopped', 'Stopped'];
      await repo.record(
        {
          ...resource,
          title: `${KIND_NAMES[resource.kind] ?? resource.kind} ${resource.resource_id} ${stopped} by the schedule "${row.name}"`,
          action: {
            kind: 'schedule',
            description: `${outside} outside the windows of the schedule "${row.name}" (${Math.round(
              estimate.stopped_hours_per_week,
            )} h a week)`,
            target: { schedule_id: row.id, stopped_hours_per_week: estimate.stopped_hours_per_week },
            reversible: true,
          },
          estimated_monthly_saving: toMonth(part?.estimated_saving_30d ?? 0),
          current_monthly_cost: toMonth(part?.cost_30d ?? 0),
          applied_at: first_stop,
        },
        entry_id,
      );
    }
  }

  return {
    /** Makes the entries of stops not in the ledger yet; returns how many stops it recorded. */
    async recordStops(): Promise<number> {
      const stops = await repo.unledgeredStops(new Date(now().getTime() - LOOKBACK_DAYS * 86_400_000));
      const bySchedule = new Map<string, UnledgeredStop[]>();
      for (const stop of stops)
        bySchedule.set(stop.schedule_id, [...(bySchedule.get(stop.schedule_id) ?? []), stop]);
      for (const [id, group] of bySchedule) {
        const row = await schedules.schedule(id);
        if (row !== null) await recordSchedule(row, group);
      }
      return stops.length;
    },
  };
}

export type ScheduleLedger = ReturnType<typeof createScheduleLedger>;

export const SCHEDULE_LEDGER_KIND = 'scheduler.ledger-entries';

/** Every 15 minutes (and before each after-import verification): new first stops become ledger entries. */
export const SCHEDULE_LEDGER_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: SCHEDULE_LEDGER_KIND, kind: SCHEDULE_LEDGER_KIND, payload: {}, cron: '0 */15 * * * *' },
];

/** The schedules' ledger entries over the app database and the warehouse. */
export function scheduleLedgerFor({
  db,
  bill,
  now,
}: {
  db: Kysely<AppTables>;
  bill: Bill;
  now?: () => Date;
}) {
  return createScheduleLedger({
    repo: createScheduleLedgerRepo({ db }),
    schedules: createSchedulerRepo({ db }),
    bill,
    ...(now === undefined ? {} : { now }),
  });
}

export function scheduleLedgerJobHandlers(ledger: Pick<ScheduleLedger, 'recordStops'>) {
  return [
    defineJobHandler({
      kind: SCHEDULE_LEDGER_KIND,
      payload: z.object({}).passthrough(),
      async run() {
        await ledger.recordStops();
      },
    }),
  ];
}
