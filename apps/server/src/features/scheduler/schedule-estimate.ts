import type { ScheduleEstimate } from '@finlens/contracts/scheduler';
import { billedGroups, GROUP_KINDS, GROUP_MEMBER_TAG_KEYS } from '@finlens/cost-model/group-members';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { runningMinutesPerWeek } from '@finlens/cost-model/scheduler/desired-state';
import { preflightSaving, stoppableCost } from '@finlens/cost-model/scheduler/savings';
import type { WeekWindow } from '@finlens/cost-model/scheduler/week';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { ResourceCostPort, ResourceUsageCostRow } from '../../warehouse/cost-query/resource-costs';
import type { InventoryEntry } from './scheduled-resources';

export const ESTIMATE_DAYS = 30;

/** An EBS volume attached to an EC2 instance (the inventory's attachments): it keeps billing while it is stopped. */
export interface AttachedVolume {
  project_id: string;
  account_id: string;
  region: string;
  volume_id: string;
  instance_id: string;
}

type EstimatePort = Pick<ResourceCostPort, 'newestUsageDay' | 'resourceUsageCosts'>;

/** The bill's resource id names the inventory resource by the same id, or by an ARN ending in it (RDS). */
const billKey = (rid: string) => rid.slice(Math.max(rid.lastIndexOf(':'), rid.lastIndexOf('/')) + 1);

/** The last 30 billed days of the scope, per resource id; read once for any number of schedules. */
export interface EstimateBill {
  window: { from: string; to: string } | null;
  /** The window's line items per project and resource id (its last `:` or `/` segment). */
  rows: Map<string, ResourceUsageCostRow[]>;
  /** The line items of the instances each Auto Scaling group or EKS node group ran (their tags name it). */
  groups: Map<string, ResourceUsageCostRow[]>;
  /** EBS volumes by the instance they are attached to (project/account/region/instance). */
  volumes: Map<string, string[]>;
}

const groupKey = (projectId: string, accountId: string | null, kind: string, id: string) =>
  `${projectId}/${accountId}/${kind}/${id}`;

const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

const volumeKey = (v: { project_id: string; account_id: string; region: string }, instance: string) =>
  `${v.project_id}/${v.account_id}/${v.region}/${instance}`;

export async function readEstimateBill(
  bill: EstimatePort,
  scope: { clientId: string; projectIds: string[] },
  attached: readonly AttachedVolume[] = [],
): Promise<EstimateBill> {
  const to = await bill.newestUsageDay(scope);
  const volumes = new Map<string, string[]>();
  for (const v of attached) {
    const key = volumeKey(v, v.instance_id);
    volumes.set(key, [...(volumes.get(key) ?? []), v.volume_id]);
  }
  if (to === null) return { window: null, rows: new Map(), groups: new Map(), volumes };
  const from = addDays(to, 1 - ESTIMATE_DAYS);
  const rows = new Map<string, ResourceUsageCostRow[]>();
  const groups = new Map<string, ResourceUsageCostRow[]>();
  // The effective cost (net amortized: after commitments and discounts), the one the ledger verifies the stop by.
  const query = { ...scope, from, to, costType: 'net_amortized' as const, tagKeys: GROUP_MEMBER_TAG_KEYS };
  for (const row of await bill.resourceUsageCosts(query)) {
    push(rows, `${row.projectId}/${billKey(row.resourceId)}`, row);
    for (const g of billedGroups(row.tags))
      push(groups, groupKey(row.projectId, row.accountId, g.kind, g.id), row);
  }
  return { window: { from, to }, rows, groups, volumes };
}

/**
 * The resource's own line items: the same id, or an ARN ending in it; for an Auto Scaling group or EKS node
 * group, those of every instance it ran in the window (in its region).
 */
export function resourceRows(read: EstimateBill, r: InventoryEntry): ResourceUsageCostRow[] {
  if (!GROUP_KINDS.has(r.kind)) return ownRows(read, r.project_id, r.resource_id);
  return (read.groups.get(groupKey(r.project_id, r.account_id, r.kind, r.resource_id)) ?? []).filter(
    (row) => row.region === null || row.region === r.region,
  );
}

/** Line items under the resource's own id, or an ARN ending in it. */
function ownRows(read: EstimateBill, projectId: string, id: string): ResourceUsageCostRow[] {
  return (read.rows.get(`${projectId}/${billKey(id)}`) ?? []).filter(
    (row) => row.resourceId === id || row.resourceId.endsWith(`:${id}`) || row.resourceId.endsWith(`/${id}`),
  );
}

const sum = (rows: readonly { cost: number }[]) => rows.reduce((total, row) => total + row.cost, 0);

/** The pre-flight estimate of a schedule over its resources, from the bill read above. */
export function estimateFromBill(
  read: EstimateBill,
  windows: readonly WeekWindow[],
  resources: readonly InventoryEntry[],
): ScheduleEstimate {
  const results = resources.map((r) => {
    const own = resourceRows(read, r);
    const split = stoppableCost(own);
    const volumes = r.kind === 'ec2-instance' ? (read.volumes.get(volumeKey(r, r.resource_id)) ?? []) : [];
    const volumeCost = volumes.reduce((total, v) => total + sum(ownRows(read, r.project_id, v)), 0);
    const s = preflightSaving({
      windows,
      cost: split.running,
      committed: split.committed,
      keepsBilling: split.keepsBilling + volumeCost,
      days: ESTIMATE_DAYS,
    });
    return {
      kind: r.kind,
      resource_id: r.resource_id,
      cost_30d: sum(own),
      running_cost_30d: split.running,
      keeps_billing_30d: s.keepsBilling,
      committed_cost_30d: split.committed,
      hourly_cost: s.hourlyCost,
      stopped_hours_30d: s.stoppedHours,
      estimated_saving_30d: s.saving,
      stranded_commitment_30d: s.stranded,
    };
  });
  const total = (pick: (r: (typeof results)[number]) => number) => results.reduce((t, r) => t + pick(r), 0);
  return {
    window: read.window,
    stopped_hours_per_week: 168 - runningMinutesPerWeek(windows) / 60,
    resources: results,
    total_saving_30d: total((r) => r.estimated_saving_30d),
    total_keeps_billing_30d: total((r) => r.keeps_billing_30d),
    total_stranded_commitment_30d: total((r) => r.stranded_commitment_30d),
  };
}

/** The estimate's 30 days as a month (the recommendations' 30.4375-day month); null without a bill. */
export function monthlySaving(estimate: ScheduleEstimate): number | null {
  return estimate.window === null ? null : (estimate.total_saving_30d * DAYS_PER_MONTH) / ESTIMATE_DAYS;
}

export async function estimateSchedule(
  bill: EstimatePort,
  scope: { clientId: string; projectIds: string[] },
  windows: readonly WeekWindow[],
  resources: readonly InventoryEntry[],
  attached: readonly AttachedVolume[] = [],
): Promise<ScheduleEstimate> {
  return estimateFromBill(await readEstimateBill(bill, scope, attached), windows, resources);
}
