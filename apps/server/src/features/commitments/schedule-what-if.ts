import type { PurchaseAnalysis } from '@finlens/contracts/commitments';
import { HOURS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import type { ResourceRunningLine } from '../../warehouse/cost-query/resource-costs';
import type { ScheduleStops, ScheduleStopsRead } from '../scheduler/scheduler.service';

const HOUR_MS = 3_600_000;

/**
 * The what-ifs of the purchase analyses (docs/commitments.md): each enabled schedule's resources, at their
 * pre-flight estimate's hourly on-demand cost, leave the look-back's curve in the hours the schedule's weekly
 * rule would stop them, and each recommendation not yet applied takes its saving out of the hours its resource
 * runs, so no commitment is sized for hours about to be switched off or usage about to be cut.
 */
export type ScheduleStopsOf = (scope: {
  clientId: string;
  projectIds: string[];
}) => Promise<ScheduleStopsRead>;

/** A recommendation not yet applied (open, accepted, approved or regressed), as the what-if reads it. */
export interface PendingRecommendation {
  id: string;
  /** The rule key (recommendation type), e.g. ec2-rightsizing. */
  type: string;
  region: string;
  resourceKind: string | null;
  resourceId: string;
  /** Its current instance type or class (the reservation curve it belongs to). */
  resourceType: string | null;
  onDemandMonthlySaving: number;
}

export type PendingRecommendationsOf = (scope: {
  clientId: string;
  projectIds: string[];
}) => Promise<PendingRecommendation[]>;

/** What one cut takes out of the curves: per hour of the look-back the share of its resources' amounts removed. */
export type CurveCut = Pick<ScheduleStops, 'id' | 'stoppedShare' | 'resources'>;
type Resource = ScheduleStops['resources'][number];

/**
 * The recommendation types whose saving is usage a commitment covers, with the bill's product code of that usage
 * (Lambda: the savings plan curve only, it has no reservation).
 */
const COMMITTED_SERVICE_OF_TYPE: Record<string, string> = {
  'ec2-idle': 'AmazonEC2',
  'ec2-rightsizing': 'AmazonEC2',
  'ec2-previous-generation': 'AmazonEC2',
  'rds-idle': 'AmazonRDS',
  'rds-rightsizing': 'AmazonRDS',
  'asg-overprovisioned': 'AmazonEC2',
  'asg-spot-adoption': 'AmazonEC2',
  'asg-launch-template-rightsizing': 'AmazonEC2',
  'asg-scheduled-scaling': 'AmazonEC2',
  'lambda-memory': 'AWSLambda',
};

/** The recommendations a commitment purchase should wait for: those whose saving is commitment-eligible usage. */
export function committedRecommendations(pending: readonly PendingRecommendation[]): PendingRecommendation[] {
  return pending.filter(
    (r) => COMMITTED_SERVICE_OF_TYPE[r.type] !== undefined && r.onDemandMonthlySaving > 0,
  );
}

/** What the what-if asks of the bill: the hours the recommendations' own resources ran in the look-back. */
export function runningHoursQuery(pending: readonly PendingRecommendation[]): {
  resourceIds: string[];
  databaseIds: string[];
} {
  const committed = committedRecommendations(pending);
  const isDatabase = (r: PendingRecommendation) => COMMITTED_SERVICE_OF_TYPE[r.type] === 'AmazonRDS';
  const ids = (list: PendingRecommendation[]) => [...new Set(list.map((r) => r.resourceId))].sort();
  return {
    resourceIds: ids(committed.filter((r) => !isDatabase(r))),
    databaseIds: ids(committed.filter(isDatabase)),
  };
}

/**
 * Per resource id (an RDS database by its identifier), 1 in each hour of the window one of its instance-hour
 * lines ran, else 0; resources with no such line are absent.
 */
export function ranByHour(
  lines: readonly ResourceRunningLine[],
  window: { start: Date; end: Date },
): Map<string, number[]> {
  const hours = Math.round((window.end.getTime() - window.start.getTime()) / HOUR_MS);
  const ran = new Map<string, number[]>();
  for (const line of lines) {
    const id = /^arn:aws:rds:[^:]*:[^:]*:db:(.+)$/.exec(line.resourceId)?.[1] ?? line.resourceId;
    const first = Math.max(0, Math.round((line.start.getTime() - window.start.getTime()) / HOUR_MS));
    const endAt =
      line.end !== null && line.end > line.start ? line.end : new Date(line.start.getTime() + HOUR_MS);
    const last = Math.min(hours, Math.round((endAt.getTime() - window.start.getTime()) / HOUR_MS));
    if (first >= last) continue;
    const row = ran.get(id) ?? new Array<number>(hours).fill(0);
    for (let h = first; h < last; h++) row[h] = 1;
    ran.set(id, row);
  }
  return ran;
}

/**
 * The cuts of recommendations not yet applied: each its on-demand saving over the hours its resource ran in the
 * look-back (`ran`, from the bill), at its monthly saving ÷ the recommendations' 730.5-hour month × the share of
 * the look-back's hours it ran — its saving for every hour it ran, nothing in the hours it did not; a resource the
 * bill names no running hours of (an Auto Scaling group, a function) over every hour. An enabled schedule (of
 * `stops`, when applied) leaves it the hours it keeps the resource running, so no hour loses it twice.
 */
export function recommendationCuts(
  pending: readonly PendingRecommendation[],
  stops: readonly ScheduleStops[],
  hours: number,
  ran: ReadonlyMap<string, readonly number[]> = new Map(),
): CurveCut[] {
  return committedRecommendations(pending).map((r) => {
    const schedule = stops.find((s) =>
      s.resources.some((x) => x.resourceId === r.resourceId && x.region === r.region),
    );
    const service = COMMITTED_SERVICE_OF_TYPE[r.type] as string;
    const kept =
      schedule === undefined
        ? new Array<number>(hours).fill(1)
        : schedule.stoppedShare.map((share) => 1 - share);
    const running = ran.get(r.resourceId);
    const ranHours = running === undefined ? 0 : running.reduce((t, x) => t + x, 0);
    return {
      id: r.id,
      stoppedShare:
        running === undefined || ranHours === 0
          ? kept
          : kept.map((share, h) => share * (running[h] ?? 0) * (hours / ranHours)),
      resources: [
        {
          kind: r.resourceKind ?? '',
          region: r.region,
          resourceId: r.resourceId,
          service,
          instanceType: service === 'AWSLambda' ? null : r.resourceType,
          hourlyOnDemand: r.onDemandMonthlySaving / HOURS_PER_MONTH,
        },
      ],
    };
  });
}

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

/** The answer's summary of the recommendations taken into account (or that would be, when `applied` is false). */
export function recommendationSummary(
  pending: readonly PendingRecommendation[],
  applied: boolean,
  removedOnDemand: number,
): PurchaseAnalysis['recommendations'] {
  const committed = committedRecommendations(pending);
  const byType = new Map<string, { count: number; saving: number }>();
  for (const r of committed) {
    const t = byType.get(r.type) ?? { count: 0, saving: 0 };
    t.count += 1;
    t.saving += r.onDemandMonthlySaving;
    byType.set(r.type, t);
  }
  return {
    applied,
    count: committed.length,
    by_type: [...byType]
      .map(([type, t]) => ({ type, count: t.count, on_demand_monthly_saving: t.saving }))
      .sort(
        (a, b) => b.on_demand_monthly_saving - a.on_demand_monthly_saving || a.type.localeCompare(b.type),
      ),
    removed_on_demand: applied ? removedOnDemand : 0,
  };
}

/** Per hour of the look-back, what the cuts' resources would not have cost (amount(r) an hour each). */
export function removedPerHour(
  cuts: readonly CurveCut[],
  hours: number,
  amount: (resource: Resource) => number,
): number[] {
  const removed: number[] = new Array(hours).fill(0);
  for (const cut of cuts) {
    const perHour = cut.resources.reduce((t, r) => t + amount(r), 0);
    if (perHour === 0) continue;
    for (let h = 0; h < hours; h++) removed[h] = (removed[h] ?? 0) + perHour * (cut.stoppedShare[h] ?? 0);
  }
  return removed;
}
