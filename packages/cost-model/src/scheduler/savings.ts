import { runningMinutesPerWeek } from './desired-state';
import { MINUTES_IN_WEEK, type WeekWindow } from './week';

/**
 * Usage types billed by the running hour, which stop when the resource stops: EC2 instance hours (on-demand,
 * spot, dedicated, host; `HeavyUsage` of old RIs), RDS instance hours (single and Multi-AZ), Aurora Serverless
 * capacity. Every other usage of the resource — RDS storage, provisioned IOPS, backups, an instance's data
 * transfer — keeps billing while it is stopped. A line without a usage type (FOCUS files) counts as running
 * hours, the resource's whole cost.
 */
const RUNNING_HOURS =
  /BoxUsage|SpotUsage|DedicatedUsage|HostUsage|HeavyUsage|InstanceUsage|Multi-AZUsage|ServerlessUsage|ServerlessV2Usage/i;

/** Line item types of usage a reservation or savings plan covered (their cost is the commitment's effective cost). */
const COVERED = new Set(['DiscountedUsage', 'SavingsPlanCoveredUsage']);

/** One resource's cost over the window, per usage type and line item type (the bill's grouping). */
export interface ResourceUsageCost {
  usageType: string | null;
  lineItemType: string | null;
  cost: number;
}

/** A resource's bill split the way stopping it matters: running hours, the part of them committed, the rest. */
export interface StoppableCost {
  /** Running hours (stop when it stops), commitment-covered ones included. */
  running: number;
  /** The running hours a reservation or savings plan covered: stopping strands the commitment, saving nothing. */
  committed: number;
  /** Storage, IOPS, backups, transfer: bill on while stopped. */
  keepsBilling: number;
}

export function stoppableCost(rows: readonly ResourceUsageCost[]): StoppableCost {
  const out: StoppableCost = { running: 0, committed: 0, keepsBilling: 0 };
  for (const row of rows) {
    if (row.usageType !== null && !RUNNING_HOURS.test(row.usageType)) {
      out.keepsBilling += row.cost;
      continue;
    }
    out.running += row.cost;
    if (row.lineItemType !== null && COVERED.has(row.lineItemType)) out.committed += row.cost;
  }
  return out;
}

/**
 * The pre-flight saving of a schedule for one resource, from its bill: the hourly effective cost of its running
 * hours over the last `days` × the hours the schedule would have stopped it in them. Hours a reservation or
 * savings plan covered save nothing — the commitment is paid whether used or not — so they are left out of the
 * saving and reported as stranded. Storage (its own, and an instance's EBS volumes, which bill under their own
 * ids) keeps billing; it is reported beside the saving, not subtracted from it.
 */
export function preflightSaving({
  windows,
  cost,
  committed = 0,
  keepsBilling,
  days,
}: {
  windows: readonly WeekWindow[];
  /** The resource's running-hours cost over the window. */
  cost: number;
  /** The part of `cost` a reservation or savings plan covered. */
  committed?: number;
  /** What keeps billing while it is stopped, over the window. */
  keepsBilling: number;
  days: number;
}): { hourlyCost: number; stoppedHours: number; saving: number; stranded: number; keepsBilling: number } {
  const hours = days * 24;
  const stoppedShare = 1 - runningMinutesPerWeek(windows) / MINUTES_IN_WEEK;
  const hourlyCost = hours > 0 ? cost / hours : 0;
  const stoppedHours = hours * stoppedShare;
  const covered = Math.min(Math.max(committed, 0), cost);
  const hourlyCommitted = hours > 0 ? covered / hours : 0;
  return {
    hourlyCost,
    stoppedHours,
    saving: (hourlyCost - hourlyCommitted) * stoppedHours,
    stranded: hourlyCommitted * stoppedHours,
    keepsBilling,
  };
}
